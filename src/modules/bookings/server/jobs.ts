import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { remindAbandonedCheckouts } from "./booking-emails";
import { expireHolds } from "./hold-expiry";
import { sendDueBookingReminders, sendDueMaintenanceReminders } from "@/modules/reminders/server";

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
  {
    // Every minute: a confirmed booking's reminder with the site checklist at start − lead time (ADR 0027).
    queue: "booking-reminders",
    schedule: "* * * * *",
    handle: async (_data, { db }) => {
      const run = await sendDueBookingReminders(db);
      if (run.sent + run.opted_out + run.unavailable > 0) logger.info(run, "booking reminders");
    },
  },
  {
    // Hourly: a service due again today is reminded from 09:00 in the business zone (ADR 0023).
    queue: "maintenance-reminders",
    schedule: "7 * * * *",
    handle: async (_data, { db }) => {
      const run = await sendDueMaintenanceReminders(db);
      if (Object.values(run).some((n) => n > 0)) logger.info(run, "maintenance reminders");
    },
  },
];
