#!/usr/bin/env node
// The production HTTP server (started by scripts/start.mjs): Next.js's request handler behind a plain
// Node server that tells the app who is on the other end of the socket (see peer.mjs).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import next from "next";
import { createHttpMetrics } from "./metrics.mjs";
import { stampPeer } from "./peer.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? 3000);
process.env.FORECOURT_PEER_KEY ||= randomBytes(24).toString("base64url");
const key = process.env.FORECOURT_PEER_KEY;

const app = next({ dev: false, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

const metrics = createHttpMetrics(root);

const server = http.createServer((req, res) => {
  metrics.observe(req, res);
  stampPeer(req, key);
  void handle(req, res);
});
// Same as `next start`: longer than the usual load balancer idle timeout, so proxies never reuse a
// connection the server is closing.
server.keepAliveTimeout = 65_000;
server.listen(port, () => console.log(`  ▲ Forecourt listening on port ${port}`));
