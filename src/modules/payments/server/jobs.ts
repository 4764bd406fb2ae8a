import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { retryDueRefunds } from "./refunds/refunds";

/**
 * Refunds the provider refused (or that were never sent: the process stopped after the commit) are sent
 * again once their back-off time has come, with the refund's id as the idempotency key, until they
 * succeed or have had their attempts (refunds.ts).
 */
export const paymentJobs: JobDefinition[] = [
  {
    queue: "refunds-retry",
    schedule: "* * * * *",
    handle: async (_data, { db }) => {
      const done = await retryDueRefunds(db);
      if (done.succeeded + done.pending + done.failed > 0) logger.info(done, "refunds retried");
    },
  },
];
