// A micro-cache for anonymous visitors' public pages (ADR 0038). Every page is rendered per request (the
// CSP nonce makes them dynamic), which costs 15–20 ms of CPU each: 50 visitors at once on the home page
// kept one instance's p95 over a second. Here a page that a visitor *without any cookie* asks for is
// rendered once and served from memory for a few seconds to everyone else asking for the same URL, the way
// an nginx micro-cache or a CDN would — but inside each instance, so the README's production shape needs
// no extra proxy.
//
// What is cached: GET of the home page and the policy pages, 200 HTML, without
// Set-Cookie, for requests with no Cookie and no Authorization header and that aren't React Server
// Component fetches. Anything else goes straight to Next.js. A signed-in person, an admin, a customer's
// account pages, server actions and API routes are never cached — and nor is the booking wizard: its
// first page gives each guest a new run id (the idempotency key of the booking it will create), and every
// later page carries that guest's own run, so no two guests could share one anyway. A page may be listed
// here only if it is the same for every visitor without cookies; tests/faults/page-cache.faults.test.ts
// renders each twice and fails if they differ by more than the nonce.
//
// Each response still gets its own nonce: the cached page's nonce is replaced in the body and in the
// Content-Security-Policy header by a fresh one (16 random bytes, so it can't occur by accident), and its
// own request id. Concurrent misses of one URL wait for a single render. A page is at most
// PUBLIC_PAGE_CACHE_SECONDS old (default 2; 0 switches the cache off), and the copies kept take at most
// maxBytes in all (expired ones are dropped first, then the oldest).
import { randomBytes, randomUUID } from "node:crypto";
import zlib from "node:zlib";

export const CACHEABLE = [/^\/$/, /^\/booking-policies$/, /^\/privacy-policy$/, /^\/terms-of-service$/];

/** Response headers that belong to one response and are never stored. */
const PER_RESPONSE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "x-request-id",
  "set-cookie",
]);

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/** What a rendered page may arrive as from Next: as is, or compressed by its `compression`. */
const KEPT_ENCODINGS = new Set(["", "identity", "gzip", "deflate"]);

/** A page's text from the bytes Next wrote, or null when they can't be read back. */
function plainText(bytes, encoding) {
  try {
    return (encoding === "gzip" || encoding === "deflate" ? zlib.unzipSync(bytes) : bytes).toString("utf8");
  } catch {
    return null;
  }
}

/** Whether this request may be answered from (and fill) the cache: its cache key, or null. */
export function cacheKeyOf(req) {
  if (req.method !== "GET") return null;
  const h = req.headers;
  if (h.cookie || h.authorization || h.rsc || h["next-router-state-tree"] || h["next-action"]) return null;
  if (h["next-router-prefetch"] || h["x-middleware-prefetch"] || h.purpose === "prefetch") return null;
  const url = req.url ?? "/";
  const path = url.split("?")[0] || "/";
  if (!CACHEABLE.some((re) => re.test(path))) return null;
  if (/[?&]_rsc=/.test(url)) return null;
  return url;
}

/**
 * `serve(req, res, render)` answers from the cache or calls `render(req, res)` (Next's handler), storing
 * what it wrote when the response may be shared. Returns whether the cache answered.
 */
