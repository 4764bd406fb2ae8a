#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve on port 3000 (PORT). The
// server itself migrates the database, seeds the demo business on first start and prints the logins.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, ".next", "forecourt-build-stamp");

function sourceStamp() {
  const hash = createHash("sha256");
  const walk = (dir) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(`${path.relative(root, p)}:${fs.statSync(p).size}:${fs.statSync(p).mtimeMs}\n`);
    }
  };
  for (const dir of ["src", "drizzle", "public"])
    if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const f of ["package-lock.json", "next.config.ts", "postcss.config.mjs", "tsconfig.json"]) {
    if (fs.existsSync(path.join(root, f))) hash.update(`${f}:${fs.readFileSync(path.join(root, f))}`);
  }
  return hash.digest("hex");
}

const stamp = sourceStamp();
const built =
  fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, "utf8") === stamp;
if (!built) {
  console.log("Building Forecourt (first start, or the sources changed)…");
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
  console.log(`Build finished in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// scripts/server.mjs rather than `next start`: it gives the app each request's socket address, which
// `next start` can't (rate limits per client address depend on it).
const child = spawn(process.execPath, [path.join(root, "scripts/server.mjs")], {
  cwd: root,
  stdio: "inherit",
  // Forecourt's own shutdown (src/composition/boot.ts) stops the background jobs and closes the embedded
  // database before exiting; Next.js's default handler would exit first.
  env: { ...process.env, NODE_ENV: "production", NEXT_MANUAL_SIG_HANDLE: "1" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
