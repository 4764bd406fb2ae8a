import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
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
