#!/usr/bin/env node
// The end-to-end suite runs on Debian's Chromium (no browser downloads here). Install it when missing.
import { execSync } from "node:child_process";
import fs from "node:fs";

const BIN = "/usr/bin/chromium";
if (!fs.existsSync(BIN)) {
  console.log("Chromium is missing: installing Debian's chromium package…");
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
    {
      stdio: "inherit",
    },
  );
}
