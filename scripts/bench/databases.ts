// Runs a benchmark on an in-memory PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a
// fresh PostgreSQL database made for the run and dropped after it. `npm run bench:x -- pglite|postgres`
// runs one of them. BENCH_KEEP_DB=1 keeps the PostgreSQL database (its name is printed; drop it when done)
// and BENCH_DB=<name> runs on that kept database again (the run is told `reused`, so it need not seed).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";

export type BenchDb = "pglite" | "postgres";

export async function runOnDatabases(
  run: (kind: BenchDb, handle: DatabaseHandle, options: { reused: boolean }) => Promise<void>,
) {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.argv[2];
  if (only !== "postgres") {
    const handle = await openDatabase({ dir: "memory://" });
    await run("pglite", handle, { reused: false });
    await handle.close();
  }
  if (only === "pglite") return;
  if (!pgUrl) {
    console.log("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to run it there too.");
    return;
  }
  const reuse = process.env.BENCH_DB;
  const keep = Boolean(reuse) || process.env.BENCH_KEEP_DB === "1";
  if (reuse && !/^forecourt_bench_[0-9a-f]+$/.test(reuse))
    throw new Error("BENCH_DB names a kept bench database");
  const name = reuse ?? `forecourt_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  if (keep) console.log(`[postgres] database ${name} is kept (drop it when done)`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  try {
    await run("postgres", handle, { reused: Boolean(reuse) });
  } finally {
    await handle.close();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** A small seeded generator, so two runs seed the same data. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The p-th percentile of the samples (nearest rank). */
export const pct = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
