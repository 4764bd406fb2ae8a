import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { expireHolds } from "./holds";

/** Holds past their expiry become officially expired (and their time is announced as free). */
export const availabilityJobs: JobDefinition[] = [
  {
    queue: "holds-expire",
    schedule: "* * * * *",
    handle: async (_data, { db }) => {
      const expired = await expireHolds(db);
      if (expired.span) logger.info({ bookings: expired.bookingIds.length }, "expired holds released");
    },
  },
];
