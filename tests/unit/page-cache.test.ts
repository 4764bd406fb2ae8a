import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { cacheKeyOf, createPageCache } from "../../scripts/page-cache.mjs";

// The public page micro-cache (ADR 0038) in front of a stand-in for Next.js's handler that renders a page
// with a fresh nonce per request, as the app's proxy does.

type Render = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers) s.close();
  servers = [];
});

function page(nonce: string, body = "Hello") {
  return `<!DOCTYPE html><html><head><script nonce="${nonce}" src="/a.js"></script></head><body>${body}<script nonce="${nonce}">self.x=1</script></body></html>`;
}

let renders = 0;
const nextLike =
  (opts: { status?: number; cookie?: boolean; delayMs?: number; body?: () => string } = {}): Render =>
  (_req, res) => {
    renders++;
    // As the app's proxy makes them: 16 random bytes, base64 (so every page of one body has one length).
    const nonce = randomBytes(16).toString("base64");
    res.statusCode = opts.status ?? 200;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader("x-request-id", `req-${renders}`);
    res.setHeader("cache-control", "private, no-cache, no-store, max-age=0, must-revalidate");
    if (opts.cookie) res.setHeader("set-cookie", "a=b; HttpOnly");
    // Streamed in two writes, as React's renderer does.
    const html = page(nonce, opts.body?.() ?? "Hello");
    res.write(html.slice(0, 40));
    setTimeout(() => res.end(html.slice(40)), opts.delayMs ?? 1);
  };

async function serve(render: Render, ttlMs = 2_000, now?: () => number) {
  const cache = createPageCache({ ttlMs, now });
  const server = http.createServer((req, res) => void cache.serve(req, res, render));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return { cache, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function noncesOf(res: { html: string; csp: string | null }) {
  const inBody = new Set([...res.html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  const inHeader = /'nonce-([^']+)'/.exec(res.csp ?? "")?.[1];
  return { inBody, inHeader };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    cache: res.headers.get("x-forecourt-cache"),
    csp: res.headers.get("content-security-policy"),
    requestId: res.headers.get("x-request-id"),
    setCookie: res.headers.get("set-cookie"),
    html: await res.text(),
  };
}

describe("which requests may share a page", () => {
  const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
    method,
    url,
    headers,
  });
  it("the home page and the policies, for a visitor without cookies", () => {
    expect(cacheKeyOf(req("/"))).toBe("/");
    expect(cacheKeyOf(req("/?postcode=SE5"))).toBe("/?postcode=SE5");
    expect(cacheKeyOf(req("/booking-policies"))).toBe("/booking-policies");
  });
  it("never the booking wizard: its first page hands each guest a new run id", () => {
    expect(cacheKeyOf(req("/book"))).toBeNull();
    expect(cacheKeyOf(req("/book?service=exterior-wash"))).toBeNull();
    expect(cacheKeyOf(req("/book?run=abc&step=time&date=2026-12-01"))).toBeNull();
  });
  it("never for a signed-in person, a POST, a React Server Component fetch, an account page or a notice", () => {
    expect(cacheKeyOf(req("/", { cookie: "better-auth.session_token=x" }))).toBeNull();
    expect(cacheKeyOf(req("/", { authorization: "Bearer x" }))).toBeNull();
    expect(cacheKeyOf(req("/", {}, "POST"))).toBeNull();
    expect(cacheKeyOf(req("/", {}, "HEAD"))).toBeNull();
    expect(cacheKeyOf(req("/", { rsc: "1" }))).toBeNull();
    expect(cacheKeyOf(req("/?_rsc=abc"))).toBeNull();
    expect(cacheKeyOf(req("/", { "next-router-prefetch": "1" }))).toBeNull();
    for (const path of ["/dashboard", "/admin", "/auth/sign-in", "/api/health", "/booking/abc", "/books"])
      expect(cacheKeyOf(req(path)), path).toBeNull();
  });
});

