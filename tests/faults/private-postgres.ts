import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A throw-away PostgreSQL server of its own (initdb in a temp folder, its own port), so a fault test can
// stop and start it without touching the machine's shared server. PostgreSQL refuses to run as root:
// when we are root, its commands run as the `postgres` user.

const BIN = fs.existsSync("/usr/lib/postgresql")
  ? path.join("/usr/lib/postgresql", fs.readdirSync("/usr/lib/postgresql").sort().at(-1) ?? "15", "bin")
  : "";

function pgCommand(tool: string, args: string[]): void {
  const exe = path.join(BIN, tool);
  const asRoot = process.getuid?.() === 0;
  const res = asRoot
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", [exe, ...args].map((a) => `'${a}'`).join(" ")], {
        encoding: "utf8",
      })
    : spawnSync(exe, args, { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
}

export type PrivatePostgres = { url: string; stop: () => void; start: () => void; destroy: () => void };

export function startPrivatePostgres(port: number): PrivatePostgres {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-faults-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  pgCommand("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = () =>
    pgCommand("pg_ctl", [
      "-D",
      data,
      "-o",
      `-p ${port} -k ${dir} -c fsync=off`,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  const stop = () => pgCommand("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  pgCommand("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "forecourt"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/forecourt`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
