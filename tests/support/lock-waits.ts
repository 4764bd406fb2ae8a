import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db, Tx } from "@/server/db";

// Making a race deterministic on PostgreSQL: one transaction holds its locks open while the other side
// runs, the test waits until that side provably queues behind them (pg_stat_activity shows it waiting
// on a lock) — or finishes without waiting — and only then lets the first commit.

/** Sessions of the watcher's database waiting for a lock right now. */
async function waiting(watcher: pg.Client): Promise<number> {
  const r = await watcher.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return r.rows[0]?.n ?? 0;
}

/**
 * Resolves "queued" once `count` sessions wait on a lock, or "finished" as soon as every `settled`
 * promise has settled (it never had to wait). Fails after ten seconds of neither.
 */
export async function queued(
  watcher: pg.Client,
  count: number,
  ...settled: Promise<unknown>[]
): Promise<"queued" | "finished"> {
  let finished = false;
  void Promise.allSettled(settled).then(() => (finished = true));
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if ((await waiting(watcher)) >= count) return "queued";
    if (settled.length && finished) return "finished";
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never saw ${count} session(s) waiting for a lock`);
}

/** Runs `work` in a transaction that stays open, holding its locks, until `commit()` is awaited. */
export async function holding(db: Db, work: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let ready!: () => void;
  const started = new Promise<void>((r) => (ready = r));
  const done = db.transaction(async (tx) => {
    await work(tx);
    ready();
    await gate;
  });
  await Promise.race([started, done]);
  return {
    commit: async () => {
      release();
      await done;
    },
  };
}

/** The server process id of the connection running `tx`: whose locks a test then waits behind. */
export async function backendPid(tx: Tx | Db): Promise<number> {
  const { rows } = await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
  return Number(rows[0]?.pid);
}

/**
 * Resolves "blocked" once another session provably waits for a lock that session `holderPid` holds
 * (pg_blocking_pids, which names the holder: a lock wait elsewhere in a shared database doesn't count), or
 * "finished" as soon as every `settled` promise has settled without ever waiting. Fails after ten seconds.
 * A race test asserts "blocked" instead of sleeping and hoping: on a slow machine a sleep can end before
 * the other side reaches the lock, and the test then passes without exercising it.
 */
export async function blockedBehind(
  watcher: pg.ClientBase,
  holderPid: number,
  ...settled: Promise<unknown>[]
): Promise<"blocked" | "finished"> {
  let finished = false;
  void Promise.allSettled(settled).then(() => (finished = true));
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const r = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))",
      [holderPid],
    );
    if ((r.rows[0]?.n ?? 0) > 0) return "blocked";
    if (settled.length && finished) return "finished";
    await new Promise((r) => setTimeout(r, 5)); // the poll's interval, not a guess at how long the race takes
  }
  throw new Error(`no session ever waited for a lock held by backend ${holderPid}`);
}

/**
 * blockedBehind on a watcher connection of its own (to the database at `url`), then `release()` — whatever
 * was seen, so a failed wait never leaves the holder's transaction open — and the watcher closed.
 */
export async function blockedBehindThenRelease(
  url: string | undefined,
  holderPid: number,
  release: () => void,
  ...settled: Promise<unknown>[]
): Promise<"blocked" | "finished"> {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    return await blockedBehind(watcher, holderPid, ...settled);
  } finally {
    release();
    await watcher.end();
  }
}
