import "server-only";
import { sql } from "drizzle-orm";
import type { MailTransport } from "@/server/email/transport";
import type { JobContext, JobPlan } from "@/server/jobs/runtime";
import { deliverEmail, findDueEmailIds } from "./deliver-email";
import { OUTBOX_CHANNEL } from "./enqueue-email";

const DELIVER = "email-deliver";
const SWEEP = "outbox-sweep";

async function queueDue(ctx: JobContext) {
  for (const emailId of await findDueEmailIds(ctx.db)) await ctx.send(DELIVER, { emailId });
}

/**
 * The outbox's jobs: deliver one email (re-queued for its back-off time when it must be retried), a
 * per-minute sweep for anything a missed notification or a crash left behind, a wake-up on commit so a
 * new email goes out at once, and a sweep at start so nothing queued before a restart waits.
 */
export function emailJobs(transport: MailTransport): Required<JobPlan> {
  return {
    jobs: [
      {
        queue: DELIVER,
        batchSize: 5,
        pollingIntervalSeconds: 2,
        handle: async (batch, ctx) => {
          for (const { emailId } of batch as { emailId: string }[]) {
            const outcome = await deliverEmail(ctx.db, emailId, { transport });
            if (outcome !== "retry") continue;
            const [row] = await ctx.db
              .execute<{ next: Date }>(sql`SELECT next_attempt_at AS next FROM emails WHERE id = ${emailId}`)
              .then((r) => r.rows);
            if (row) await ctx.send(DELIVER, { emailId }, { startAfter: new Date(row.next) });
          }
        },
      },
      { queue: SWEEP, schedule: "* * * * *", handle: async (_data, ctx) => queueDue(ctx) },
    ],
    wakeups: [{ channel: OUTBOX_CHANNEL, onNotify: (emailId, ctx) => ctx.send(DELIVER, { emailId }) }],
    onStart: queueDue,
  };
}
