import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { openDatabase } from "./client";
import { acquireFolderLock } from "./folder-lock";

// Backups and restore (issue 18), tested in tests/integration/backup-restore.integration.test.ts.
// - PostgreSQL: `pg_dump --format=custom` while the app runs (a consistent snapshot), `pg_restore --clean
//   --single-transaction` into the target (all or nothing).
// - Embedded (PGlite): a copy of the folder while the app is stopped — the folder lock proves nobody has it
//   open, and holds it for the copy. The copy is opened once to count its bookings: a backup that can't
//   be opened fails here, not on the day it is needed.
// Uploaded images are copied beside the database. The manifest says what the backup holds.

const exec = promisify(execFile);

/** Runs pg_dump / pg_restore; a failure says what the tool said (its last lines), not just its exit code. */
async function run(tool: string, args: string[]): Promise<void> {
  try {
    await exec(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? "")
      .trim()
      .split("\n")
      .slice(-5)
      .join("\n");
    throw new Error(`${tool} failed${stderr ? `: ${stderr}` : ""}`);
  }
}

export type DatabaseTarget = { url: string } | { dir: string };

export type BackupManifest = {
  kind: "postgres" | "pglite";
  createdAt: string;
  bookings: number;
  migrations: number;
  uploads: number;
};

const MANIFEST = "manifest.json";
const DUMP = "database.dump";
const PGLITE = "pglite";
const UPLOADS = "uploads";

async function countPostgres(url: string): Promise<{ bookings: number; migrations: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const b = await c.query<{ n: string }>("SELECT count(*) AS n FROM bookings");
    const m = await c.query<{ n: string }>("SELECT count(*) AS n FROM drizzle.__drizzle_migrations");
    return { bookings: Number(b.rows[0]?.n ?? 0), migrations: Number(m.rows[0]?.n ?? 0) };
  } finally {
    await c.end();
  }
}

async function countPglite(dir: string): Promise<{ bookings: number; migrations: number }> {
  const handle = await openDatabase({ dir, migrate: false });
  try {
    const b = await handle.executeSql("SELECT count(*) AS n FROM bookings");
    const m = await handle.executeSql("SELECT count(*) AS n FROM drizzle.__drizzle_migrations");
    return { bookings: Number(b.rows[0]?.n ?? 0), migrations: Number(m.rows[0]?.n ?? 0) };
  } finally {
    await handle.close();
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** Copies a folder's contents (not its lock file). */
function copyFolder(from: string, to: string): void {
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => !path.basename(src).startsWith("forecourt.lock"),
  });
}

/** Moves what is at `dir` aside (kept, named with the time), so a restore never destroys anything. */
function moveAside(dir: string): string | null {
  if (!fs.existsSync(dir) || fs.readdirSync(dir).every((f) => f.startsWith("forecourt.lock"))) return null;
  const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  fs.mkdirSync(aside);
  for (const f of fs.readdirSync(dir))
    if (!f.startsWith("forecourt.lock")) fs.renameSync(path.join(dir, f), path.join(aside, f));
  return aside;
}

export async function backupDatabase(
  target: DatabaseTarget,
  outDir: string,
  { uploadsDir }: { uploadsDir?: string } = {},
): Promise<BackupManifest> {
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0)
    throw new Error(`${outDir} is not empty: choose a new folder for the backup`);
  fs.mkdirSync(outDir, { recursive: true });
  let counts: { bookings: number; migrations: number };
  if ("url" in target) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${path.join(outDir, DUMP)}`,
      target.url,
    ]);
    counts = await countPostgres(target.url);
  } else {
    const release = acquireFolderLock(path.resolve(target.dir));
    try {
      copyFolder(target.dir, path.join(outDir, PGLITE));
    } finally {
      release();
    }
    counts = await countPglite(path.join(outDir, PGLITE));
  }
  if (uploadsDir && fs.existsSync(uploadsDir)) copyFolder(uploadsDir, path.join(outDir, UPLOADS));
  const manifest: BackupManifest = {
    kind: "url" in target ? "postgres" : "pglite",
    createdAt: new Date().toISOString(),
    ...counts,
    uploads: countFiles(path.join(outDir, UPLOADS)),
  };
  fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function readBackupManifest(fromDir: string): BackupManifest {
  const file = path.join(fromDir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${fromDir} is not a Forecourt backup (no ${MANIFEST})`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
}

/**
 * Restores a backup into the target: PostgreSQL in one transaction (the target's tables are replaced);
 * the embedded folder while the app is stopped (what was there is moved aside, not deleted). Answers
 * with what the restored database holds, checked against the manifest.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  fromDir: string,
  { uploadsDir }: { uploadsDir?: string } = {},
): Promise<BackupManifest & { movedAside: string[] }> {
  const manifest = readBackupManifest(fromDir);
  const kind = "url" in target ? "postgres" : "pglite";
  if (manifest.kind !== kind)
    throw new Error(`This backup is of the ${manifest.kind} database; the target is ${kind}`);
  const movedAside: string[] = [];
  let counts: { bookings: number; migrations: number };
  if ("url" in target) {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${target.url}`,
      path.join(fromDir, DUMP),
    ]);
    counts = await countPostgres(target.url);
  } else {
    const dir = path.resolve(target.dir);
    const release = acquireFolderLock(dir);
    try {
      const aside = moveAside(dir);
      if (aside) movedAside.push(aside);
      copyFolder(path.join(fromDir, PGLITE), dir);
    } finally {
      release();
    }
    counts = await countPglite(dir);
  }
  if (uploadsDir && fs.existsSync(path.join(fromDir, UPLOADS))) {
    const aside = moveAside(uploadsDir);
    if (aside) movedAside.push(aside);
    copyFolder(path.join(fromDir, UPLOADS), uploadsDir);
  }
  if (counts.bookings !== manifest.bookings)
    throw new Error(
      `The restored database has ${counts.bookings} bookings; the backup had ${manifest.bookings}`,
    );
  return { ...manifest, ...counts, uploads: countFiles(uploadsDir ?? ""), movedAside };
}
