import "server-only";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { getEnv } from "@/env";
import type { DatabaseHandle, Db } from "@/server/db";
import { liveEvents, rateLimits, workerHeartbeats } from "@/server/db/schema";
import { logger } from "@/server/logger";

export const HEARTBEAT_MS = 15_000;

// How often a worker asks for jobs. A queue fed by `send` (an email to deliver) asks every 2 s; a queue
// fed only by its schedule gets one job a minute at most (pg-boss sends it within 5 s of the minute), so
// it asks every 10 s. Each ask is a query: on the embedded database, in the web process, eleven queues
// asking every 2 s were bursts of ~30 ms of CPU every 2 s, landing inside page renders (issue 30).
const SEND_POLL_SECONDS = 2;
const SCHEDULED_POLL_SECONDS = 10;

/** What a job handler may use: the database and a way to queue more work. */
export type JobContext = {
  db: Db;
  send: (queue: string, data: object, options?: { startAfter?: Date }) => Promise<void>;
};

/**
 * One queue and its handler, contributed by a module (the platform knows none of them by name). The
 * composition root (`src/composition/jobs.ts`) lists them for the web process, the worker and the tests.
 */
export type JobDefinition = {
  queue: string;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  batchSize?: number;
  pollingIntervalSeconds?: number;
  handle: (data: unknown[], ctx: JobContext) => Promise<void>;
};

/** Work that starts at once when a committed transaction NOTIFYs the channel (e.g. a new email). */
export type JobWakeup = { channel: string; onNotify: (payload: string, ctx: JobContext) => Promise<void> };

export type JobPlan = {
  jobs: JobDefinition[];
  wakeups?: JobWakeup[];
  /** Runs once after the workers are up: e.g. send what was left from before a restart. */
  onStart?: (ctx: JobContext) => Promise<void>;
};

export type JobRuntime = { boss: PgBoss; workerId: string; stop: () => Promise<void> };

export type StartJobsOptions = { heartbeatMs?: number };

// The platform's own housekeeping: its tables only.
const platformJobs: JobDefinition[] = [
  {
    queue: "live-events-prune",
    schedule: "17 * * * *",
    handle: async (_data, { db }) => {
      await db.delete(liveEvents).where(lt(liveEvents.at, sql`now() - interval '1 day'`));
    },
  },
  {
    // Expired rate-limit windows are deleted (the keys are hashed, but still personal data).
    queue: "housekeeping",
    schedule: "41 * * * *",
    handle: async (_data, { db }) => {
      await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`));
    },
  },
];

/**
 * Starts pg-boss with the platform's jobs and the plan's. Runs in the web process for the embedded
 * database and in `npm run worker` for PostgreSQL. `stop()` drains running jobs before it resolves.
 */
export async function startJobs(
  handle: DatabaseHandle,
  plan: JobPlan,
  opts: StartJobsOptions = {},
): Promise<JobRuntime> {
  const env = getEnv();
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({
          db: { executeSql: (text, values) => handle.executeSql(text, values) },
          schema: "pgboss",
        })
      : new PgBoss({ connectionString: env.DATABASE_URL, schema: "pgboss", max: 4 });
  boss.on("error", (err) => logger.error({ err }, "pg-boss error"));
  await boss.start();

  const ctx: JobContext = {
    db: handle.db,
    send: async (queue, data, options) => {
      await boss.send(queue, data, options?.startAfter ? { startAfter: options.startAfter } : {});
    },
  };
  const jobs = [...platformJobs, ...plan.jobs];
  const queues = new Set<string>();
  for (const job of jobs) {
    if (queues.has(job.queue)) throw new Error(`Two jobs use the queue "${job.queue}"`);
    queues.add(job.queue);
    await boss.createQueue(job.queue, {
      retryLimit: 2,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 300,
    });
    await boss.work(
      job.queue,
      {
        batchSize: job.batchSize ?? 1,
        pollingIntervalSeconds:
          job.pollingIntervalSeconds ?? (job.schedule ? SCHEDULED_POLL_SECONDS : SEND_POLL_SECONDS),
      },
      (batch) =>
        job.handle(
          batch.map((b) => b.data),
          ctx,
        ),
    );
    if (job.schedule) await boss.schedule(job.queue, job.schedule);
  }

  const unlisteners: (() => Promise<void>)[] = [];
  for (const wakeup of plan.wakeups ?? []) {
    unlisteners.push(
      await handle.listen(wakeup.channel, (payload) => {
        wakeup
          .onNotify(payload, ctx)
          .catch((err) => logger.warn({ err, channel: wakeup.channel }, "wake-up failed"));
      }),
    );
  }
  await plan.onStart?.(ctx);

  const workerId = randomUUID();
  const startedAt = new Date();
  const beat = async () => {
    const now = new Date();
    await handle.db
      .insert(workerHeartbeats)
      .values({ workerId, host: os.hostname(), pid: process.pid, startedAt, beatAt: now })
      .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { beatAt: now } });
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch((err) => logger.warn({ err }, "heartbeat failed"));
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  logger.info({ workerId, db: handle.kind, queues: [...queues] }, "background jobs started");

  let stopping: Promise<void> | null = null;
  return {
    boss,
    workerId,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        for (const unlisten of unlisteners) await unlisten().catch(() => {});
        await boss.stop({ graceful: true, timeout: 10_000, close: true, wait: true });
        await handle.db
          .delete(workerHeartbeats)
          .where(sql`${workerHeartbeats.workerId} = ${workerId}`)
          .catch(() => {});
        logger.info({ workerId }, "background jobs stopped");
      })();
      return stopping;
    },
  };
}
