import "server-only";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { getEnv } from "@/env";
import type { DatabaseHandle } from "@/server/db";
import { liveEvents, rateLimits, verifications, workerHeartbeats } from "@/server/db/schema";
import { getMailTransport, type MailTransport } from "@/server/email/transport";
import { logger } from "@/server/logger";
import { deliverEmail, findDueEmailIds } from "@/modules/notifications/server/deliver-email";
import { OUTBOX_CHANNEL } from "@/modules/notifications/server/enqueue-email";
import { expireHolds } from "@/modules/bookings/server/hold-expiry";

export const QUEUES = {
  emailDeliver: "email-deliver",
  outboxSweep: "outbox-sweep",
  liveEventsPrune: "live-events-prune",
  housekeeping: "housekeeping",
  holdsExpire: "holds-expire",
} as const;

export const HEARTBEAT_MS = 15_000;

export type JobRuntime = { boss: PgBoss; workerId: string; stop: () => Promise<void> };

export type StartJobsOptions = { transport?: MailTransport; heartbeatMs?: number };

/**
 * Starts pg-boss and every worker and schedule. Runs in the web process for the embedded database and
 * in `npm run worker` for PostgreSQL. `stop()` drains running jobs before it resolves.
 */
export async function startJobs(handle: DatabaseHandle, opts: StartJobsOptions = {}): Promise<JobRuntime> {
  const env = getEnv();
  const transport = opts.transport ?? getMailTransport();
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({
          db: { executeSql: (text, values) => handle.executeSql(text, values) },
          schema: "pgboss",
        })
      : new PgBoss({ connectionString: env.DATABASE_URL, schema: "pgboss", max: 4 });
  boss.on("error", (err) => logger.error({ err }, "pg-boss error"));
  await boss.start();

  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 });
  }

  await boss.work<{ emailId: string }>(
    QUEUES.emailDeliver,
    { batchSize: 5, pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) {
        const outcome = await deliverEmail(handle.db, job.data.emailId, { transport });
        if (outcome === "retry") {
          const [row] = await handle.db
            .execute<{ next: Date }>(
              sql`SELECT next_attempt_at AS next FROM emails WHERE id = ${job.data.emailId}`,
            )
            .then((r) => r.rows);
          if (row)
            await boss.send(
              QUEUES.emailDeliver,
              { emailId: job.data.emailId },
              { startAfter: new Date(row.next) },
            );
        }
      }
    },
  );

  await boss.work(QUEUES.outboxSweep, async () => {
    for (const emailId of await findDueEmailIds(handle.db)) await boss.send(QUEUES.emailDeliver, { emailId });
  });

  await boss.work(QUEUES.liveEventsPrune, async () => {
    await handle.db.delete(liveEvents).where(lt(liveEvents.at, sql`now() - interval '1 day'`));
  });

  // Expired rate-limit windows and expired or used-up tokens are deleted (they are personal data).
  await boss.work(QUEUES.housekeeping, async () => {
    await handle.db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, sql`now()`));
    await handle.db.delete(verifications).where(lt(verifications.expiresAt, sql`now() - interval '1 day'`));
  });

  // Holds past their expiry become officially expired (and their time is announced as free).
  await boss.work(QUEUES.holdsExpire, async () => {
    const expired = await expireHolds(handle.db);
    if (expired.span) logger.info({ bookings: expired.bookingIds.length }, "expired holds released");
  });

  await boss.schedule(QUEUES.outboxSweep, "* * * * *");
  await boss.schedule(QUEUES.holdsExpire, "* * * * *");
  await boss.schedule(QUEUES.housekeeping, "41 * * * *");
  await boss.schedule(QUEUES.liveEventsPrune, "17 * * * *");

  // A freshly committed email wakes the runner at once instead of waiting for the sweep.
  const unlisten = await handle.listen(OUTBOX_CHANNEL, (emailId) => {
    boss.send(QUEUES.emailDeliver, { emailId }).catch((err) => logger.warn({ err }, "could not queue email"));
  });
  // And anything left from before a restart goes out now.
  for (const emailId of await findDueEmailIds(handle.db)) await boss.send(QUEUES.emailDeliver, { emailId });

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

  logger.info({ workerId, db: handle.kind, transport: transport.kind }, "background jobs started");

  let stopping: Promise<void> | null = null;
  return {
    boss,
    workerId,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer);
        await unlisten().catch(() => {});
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