export function createPageCache({
  ttlMs,
  maxEntries = 500,
  maxPageBytes = 1_000_000,
  maxBytes = 32_000_000,
  now = () => Date.now(),
}) {
  /** @type {Map<string, {expires: number, status: number, headers: [string, string | string[]][], body: string, nonce: string}>} */
  const entries = new Map();
  /** @type {Map<string, Promise<boolean>>} */
  const rendering = new Map();
  const stats = { hit: 0, miss: 0, bypass: 0 };
  let bytes = 0;

  function drop(key) {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.body.length;
    entries.delete(key);
  }

  /** Room for a page of `size`: expired copies go first (the oldest lead the map), then the oldest. */
  function makeRoom(size) {
    const t = now();
    for (const [key, e] of entries) {
      if (e.expires > t) break;
      drop(key);
    }
    while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes))
      drop(entries.keys().next().value);
  }

  function fresh(key) {
    const e = entries.get(key);
    if (!e) return null;
    if (e.expires <= now()) {
      drop(key);
      return null;
    }
    return e;
  }

  function answer(req, res, e) {
    const nonce = randomBytes(16).toString("base64");
    let body = e.body.replaceAll(e.nonce, nonce);
    const headers = {};
    for (const [k, v] of e.headers) headers[k] = typeof v === "string" ? v.replaceAll(e.nonce, nonce) : v;
    headers["x-request-id"] = randomUUID();
    headers["x-forecourt-cache"] = "hit";
    headers["age"] = String(Math.max(0, Math.floor((now() - (e.expires - ttlMs)) / 1000)));
    let payload = Buffer.from(body, "utf8");
    body = "";
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && payload.length > 1024) {
      payload = zlib.gzipSync(payload, { level: 1 });
      headers["content-encoding"] = "gzip";
      headers["vary"] = "Accept-Encoding";
    }
    headers["content-length"] = String(payload.length);
    res.writeHead(e.status, headers);
    res.end(payload);
  }

  /** Renders through Next while keeping a copy of what was written; stores it if it may be shared. */
  function renderAndStore(key, req, res, render) {
    return new Promise((resolve) => {
      const chunks = [];
      let size = 0;
      let tooBig = false;
      const keep = (chunk, encoding) => {
        if (chunk == null || typeof chunk === "function" || tooBig) return;
        const buf = Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8")
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        size += buf.length;
        if (size > maxPageBytes) tooBig = true;
        else chunks.push(Buffer.from(buf));
      };
      const write = res.write;
      const end = res.end;
      res.write = function (chunk, encoding, cb) {
        keep(chunk, encoding);
        return write.call(this, chunk, encoding, cb);
      };
      res.end = function (chunk, encoding, cb) {
        keep(chunk, encoding);
        return end.call(this, chunk, encoding, cb);
      };
      // Stored on "finish" (the last byte handed to the socket), before the client can have read it all,
      // so the next request finds the copy; "close" alone covers an answer cut off midway.
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        const headers = res.getHeaders();
        const csp = String(headers["content-security-policy"] ?? "");
        const nonce = NONCE.exec(csp)?.[1];
        const shareable =
          res.writableFinished &&
          !tooBig &&
          res.statusCode === 200 &&
          !headers["set-cookie"] &&
          KEPT_ENCODINGS.has(String(headers["content-encoding"] ?? "")) &&
          String(headers["content-type"] ?? "").startsWith("text/html") &&
          nonce;
        const text = shareable ? plainText(Buffer.concat(chunks), headers["content-encoding"]) : null;
        const body = text !== null && text.length <= maxPageBytes ? text : null;
        if (body !== null) {
          drop(key);
          makeRoom(body.length);
          entries.set(key, {
            expires: now() + ttlMs,
            status: 200,
            headers: Object.entries(headers).filter(([k]) => !PER_RESPONSE.has(k.toLowerCase())),
            body,
            nonce,
          });
          bytes += body.length;
        }
        resolve(body !== null);
      };
      res.once("finish", settle);
      res.once("close", settle);
      // The person whose request renders the page gets it as Next sends it — gzipped when they accept it
      // (Next's compression writes through `res.write` above, so the copy is of the compressed bytes); the
      // copy is kept uncompressed, because each answer gets its own nonce before it is compressed. (It used
      // to ask Next for the page uncompressed: every miss then sent the home page's 80 KB as is, which a
      // phone on a slow network waited for — ADR 0047.)
      render(req, res);
    });
  }

  async function serve(req, res, render) {
    const key = ttlMs > 0 ? cacheKeyOf(req) : null;
    if (key === null) {
      stats.bypass++;
      render(req, res);
      return false;
    }
    let e = fresh(key);
    if (!e && rendering.has(key)) {
      // Someone is rendering this URL right now: wait for it rather than render it again.
      await rendering.get(key);
      e = fresh(key);
    }
    if (e) {
      stats.hit++;
      answer(req, res, e);
      return true;
    }
    stats.miss++;
    const done = renderAndStore(key, req, res, render);
    rendering.set(key, done);
    void done.finally(() => rendering.delete(key));
    await done;
    return false;
  }

  return {
    serve,
    stats,
    /** What is kept now: the copies and their size in characters. */
    size: () => ({ entries: entries.size, bytes }),
    clear: () => {
      entries.clear();
      bytes = 0;
    },
  };
}
