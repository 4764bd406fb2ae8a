import "server-only";
import { toSiteAnswer } from "@/lib/job/site-answers";
import { getEnv } from "@/env";
import { routes } from "@/lib/routes";
import { findUserById } from "@/modules/accounts/server";
import { allowsEmail, enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { reminderPlan } from "@/modules/bookings/domain/reminder-plan";
import { bookingPageUrl } from "@/modules/bookings/links";
import {
  bookingHeading,
  getBookingView,
  recordBookingEvents,
  claimBookingReminder,
  remindableBookings,
} from "@/modules/bookings/server";
import { siteCheckUrl } from "./site-check";

// Booking reminders (issue 17, ADR 0027): a sweep every minute, not one scheduled job per booking. Each
// run reads the confirmed bookings starting within the lead time (plus a margin for whole-day leads across a
// clock change) whose reminder is unsent, and applies the planning rule (domain/reminder-plan.ts) to each.
// A move clears `reminder_sent_at` and records when the new time was chosen, so the reminder is re-planned
// from the new start; a cancelled booking is no longer confirmed, so nothing is sent. The claim is a
// conditional update (`reminder_sent_at IS NULL`, still confirmed, still at that start) in the same
// transaction that queues the email: two workers, a retry or a restart send it once.

export type ReminderOutcome = "sent" | "opted_out" | "unavailable";
export type ReminderRun = Record<ReminderOutcome, number> & { none: number };

/** Hours beyond the lead time the coarse filter reaches: a whole-day lead may be an hour longer at a change. */
const MARGIN_HOURS = 2;

export async function sendDueBookingReminders(
  db: DbOrTx,
  { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {},
): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, opted_out: 0, unavailable: 0, none: 0 };
  const settings = await getSettingsOrThrow(db);
  const leadHours = settings.reminderLeadHours;
  const horizon = new Date(now.getTime() + (leadHours + MARGIN_HOURS) * 3_600_000);
  const rows = await remindableBookings(db, now, horizon, limit);
  for (const row of rows) {
    const { state } = reminderPlan({ ...row, leadHours, timeZone: settings.timeZone, now });
    if (state === "none") run.none += 1;
    if (state !== "due") continue;
    const outcome = await remind(db, row.id, row.startsAt, now);
    if (outcome) run[outcome] += 1;
  }
  return run;
}

/** Claims one booking's reminder and queues its email, or records why not. Null: another worker had it. */
async function remind(
  db: DbOrTx,
  bookingId: string,
  startsAt: Date,
  now: Date,
): Promise<ReminderOutcome | null> {
  return db.transaction(async (tx) => {
    const claimed = await claimBookingReminder(tx, bookingId, startsAt, now);
    if (!claimed) return null;
    const customer = await findUserById(tx, claimed.customerId);
    const outcome: ReminderOutcome =
      !customer || customer.banned || customer.anonymisedAt
        ? "unavailable"
        : !allowsEmail(customer, "reminder")
          ? "opted_out"
          : "sent";
    if (outcome !== "sent" || !customer) return outcome;
    const view = await getBookingView(tx, bookingId);
    const appUrl = getEnv().APP_URL;
    const a = claimed.addressSnapshot;
    await enqueueEmail(tx, {
      to: customer.email,
      template: "booking-reminder",
      bookingId,
      userId: customer.id,
      data: {
        name: customer.name,
        ...bookingHeading(view),
        address: view.addressLine,
        site: {
          water: toSiteAnswer(a.hasWater),
          power: toSiteAnswer(a.hasPower),
          covered: toSiteAnswer(a.hasCoveredSpace),
          accessNotes: a.accessNotes,
        },
        allSetUrl: siteCheckUrl(bookingId, "all-set", appUrl),
        changedUrl: siteCheckUrl(bookingId, "changed", appUrl),
        url: bookingPageUrl("success", claimed, appUrl),
        preferencesUrl: new URL(routes.accountSettings, appUrl).toString(),
      },
    });
    await recordBookingEvents(tx, [
      {
        bookingId,
        type: "email_sent",
        toValue: "reminder",
        data: { template: "booking-reminder", to: customer.email },
        at: now,
      },
    ]);
    return outcome;
  });
}
