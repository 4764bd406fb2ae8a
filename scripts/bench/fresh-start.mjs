// `npm run bench:fresh` — a newcomer's first minutes, measured on a fresh clone (issue 30):
//   git clone <repo> <temp dir>  →  npm ci  →  npm start  →  GET /api/health answers 200.
// Prints, with the targets:
//   RESULT install seconds=<n> packages=<n>         (npm ci; target ≤ 45 s and ≤ 650 packages)
//   RESULT build seconds=<n>                        (npm start's first `next build`; target ≤ 60 s)
//   RESULT fresh-to-serving seconds=<n>             (clone start → /api/health 200; target ≤ 100 s)
// Packages are the folders npm installed: `npm ls --all --parseable` less the project's own line, which is
// the number npm ci reports as "added N packages" (both are printed; the bench says if they differ).
// Options: --source <path or URL> (default: this repository), --ref <branch or commit> (default: the
// source's HEAD), --port <n> (3801). FRESH_KEEP=1 keeps the temp clone. It uses the machine's npm cache,
// as a developer's second project would; FRESH_COLD_CACHE=1 gives npm an empty cache (downloads everything).
// Heavy (an install and a cold build on every core): run it alone, e.g. under `flock`.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const source = args.get("--source") ?? ROOT;
const ref = args.get("--ref");
const port = Number(args.get("--port") ?? 3801);
const TARGETS = { installSeconds: 45, packages: 650, buildSeconds: 60, freshSeconds: 100 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-fresh-"));
const work = path.join(dir, "forecourt");
// A clean environment: nothing of this shell's database, port or build settings leaks into the clone.
const env = { ...process.env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` };
for (const k of ["DATABASE_URL", "PGLITE_DIR", "NODE_ENV", "NODE_OPTIONS", "TEST_DATABASE_URL", "INIT_CWD"])
  delete env[k];
for (const k of Object.keys(env)) if (k.startsWith("npm_")) delete env[k];
if (process.env.FRESH_COLD_CACHE === "1") env.npm_config_cache = path.join(dir, "npm-cache");

const seconds = (ms) => (ms / 1000).toFixed(1);
// CPU seconds (user + system) a process spent and that of its children it has waited for, from /proc:
// on a shared machine the wall-clock times depend on the neighbours, these much less.
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);
function cpuSeconds(pid = "self", { self = true } = {}) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(f[i]));
    return ((self ? utime + stime : 0) + cutime + cstime) / TICKS;
  } catch {
    return NaN;
  }
}
// The `node scripts/start.mjs` under `npm start`: the one whose waited-for children are the build.
function startScriptPid(root) {
  const kids = new Map();
  for (const p of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1];
      kids.set(ppid, [...(kids.get(ppid) ?? []), p]);
    } catch {}
  }
  const queue = [String(root)];
  while (queue.length) {
    const p = queue.shift();
    try {
      if (fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("scripts/start.mjs")) {
        const children = kids.get(p) ?? [];
        if (
          !children.some((c) => fs.readFileSync(`/proc/${c}/cmdline`, "utf8").includes("scripts/start.mjs"))
        )
          return p;
      }
    } catch {}
    queue.push(...(kids.get(p) ?? []));
  }
  return null;
}
const ok = (value, target) => (value <= target ? "ok" : "over");
let server;

function run(cmd, argv, cwd) {
  execFileSync(cmd, argv, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
}

try {
  const t0 = Date.now();
  run("git", ["clone", "--quiet", source, work], dir);
  if (ref) run("git", ["checkout", "--quiet", ref], work);
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: work }).toString().trim();
  console.log(`fresh clone of ${source} at ${commit} in ${work} (${seconds(Date.now() - t0)} s)`);

  const tInstall = Date.now();
  const cpuBefore = cpuSeconds("self", { self: false });
  const npmOut = execFileSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: work,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  }).toString();
  const installMs = Date.now() - tInstall;
  const installCpu = cpuSeconds("self", { self: false }) - cpuBefore;
  process.stdout.write(npmOut);
  const added = Number(/added (\d+) packages?/.exec(npmOut)?.[1] ?? NaN);
  // npm ls exits 1 over peer ranges it calls invalid (lighthouse's, esbuild's); the list is complete anyway.
  const listed = spawnSync("npm", ["ls", "--all", "--parseable"], { cwd: work, env, maxBuffer: 64 << 20 })
    .stdout.toString()
    .split("\n")
    .filter((l) => l.trim() && path.resolve(l) !== work).length;
  if (added !== listed) console.log(`note: npm ci said "added ${added}", npm ls lists ${listed}`);

  // `npm start` as a newcomer types it; the build's end is the moment start.mjs prints "Build finished".
  const tStart = Date.now();
  let buildMs = NaN;
  let buildCpu = NaN;
  server = spawn("npm", ["start"], { cwd: work, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = fs.createWriteStream(path.join(dir, "start.log"));
  server.stdout.on("data", (chunk) => {
    log.write(chunk);
    if (!Number.isNaN(buildMs)) return;
    process.stdout.write(chunk); // the build's own output (its phases' times), not the server's log
    if (/Build finished in/.test(chunk.toString())) {
      buildMs = Date.now() - tStart;
      const pid = startScriptPid(server.pid);
      // The build and, on this branch, the database preparation beside it (once it has exited).
      if (pid) buildCpu = cpuSeconds(pid);
    }
  });
  server.stderr.on("data", (chunk) => log.write(chunk));
  let exited = false;
  server.on("exit", () => (exited = true));
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (exited) throw new Error(`npm start exited; its log: ${path.join(dir, "start.log")}`);
    if (Date.now() > deadline) throw new Error("/api/health did not answer within 15 minutes");
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  const freshMs = Date.now() - t0;
  const serveMs = Date.now() - tStart;

  console.log(`npm start → /api/health 200 in ${seconds(serveMs)} s (build ${seconds(buildMs)} s)`);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} (${os.cpus().length} cores)`,
  );
  console.log(
    `RESULT install seconds=${seconds(installMs)} packages=${listed} cpu_seconds=${installCpu.toFixed(1)} target_seconds=${TARGETS.installSeconds} target_packages=${TARGETS.packages} ${ok(installMs / 1000, TARGETS.installSeconds)}/${ok(listed, TARGETS.packages)}`,
  );
  console.log(
    `RESULT build seconds=${seconds(buildMs)} cpu_seconds=${buildCpu.toFixed(1)} target_seconds=${TARGETS.buildSeconds} ${ok(buildMs / 1000, TARGETS.buildSeconds)}`,
  );
  console.log(
    `RESULT fresh-to-serving seconds=${seconds(freshMs)} target_seconds=${TARGETS.freshSeconds} ${ok(freshMs / 1000, TARGETS.freshSeconds)}`,
  );
} finally {
  if (server && server.exitCode === null) {
    // The whole group: npm, start.mjs and the server it spawned; the server closes its database first.
    try {
      process.kill(-server.pid, "SIGINT");
    } catch {}
    await new Promise((r) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-server.pid, "SIGKILL");
        } catch {}
        r();
      }, 15_000);
      server.on("exit", () => {
        clearTimeout(timer);
        r();
      });
    });
  }
  if (process.env.FRESH_KEEP === "1") console.log(`kept ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
}
