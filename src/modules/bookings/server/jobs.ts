import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { remindAbandonedCheckouts } from "./booking-emails";
import { expireHolds } from "./hold-expiry";

/** Holds past their expiry become officially expired (and their time is announced as free). */
export const bookingJobs: JobDefinition[] = [
  {
    queue: "holds-expire",
    schedule: "* * * * *",
    handle: async (_data, { db }) => {
      const expired = await expireHolds(db);
      if (expired.span) logger.info({ bookings: expired.bookingIds.length }, "expired holds released");
    },
  },
  {
    // Minutely: a checkout left unpaid for a few minutes gets its one "complete your booking" email.
    queue: "abandoned-checkouts",
    schedule: "* * * * *",
    handle: async (_data, { db }) => {
      const sent = await remindAbandonedCheckouts(db);
      if (sent > 0) logger.info({ sent }, "abandoned checkouts reminded");
    },
  },
];
