#!/usr/bin/env node
// The production HTTP server (started by scripts/start.mjs): Next.js's request handler behind a plain
// Node server that tells the app who is on the other end of the socket (see peer.mjs).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import next from "next";
import { createHttpMetrics } from "./metrics.mjs";
import { createPageCache } from "./page-cache.mjs";
import { stampPeer } from "./peer.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
process.env.FORECOURT_PEER_KEY ||= randomBytes(24).toString("base64url");
const key = process.env.FORECOURT_PEER_KEY;

// Memory (ADR 0038): React's server renderer aborts each request's cacheController with an Error as the
// reason ("This render completed successfully…"), and Next aborts interrupted prerenders the same way. V8
// keeps an Error's *structured* stack (its call sites, and through them the frames' closures) until the
// stack is first read — and those frames reach the next request's pending Immediates, so the requests'
// render graphs chain together and are never freed: a 10-minute soak under a 384 MB heap died of heap
// exhaustion. Reading the reason's stack once turns it into a string and lets the frames go
// (react/react#37289 and vercel/next.js#97316 fix it at the source; drop this when both have landed).
const abortController = AbortController.prototype.abort;
AbortController.prototype.abort = function abort(reason) {
  if (reason instanceof Error) void reason.stack;
  return abortController.call(this, reason);
};

// This server drains its requests before the app stops its jobs and closes the database (src/composition/boot.ts).
process.env.FORECOURT_SERVER_DRAINS = "1";
const app = next({ dev: false, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

const metrics = createHttpMetrics(root);
// Anonymous visitors' public pages, shared for a moment (scripts/page-cache.mjs, ADR 0038).
const pageCache = createPageCache({ ttlMs: Number(process.env.PUBLIC_PAGE_CACHE_SECONDS ?? 2) * 1000 });
metrics.pageCache(pageCache.stats);

// Graceful shutdown (a deploy's rolling restart, ADR 0035): on SIGTERM or SIGINT the instance answers
// readiness with 503 so the load balancer takes it out of rotation, stops accepting connections, lets the
// requests in flight finish (each response closes its keep-alive connection), and exits when the last one
// is done — or after SHUTDOWN_DRAIN_MS (default 10 s; live event streams never finish by themselves).
let draining = false;
let active = 0;
const afterSignal = { finished: 0, cutOff: 0 };
const server = http.createServer((req, res) => {
  active++;
  res.on("close", () => {
    active--;
    if (draining) afterSignal[res.writableFinished ? "finished" : "cutOff"]++;
  });
  if (draining) {
    res.setHeader("Connection", "close");
    if (req.url?.startsWith("/api/health/ready")) {
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      res.end(JSON.stringify({ status: "not-ready" }));
      return;
    }
  }
  metrics.observe(req, res);
  stampPeer(req, key);
  void pageCache.serve(req, res, handle);
});
// Same as `next start`: longer than the usual load balancer idle timeout, so proxies never reuse a
// connection the server is closing.
server.keepAliveTimeout = 65_000;
server.listen(port, () => console.log(`  ▲ Forecourt listening on port ${port}`));

const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 10_000);
function shutdown(signal) {
  if (draining) return;
  draining = true;
  console.log(`  ▲ Forecourt: ${signal}, finishing ${active} requests in flight`);
  let exiting = false;
  const exit = async () => {
    if (exiting) return;
    exiting = true;
    console.log(`  ▲ Forecourt: drained, ${afterSignal.finished} finished, ${afterSignal.cutOff} cut off`);
    // Then the app: background jobs stopped, database pool closed.
    await globalThis.__forecourtShutdown?.(signal).catch((err) => console.error(err));
    process.exit(0);
  };
  server.close(() => void exit());
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    void exit();
  }, drainMs).unref();
}
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));