describe("the page cache", () => {
  it("renders once, then answers with the same page under a fresh nonce and request id each time", async () => {
    renders = 0;
    const { url, cache } = await serve(nextLike());
    const first = await get(url);
    const second = await get(url);
    const third = await get(url);
    expect(renders).toBe(1);
    expect([first.cache, second.cache, third.cache]).toEqual([null, "hit", "hit"]);
    for (const r of [first, second, third]) {
      const { inBody, inHeader } = noncesOf(r);
      expect(inBody.size).toBe(1);
      expect([...inBody][0]).toBe(inHeader);
    }
    const nonces = [first, second, third].map((r) => noncesOf(r).inHeader);
    expect(new Set(nonces).size).toBe(3);
    expect(new Set([first, second, third].map((r) => r.requestId)).size).toBe(3);
    expect(second.html.replaceAll(nonces[1] as string, "N")).toBe(
      first.html.replaceAll(nonces[0] as string, "N"),
    );
    expect(cache.stats).toMatchObject({ hit: 2, miss: 1 });
  });

  it("renders again once the page is older than its time to live", async () => {
    renders = 0;
    let t = 1_000_000;
    const { url } = await serve(nextLike(), 2_000, () => t);
    await get(url);
    t += 1_999;
    expect((await get(url)).cache).toBe("hit");
    t += 2;
    expect((await get(url)).cache).toBeNull();
    expect(renders).toBe(2);
  });

  it("one render for many visitors asking at once", async () => {
    renders = 0;
    const { url } = await serve(nextLike({ delayMs: 100 }));
    const all = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    expect(renders).toBe(1);
    expect(all.filter((r) => r.cache === "hit")).toHaveLength(19);
    expect(all.every((r) => r.status === 200 && r.html.includes("Hello"))).toBe(true);
  });

  it("passes a visitor with a cookie straight through, and never keeps a page that sets one or isn't a 200", async () => {
    renders = 0;
    const plain = await serve(nextLike());
    await get(plain.url, { cookie: "a=b" });
    await get(plain.url, { cookie: "a=b" });
    expect(renders).toBe(2);

    renders = 0;
    const setsCookie = await serve(nextLike({ cookie: true }));
    const a = await get(setsCookie.url);
    const b = await get(setsCookie.url);
    expect(renders).toBe(2);
    expect([a.setCookie, b.setCookie]).toEqual(["a=b; HttpOnly", "a=b; HttpOnly"]);

    renders = 0;
    const notFound = await serve(nextLike({ status: 404 }));
    await get(notFound.url);
    await get(notFound.url);
    expect(renders).toBe(2);
  });

  it("keeps each URL apart", async () => {
    renders = 0;
    const { url } = await serve(nextLike({ body: () => `render ${renders}` }));
    const a = await get(`${url}/?postcode=SE5`);
    const b = await get(`${url}/?postcode=N1`);
    expect(a.html).toContain("render 1");
    expect(b.html).toContain("render 2");
    expect((await get(`${url}/?postcode=SE5`)).html).toContain("render 1");
  });

  it("keeps at most its byte budget, dropping expired copies first, then the oldest", async () => {
    renders = 0;
    let t = 0;
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1_000, now: () => t });
    const server = http.createServer(
      (req, res) => void cache.serve(req, res, nextLike({ body: () => "y".repeat(300) })),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await get(`${url}/?a`);
    expect(cache.size().entries).toBe(1);
    const one = cache.size().bytes;
    expect(one).toBeGreaterThan(300);
    await get(`${url}/?b`);
    expect(cache.size()).toEqual({ entries: 2, bytes: 2 * one });
    // A third copy would pass 1,000 characters: the oldest (/?a) goes.
    await get(`${url}/?c`);
    expect(cache.size().entries).toBe(2);
    expect((await get(`${url}/?b`)).cache).toBe("hit");
    expect((await get(`${url}/?a`)).cache).toBeNull();
    // Later, everything kept has expired: the next copy clears them all first.
    t += 5_000;
    await get(`${url}/?d`);
    expect(cache.size()).toEqual({ entries: 1, bytes: one });
  });

  it("compresses an answer for a client that accepts gzip, the nonce replaced first", async () => {
    renders = 0;
    const big = "x".repeat(5_000);
    const { url } = await serve(nextLike({ body: () => big }));
    await get(url);
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(url, { headers: { "accept-encoding": "gzip" } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    expect(res.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(Buffer.concat(chunks)).toString("utf8");
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toContain(big);
  });

  it("sends a miss compressed as Next compressed it, and keeps a copy the next visitor can read", async () => {
    renders = 0;
    const big = "y".repeat(5_000);
    // As Next's compression does: gzip when the request accepts it, written through res.write/res.end.
    const compressing: Render = (req, res) => {
      renders++;
      const nonce = randomBytes(16).toString("base64");
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      const html = Buffer.from(page(nonce, big));
      const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
      if (gzip) res.setHeader("content-encoding", "gzip");
      const out = gzip ? gzipSync(html) : html;
      res.write(out.subarray(0, 20));
      res.end(out.subarray(20));
    };
    const { url } = await serve(compressing);
    const first = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(url, { headers: { "accept-encoding": "gzip" } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const c of first) chunks.push(c as Buffer);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(Buffer.concat(chunks).length).toBeLessThan(1_000);
    expect(gunzipSync(Buffer.concat(chunks)).toString("utf8")).toContain(big);
    const second = await get(url);
    expect(second.cache).toBe("hit");
    expect(renders).toBe(1);
    expect(second.html).toContain(big);
    const { inBody, inHeader } = noncesOf(second);
    expect([...inBody]).toEqual([inHeader]);
  });

  it("is off with a time to live of 0", async () => {
    renders = 0;
    const { url } = await serve(nextLike(), 0);
    await get(url);
    await get(url);
    expect(renders).toBe(2);
  });
});
