#!/usr/bin/env node
// `npm run validate` (and `npm test`): lint, typecheck, unit, integration, end to end — stopping at the
// first that fails, as `a && b && …` would. Lint and the type check each use one core, so they run side by
// side, with the unit tests filling the core the type check leaves (their output is printed whole when
// each ends); integration and end to end use every core and run one after the other. Ends with how long
// each step took: where CI's time goes (ADR 0049).
import { spawn } from "node:child_process";

const steps = [["lint", "typecheck", "test:unit"], ["test:integration"], ["test:e2e"]];
const timings = [];

function run(script, { capture }) {
  const started = Date.now();
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (capture) process.stdout.write(`\n── npm run ${script} (${seconds.toFixed(0)} s) ──\n${out}`);
      timings.push(`${script} ${seconds.toFixed(0)} s`);
      resolve(signal ? 1 : (code ?? 1));
    }),
  );
}

const started = Date.now();
let failed = null;
for (const group of steps) {
  const codes = await Promise.all(group.map((s) => run(s, { capture: group.length > 1 })));
  const bad = group.find((_, i) => codes[i] !== 0);
  if (bad) {
    failed = bad;
    break;
  }
}
console.log(
  `\nvalidate: ${timings.join(", ")}; ${((Date.now() - started) / 60_000).toFixed(1)} min in all` +
    (failed ? ` — stopped: npm run ${failed} failed` : ""),
);
process.exit(failed ? 1 : 0);
