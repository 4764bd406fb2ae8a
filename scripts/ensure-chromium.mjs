#!/usr/bin/env node
// The browser suites run on Debian's Chromium (no browser downloads here), or on the browser CHROME_PATH
// names (scripts/chrome-path.mjs). Installs Debian's chromium package when neither is there and it can
// (apt-get present, root or sudo); anywhere else it says how to point the suite at another browser
// instead of failing inside apt-get.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { chromeFound, chromePath } from "./chrome-path.mjs";

const HOW = [
  "Point the suite at a Chrome or Chromium you have, e.g.:",
  "  CHROME_PATH=/usr/bin/google-chrome npm test",
  '  CHROME_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
  "  CHROME_PATH=$(node -e \"console.log(require('playwright-core').chromium.executablePath())\") npm test",
  "    (after `npx playwright install chromium`)",
  "or install Debian's chromium package (apt-get install chromium fonts-liberation) and run it again.",
].join("\n");

function can(command) {
  try {
    execSync(`command -v ${command}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
}

if (process.env.CHROME_PATH) {
  if (!chromeFound()) {
    console.error(`CHROME_PATH is ${chromePath()}, but there is no browser there.\n${HOW}`);
    process.exit(1);
  }
} else if (!chromeFound()) {
  const root = process.getuid?.() === 0;
  const apt = process.platform === "linux" && fs.existsSync("/etc/debian_version") && can("apt-get");
  const why = !apt
    ? "this is not a Debian-like system with apt-get"
    : !root && !can("sudo")
      ? "installing needs root, and sudo is not here"
      : null;
  if (why) {
    console.error(`The browser tests need Chromium, and ${chromePath()} is missing: ${why}.\n${HOW}`);
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const sudo = root ? "" : "sudo ";
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
      { stdio: "inherit" },
    );
  } catch {
    console.error(`Installing Debian's chromium package failed (above).\n${HOW}`);
    process.exit(1);
  }
}
