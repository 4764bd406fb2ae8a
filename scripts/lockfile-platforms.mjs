#!/usr/bin/env node
// The package registry reachable here serves only this machine's platform builds of native packages
// (no darwin/win32/… builds), so `npm install` cannot write their lockfile entries and `npm ci` then
// refuses the lockfile as "out of sync". This adds an entry for every such optional platform package,
// with the os/cpu/libc it is built for: npm ci sees a complete lockfile and skips them on this platform,
// exactly as it would with a lockfile written elsewhere. Run it after `npm install` changes the lockfile.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;

const OS = [
  "darwin",
  "win32",
  "android",
  "freebsd",
  "openharmony",
  "netbsd",
  "openbsd",
  "sunos",
  "aix",
  "linux",
];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32"];

function platformOf(name) {
  const base = name.split("/").pop();
  const parts = base.split("-");
  const os = OS.find((o) => parts.includes(o));
  let cpu = CPU.find((c) => parts.includes(c));
  if (!cpu && parts.includes("gnueabihf")) cpu = "arm";
  if (!cpu && parts.includes("musleabihf")) cpu = "arm";
  if (!cpu && base.includes("arm-")) cpu = "arm";
  const libc =
    parts.includes("musl") || parts.includes("musleabihf")
      ? "musl"
      : parts.includes("gnu") || parts.includes("gnueabihf")
        ? "glibc"
        : undefined;
  return { os, cpu, libc, wasm: parts.includes("wasm32") };
}

let added = 0;
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const nested = `${path}/node_modules/${dep}`;
    if (pkgs[key] || pkgs[nested]) continue;
    const { os, cpu, libc, wasm } = platformOf(dep);
    if (!os && !wasm) continue; // Not a platform build: leave it to npm.
    const stub = { version: range.replace(/^[\^~=]/, ""), optional: true };
    if (entry.dev) stub.dev = true;
    if (entry.devOptional) stub.devOptional = true;
    if (wasm) stub.cpu = ["wasm32"];
    else {
      stub.os = [os];
      if (cpu) stub.cpu = [cpu];
      if (libc) stub.libc = [libc];
    }
    pkgs[key] = stub;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries for other systems.`);
