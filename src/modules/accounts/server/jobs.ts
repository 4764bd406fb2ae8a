import "server-only";
import { lt, sql } from "drizzle-orm";
import { verifications } from "@/server/db/schema";
import type { JobDefinition } from "@/server/jobs/runtime";

/** Expired or used-up sign-up, reset and set-up tokens are deleted: they are personal data. */
export const accountJobs: JobDefinition[] = [
  {
    queue: "verifications-prune",
    schedule: "43 * * * *",
    handle: async (_data, { db }) => {
      await db.delete(verifications).where(lt(verifications.expiresAt, sql`now() - interval '1 day'`));
    },
  },
];
