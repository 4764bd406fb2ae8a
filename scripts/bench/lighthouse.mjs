// `npm run bench:lighthouse` — Lighthouse (mobile preset, Debian's Chromium) on `/` and `/book`.
// Starts its own production server on a fresh embedded database (port 3400) unless --url is given, runs
// each page three times and keeps the median performance score. Prints:
//   RESULT lighthouse <page> perf=<x> a11y=<y>
// Targets (issue 6): performance ≥ 95, accessibility 100.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const port = 3400;
let url = args.get("--url");
let server;

async function waitFor(target, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(target)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${target} did not answer`);
}

if (!url) {
  rmSync(".data/bench-lighthouse", { recursive: true, force: true });
  url = `http://127.0.0.1:${port}`;
  server = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      PGLITE_DIR: ".data/bench-lighthouse",
      LOG_LEVEL: "warn",
    },
  });
  await waitFor(`${url}/api/health/ready`, 300_000);
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let failed = false;
try {
  for (const path of ["/", "/book"]) {
    await fetch(`${url}${path}`); // warm the server's caches
    const perf = [];
    const a11y = [];
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(`${url}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        formFactor: "mobile",
      });
      perf.push(Math.round((result?.lhr.categories.performance.score ?? 0) * 100));
      a11y.push(Math.round((result?.lhr.categories.accessibility.score ?? 0) * 100));
    }
    const p = median(perf);
    const a = median(a11y);
    if (p < 95 || a < 100) failed = true;
    console.log(`RESULT lighthouse ${path} perf=${p} a11y=${a}`);
  }
} finally {
  await chrome.kill();
  server?.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);
