import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/server/db";
import { MIGRATIONS_FOLDER } from "@/server/db/client";
import { logger } from "@/server/logger";
import type { CheckResult } from "./health";

// The back office's view of the system beyond the health checks: whether every migration this version
// ships is applied, how many background jobs wait or failed, the outbox's backlog, and how long this
// process has been up. Read from the database's own bookkeeping (drizzle's and pg-boss's tables);
// internal error text is logged, never shown.

export type SystemStatus = {
  migrations: CheckResult;
  queue: CheckResult;
  outbox: CheckResult;
  uptime: string;
};

function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export function uptimeInWords(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min` : "less than a minute";
}

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const { db } = await getDatabase();
  return (await db.execute(query)).rows as T[];
};

async function migrationsStatus(): Promise<CheckResult> {
  try {
    const shipped = shippedMigrations();
    const [row] = await rows<{ applied: number }>(
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    const applied = Number(row?.applied ?? 0);
    return applied >= shipped
      ? { ok: true, detail: `All ${shipped} migrations applied` }
      : { ok: false, detail: `${applied} of ${shipped} migrations applied: restart to apply the rest` };
  } catch (err) {
    logger.error({ err }, "system status: migrations unreadable");
    return { ok: false, detail: "Could not read the migrations table" };
  }
}

export type QueueCounts = { waiting: number; late: number; failed: number };

/** Background jobs waiting, overdue by more than 5 minutes, and failed in the last 24 h (pg-boss's table). */
export async function readQueueCounts(): Promise<QueueCounts> {
  const [row] = await rows<QueueCounts>(sql`
    SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
           count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after < now() - interval '5 minutes')::int AS late,
           count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '24 hours')::int AS failed
    FROM pgboss.job`);
  return {
    waiting: Number(row?.waiting ?? 0),
    late: Number(row?.late ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

async function queueStatus(): Promise<CheckResult> {
  try {
    const { waiting, late, failed } = await readQueueCounts();
    const detail = `${waiting} waiting${late > 0 ? ` (${late} overdue by more than 5 min)` : ""}, ${failed} failed in the last 24 h`;
    return { ok: late === 0 && failed === 0, detail };
  } catch (err) {
    logger.warn({ err }, "system status: job queue unreadable");
    return { ok: false, detail: "The job queue has not been set up yet (no background jobs have started)" };
  }
}

export type OutboxCounts = { queued: number; failed: number };

/** Emails waiting to be sent, and failed in the last 7 days. */
export async function readOutboxCounts(): Promise<OutboxCounts> {
  const [row] = await rows<OutboxCounts>(sql`
    SELECT count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS queued,
           count(*) FILTER (WHERE status = 'failed' AND updated_at > now() - interval '7 days')::int AS failed
    FROM emails`);
  return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0) };
}

async function outboxStatus(): Promise<CheckResult> {
  try {
    const { queued, failed } = await readOutboxCounts();
    return {
      ok: failed === 0,
      detail: `${queued} waiting to be sent, ${failed} failed in the last 7 days`,
    };
  } catch (err) {
    logger.error({ err }, "system status: outbox unreadable");
    return { ok: false, detail: "Could not read the outbox" };
  }
}

export async function getSystemStatus(): Promise<SystemStatus> {
  const [migrations, queue, outbox] = await Promise.all([migrationsStatus(), queueStatus(), outboxStatus()]);
  return { migrations, queue, outbox, uptime: uptimeInWords(process.uptime()) };
}
