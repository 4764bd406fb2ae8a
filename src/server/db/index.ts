import "server-only";
import { getEnv } from "@/env";
import { openDatabase, type DatabaseHandle, type Db } from "./client";

export type { Db, Tx, DbOrTx, DatabaseHandle } from "./client";
export * as schema from "./schema";

// One database handle per process, opened lazily on first use (never at import time, or `next build`
// would open the embedded database). Kept on globalThis because Next.js bundles server code more than
// once (instrumentation, route handlers, pages) and they must all share the one PGlite instance.
const g = globalThis as unknown as { __forecourtDb?: Promise<DatabaseHandle> };

export function getDatabase(): Promise<DatabaseHandle> {
  if (!g.__forecourtDb) {
    const env = getEnv();
    g.__forecourtDb = openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR }).catch((err) => {
      g.__forecourtDb = undefined;
      throw err;
    });
  }
  return g.__forecourtDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Lets tests (and scripts) install a handle they opened themselves. */
export function setDatabaseForProcess(handle: DatabaseHandle | undefined): void {
  g.__forecourtDb = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDatabase(): Promise<void> {
  const p = g.__forecourtDb;
  g.__forecourtDb = undefined;
  if (p) await (await p).close();
}
