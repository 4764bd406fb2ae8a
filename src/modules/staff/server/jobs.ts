import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { getStorage } from "@/server/storage";
import { purgeRemovedJobPhotos } from "./photo-removal";

/** The staff module's background work: removed job photos deleted after the retention period. */
export const staffJobs: JobDefinition[] = [
  {
    // Daily, 03:37 UTC (quiet hours). Idempotent: a rerun, or two workers, delete nothing twice.
    queue: "job-photos-purge",
    schedule: "37 3 * * *",
    handle: async (_data, { db }) => {
      const purged = await purgeRemovedJobPhotos(db, getStorage());
      if (purged > 0) logger.info({ purged }, "removed job photos purged");
    },
  },
];
