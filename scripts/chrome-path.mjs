// The browser every browser-driven suite runs (the end-to-end tests, the fault suite's page-cache test, the
// live-update and Lighthouse benchmarks): Debian's Chromium, or the one CHROME_PATH names — a Chrome or
// Chromium installed some other way (macOS, another Linux, a Playwright download). One definition, read
// by playwright.config.ts, tests/faults and scripts/bench, and by scripts/ensure-chromium.mjs.
import fs from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The browser to launch: CHROME_PATH when set, else Debian's Chromium. */
export function chromePath() {
  return process.env.CHROME_PATH || DEBIAN_CHROMIUM;
}

/** Whether that browser is there. */
export function chromeFound() {
  return fs.existsSync(chromePath());
}
