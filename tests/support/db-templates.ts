import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_FOLDER } from "@/server/db/client";

// The integration suite's databases start from a copy of one migrated once per run (ADR 0049) rather
// than running the 30 migrations in each of its ~120 databases: a PGlite data folder dumped to a file, and
// a PostgreSQL template database. Named after the migrations they hold, so a changed migration never
// meets an old copy; tests/setup/integration-global.ts makes them and removes them after the run.

/** A hash of every migration file and the PGlite version: what a copy was migrated with. */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const f of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const p = path.join(MIGRATIONS_FOLDER, f);
    if (fs.statSync(p).isFile()) hash.update(`${f}\n`).update(fs.readFileSync(p));
  }
  const pglite = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  return hash.update(pglite.version).digest("hex").slice(0, 12);
}

/** Where this run's migrated PGlite data folder is dumped (one per run: the process id of the runner). */
export function pgliteTemplateFile(hash: string, runId: string): string {
  return path.join(os.tmpdir(), `forecourt-test-pglite-${hash}-${runId}.tar.gz`);
}

/** The migrated template database, beside the database of TEST_DATABASE_URL on its server. */
export function pgTemplateName(baseUrl: string, hash: string): string {
  const base = new URL(baseUrl).pathname.slice(1).replace(/[^a-z0-9_]/gi, "_") || "postgres";
  return `${base.slice(0, 30)}_tpl_${hash}`.toLowerCase();
}

/** One statement on the server of `base` (creating or dropping a database), on its own connection. */
export async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The dumped PGlite data folder to start each test database from, when the global setup made one. */
    pgliteTemplate?: string;
    /** The PostgreSQL template database, when the global setup made one. */
    pgTemplate?: string;
  }
}
