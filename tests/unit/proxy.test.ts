import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { proxy } from "@/proxy";

const previousAppUrl = process.env.APP_URL;
afterEach(() => {
  if (previousAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = previousAppUrl;
  resetEnvCache();
});

const run = (headers: Record<string, string> = {}) =>
  proxy(new NextRequest("http://127.0.0.1:3000/book?service=x", { headers }));

// Issue 10 #4 and #9: every response carries a nonce-based CSP, HSTS on https, and a request id that a
// caller can't use to put arbitrary text into logs and responses.
describe("the request proxy", () => {
  it("sets a CSP with a fresh nonce per response, no inline scripts, and passes it on to the renderer", async () => {
    const a = await run();
    const b = await run();
    const csp = a.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce && nonce.length >= 22).toBe(true);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    expect(scripts).not.toContain("unsafe-inline");
    expect(scripts).not.toContain("unsafe-eval");
    for (const d of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "default-src 'self'",
    ])
      expect(csp.split("; ")).toContain(d);
    // Next finds the nonce for its own scripts in the request's CSP header.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("sends HSTS only when the public address is https", async () => {
    process.env.APP_URL = "http://localhost:3000";
    resetEnvCache();
    expect((await run()).headers.get("strict-transport-security")).toBeNull();
    process.env.APP_URL = "https://book.example.com";
    resetEnvCache();
    expect((await run()).headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });

  it("keeps a caller's request id only when it is a short safe token", async () => {
    expect((await run({ "x-request-id": "abc-123_X.y" })).headers.get("x-request-id")).toBe("abc-123_X.y");
    for (const bad of ["a b", "<script>", "x".repeat(65), "id\u00e9", "a,b", "%0d%0aSet-Cookie:x"]) {
      const id = (await run({ "x-request-id": bad })).headers.get("x-request-id") ?? "";
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await run()).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// Issue 28 #2 and #6: server-action requests Next would answer with a 500 are refused first, with the
// status that says why; the site works at the host it was addressed by, APP_URL and ALLOWED_ORIGINS.
describe("the server-action guard in the proxy", () => {
  const saved = { APP_URL: process.env.APP_URL, ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS };
  beforeEach(() => {
    process.env.APP_URL = "http://localhost:3000";
    process.env.ALLOWED_ORIGINS = "https://www.example.com";
    resetEnvCache();
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });

  const B = "----WebKitFormBoundaryAbCdEf";
  const action = (
    body: BodyInit | null,
    {
      host = "localhost:3000",
      origin = `http://${host}`,
      type = "text/plain;charset=UTF-8",
      headers = {},
    }: { host?: string; origin?: string | null; type?: string; headers?: Record<string, string> } = {},
  ) =>
    proxy(
      new NextRequest(`http://${host}/book`, {
        method: "POST",
        headers: {
          host,
          "next-action": "7f00000000000000000000000000000000000000aa",
          accept: "text/x-component",
          "content-type": type,
          ...(origin ? { origin } : {}),
          ...headers,
        },
        body,
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as ConstructorParameters<typeof NextRequest>[1]),
    );
  const passes = (res: Response) => res.headers.get("x-middleware-next") === "1";

  it("lets a normal action through at localhost, 127.0.0.1, a LAN address and a second allowed host", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "192.168.1.20:3000"])
      expect(passes(await action('[{"name":"Wash"}]', { host }))).toBe(true);
    expect(passes(await action("[{}]", { host: "10.0.0.5:3000", origin: "https://www.example.com" }))).toBe(
      true,
    );
    const form = `--${B}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--${B}--\r\n`;
    expect(passes(await action(form, { type: `multipart/form-data; boundary=${B}` }))).toBe(true);
  });

  it("refuses another site's Origin with a 403 that says where the site works (text/plain for Next's client)", async () => {
    const res = await action("[{}]", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(await res.text()).toContain("Open the site at http://localhost:3000 and try again");
    // X-Forwarded-Host is the client's own text without TRUSTED_PROXY_HOPS.
    const forged = await action("[{}]", {
      origin: "https://evil.example",
      headers: { "x-forwarded-host": "evil.example" },
    });
    expect(forged.status).toBe(403);
  });

  it("answers a form posted before hydration with a page, and anything else with JSON", async () => {
    const req = (accept: string) =>
      proxy(
        new NextRequest("http://localhost:3000/book", {
          method: "POST",
          headers: {
            host: "localhost:3000",
            origin: "https://evil.example",
            accept,
            "content-type": `multipart/form-data; boundary=${B}`,
          },
          body: `--${B}--`,
        }),
      );
    const page = await req("text/html,application/xhtml+xml");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Open the site at http://localhost:3000");
    const json = await req("*/*");
    expect(await json.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("refuses a content type Next's client never sends (415)", async () => {
    expect((await action("{}", { type: "application/json" })).status).toBe(415);
    expect((await action("x", { type: "" })).status).toBe(415);
  });

  it("refuses a body over 1 MB by its length (413), and a chunked one once it passes 1 MB", async () => {
    const big = "[" + '"x",'.repeat(300_000) + '"x"]';
    expect((await action(big)).status).toBe(413);
    // A declared length over the limit is refused without reading anything.
    expect((await action("[]", { headers: { "content-length": "1048577" } })).status).toBe(413);
    expect(passes(await action("[]", { headers: { "content-length": "2" } }))).toBe(true);
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 20) c.enqueue(chunk);
        else c.close();
      },
    });
    const chunked = await action(stream);
    expect(chunked.status).toBe(413);
  });

  it("refuses a body React's decoder can't read (400): not JSON, 50k-deep nesting, multipart cut short", async () => {
    expect((await action("this is not json")).status).toBe(400);
    expect((await action("[".repeat(50_000) + "]".repeat(50_000))).status).toBe(400);
    const form = `--${B}\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--${B}--\r\n`;
    const type = `multipart/form-data; boundary=${B}`;
    expect((await action(form.slice(0, 70), { type })).status).toBe(400);
    expect((await action(form, { type: "multipart/form-data" })).status).toBe(400);
  });

  it("leaves other requests alone: GETs, and route handlers' own POSTs", async () => {
    expect(passes(await run({ origin: "https://evil.example" }))).toBe(true);
    const api = await proxy(
      new NextRequest("http://localhost:3000/api/book", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(passes(api)).toBe(true); // the route wrapper refuses it (tests/integration/same-origin…)
  });
});
