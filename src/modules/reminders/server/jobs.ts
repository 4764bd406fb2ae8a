import "server-only";
import type { JobDefinition } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { sendDueBookingReminders } from "./booking-reminders";
import { sendDueMaintenanceReminders } from "./maintenance-reminders";

/** The reminders' background work: the day-before reminder and the maintenance reminders. */
export const reminderJobs: JobDefinition[] = [
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
