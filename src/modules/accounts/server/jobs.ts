import "server-only";
import { lt, sql } from "drizzle-orm";
import { verifications } from "@/server/db/schema";
import type { JobDefinition, JobWakeup } from "@/server/jobs/runtime";
import { handlePasswordResetRequests, RESET_REQUEST_CHANNEL } from "./auth/request-password-reset";

const RESET_REQUESTS = "password-reset-requests";

/**
 * Expired or used-up sign-up, reset and set-up tokens are deleted: they are personal data. Forgot-
 * password requests are handled here rather than in the request (no timing oracle, ADR 0012); the
 * per-minute sweep retries what a failure or a restart left.
 */
export const accountJobs: JobDefinition[] = [
  {
    queue: "verifications-prune",
    schedule: "43 * * * *",
    handle: async (_data, { db }) => {
      await db.delete(verifications).where(lt(verifications.expiresAt, sql`now() - interval '1 day'`));
    },
  },
  {
    queue: RESET_REQUESTS,
    schedule: "* * * * *",
    handle: async (_data, { db }) => handlePasswordResetRequests(db),
  },
];

/** A new forgot-password request is handled at once, in whichever process runs the jobs. */
export const accountWakeups: JobWakeup[] = [
  { channel: RESET_REQUEST_CHANNEL, onNotify: (_id, ctx) => ctx.send(RESET_REQUESTS, {}) },
];
