#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then serve on port 3000 (PORT). The
// server itself migrates the database, seeds the demo business on first start and prints the logins.
// `npm run build` (`--build`): build now, with Next's type check, and exit; the stamp it writes lets the
// next `npm start` serve that build instead of building again.
//
// The build `npm start` runs by itself skips Next's type check (ADR 0048): it changes nothing in what is
// served, and the types are checked by `npm run typecheck` — in `npm test`, in CI before anything lands,
// and in the editor — exactly as the build would check them (`next typegen` first). On 2 cores it was a
// third of a first start.
import { spawn } from "node:child_process";
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

// `--build-if-changed` (the fault suite, after `npm test`'s end-to-end run built the same sources): build
// only when the last build's stamp is not these sources', the way `npm start` does, then exit.
const buildIfChanged = process.argv.includes("--build-if-changed");
const buildOnly = process.argv.includes("--build") || buildIfChanged;
const stamp = sourceStamp();
const built =
  fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, "utf8") === stamp;
// A child process, and what it exited with (a signal counts as a failure).
function run(args, env) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env });
  const done = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1))),
  );
  return { child, done };
}

if (buildIfChanged && built) {
  console.log("The build is of these sources already: not building again.");
  process.exit(0);
}
if (buildOnly || !built) {
  if (!buildOnly) console.log("Building Forecourt (first start, or the sources changed)…");
  const started = Date.now();
  const build = run([path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    ...process.env,
    // Read by next.config.ts: `typescript.ignoreBuildErrors`, which skips the check altogether.
    ...(buildOnly && !buildIfChanged ? {} : { FORECOURT_BUILD_TYPECHECK: "off" }),
  });
  // Beside the build, which never opens the database: migrate it and seed what the first boot would (the
  // demo business), so the server below starts on a ready database. The two overlap on 2 cores because
  // much of a build runs on one (ADR 0048).
  const prepare = buildOnly
    ? null
    : run(["--conditions=react-server", "--import", "tsx", path.join(root, "scripts/prepare-db.ts")], {
        ...process.env,
        NODE_ENV: "production",
      });
  const stopAll = (sig) => [build, prepare].forEach((p) => p?.child.kill(sig));
  process.on("SIGINT", () => stopAll("SIGINT")).on("SIGTERM", () => stopAll("SIGTERM"));
  // A database that can't be opened (another start holds it, a bad DATABASE_URL) stops the build too.
  const prepared = prepare?.done.then((code) => {
    if (code !== 0) build.child.kill("SIGTERM");
    return code;
  });
  const buildCode = await build.done;
  if (buildCode === 0) {
    fs.writeFileSync(stampFile, stamp);
    console.log(`Build finished in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  const prepareCode = (await prepared) ?? 0;
  if (prepareCode !== 0) process.exit(prepareCode);
  if (buildCode !== 0) process.exit(buildCode);
  process.removeAllListeners("SIGINT").removeAllListeners("SIGTERM");
}
if (buildOnly) process.exit(0);

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
