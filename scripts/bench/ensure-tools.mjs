#!/usr/bin/env node
// The benchmarks' own tools (Lighthouse, chrome-launcher, autocannon) live in scripts/bench/package.json,
// not in the app's: `npm install` stays small and they are installed the first time a benchmark needs them
// (ADR 0048). The bench npm scripts run this first: it runs `npm ci` in scripts/bench when its
// node_modules is missing or was installed from another lockfile. The scripts in this folder import the
// tools by name and Node finds them in scripts/bench/node_modules.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const stampFile = path.join(dir, "node_modules", ".forecourt-lock-hash");
const lockHash = createHash("sha256")
  .update(fs.readFileSync(path.join(dir, "package-lock.json")))
  .digest("hex");

if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, "utf8") !== lockHash) {
  console.log("Installing the benchmark tools into scripts/bench/node_modules (first run)…");
  execFileSync("npm", ["ci", "--prefix", dir, "--no-audit", "--no-fund"], { stdio: "inherit" });
  fs.writeFileSync(stampFile, lockHash);
}
