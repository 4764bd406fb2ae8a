import "server-only";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatCalendarDate, formatLongDate, localDateOf, toLocalParts, addDays } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { allowsEmail, enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { bookingItems, bookings, maintenanceReminders, services, users, vehicles } from "@/server/db/schema";
import { addMonths } from "../domain/maintenance";
import { maintenanceBookHref } from "./maintenance-book-link";
import { LIVE_STATUSES } from "@/lib/enums";

// Maintenance reminders (issue 17, ADR 0023): once an hour, for each vehicle's latest completed job with a
// service that has an interval, when its due date (the job's local date + the interval) has come, the
// customer gets one email — from 09:00 in the business zone on the due day. Each (job, service) is
// claimed in `maintenance_reminders` in the same transaction as the email is queued: two workers, a retry
// or a restart can never send it twice. A claim records why nothing was sent, too: reminders switched
// off, booked again already, the vehicle, service or account gone, or due too long ago (the first run
// after the feature ships must not email every customer about work due years back).

const SEND_FROM_MINUTES = 9 * 60;
/** A due date further back than this is recorded as stale, not sent. */
const STALE_AFTER_DAYS = 60;

export type MaintenanceOutcome = "sent" | "opted_out" | "booked" | "unavailable" | "stale";

type Candidate = {
  bookingId: string;
  serviceId: string;
  vehicleId: string;
  customerId: string;
  startsAt: Date;
  intervalMonths: number;
};

/**
 * The latest completed job per (vehicle, interval service) not yet claimed, whose due instant is near:
 * a coarse filter in SQL (within a day of due); the exact local-date rule is applied per candidate.
 */
async function candidates(db: DbOrTx, now: Date, limit: number): Promise<Candidate[]> {
  const rows = await db.execute<{
    booking_id: string;
    service_id: string;
    vehicle_id: string;
    customer_id: string;
    starts_at: string | Date;
    interval_months: number;
  }>(sql`
    SELECT latest.* FROM (
      SELECT DISTINCT ON (b.vehicle_id, bi.service_id)
        b.id AS booking_id, bi.service_id, b.vehicle_id, b.customer_id, b.starts_at,
        s.maintenance_interval_months AS interval_months
      FROM ${bookings} b
      JOIN ${bookingItems} bi ON bi.booking_id = b.id
      JOIN ${services} s ON s.id = bi.service_id
      WHERE b.status = 'completed' AND b.vehicle_id IS NOT NULL AND s.maintenance_interval_months IS NOT NULL
      ORDER BY b.vehicle_id, bi.service_id, b.starts_at DESC
    ) latest
    WHERE latest.starts_at + make_interval(months => latest.interval_months) <= ${now.toISOString()}::timestamptz + interval '1 day'
      AND NOT EXISTS (
        SELECT 1 FROM ${maintenanceReminders} m
        WHERE m.booking_id = latest.booking_id AND m.service_id = latest.service_id
      )
    ORDER BY latest.starts_at
    LIMIT ${limit}
  `);
  return rows.rows.map((r) => ({
    bookingId: r.booking_id,
    serviceId: r.service_id,
    vehicleId: r.vehicle_id,
    customerId: r.customer_id,
    startsAt: new Date(r.starts_at),
    intervalMonths: Number(r.interval_months),
  }));
}

/** One candidate, in its own transaction: claim it, then queue the email or record why not. */
async function remind(
  db: DbOrTx,
  c: Candidate,
  dueOn: string,
  today: string,
  now: Date,
  tz: string,
): Promise<MaintenanceOutcome | null> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select().from(users).where(eq(users.id, c.customerId));
    const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, c.vehicleId));
    const [service] = await tx.select().from(services).where(eq(services.id, c.serviceId));
    const [again] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(bookingItems, eq(bookingItems.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.vehicleId, c.vehicleId),
          eq(bookingItems.serviceId, c.serviceId),
          inArray(bookings.status, [...LIVE_STATUSES]),
          gt(bookings.startsAt, c.startsAt),
        ),
      )
      .limit(1);
    const outcome: MaintenanceOutcome =
      !customer ||
      customer.banned ||
      customer.anonymisedAt ||
      !vehicle ||
      vehicle.deletedAt ||
      vehicle.ownerId !== c.customerId ||
      !service?.isActive
        ? "unavailable"
        : again
          ? "booked"
          : !allowsEmail(customer, "reminder")
            ? "opted_out"
            : dueOn < addDays(today, -STALE_AFTER_DAYS)
              ? "stale"
              : "sent";
    const [claimed] = await tx
      .insert(maintenanceReminders)
      .values({
        bookingId: c.bookingId,
        serviceId: c.serviceId,
        vehicleId: c.vehicleId,
        dueOn,
        outcome,
        at: now,
      })
      .onConflictDoNothing()
      .returning({ id: maintenanceReminders.id });
    // Another worker claimed it first: it decides.
    if (!claimed) return null;
    if (outcome !== "sent" || !customer || !vehicle || !service) return outcome;
    const appUrl = getEnv().APP_URL;
    const href = await maintenanceBookHref(tx, c.bookingId, c.serviceId);
    await enqueueEmail(tx, {
      to: customer.email,
      template: "maintenance-due",
      userId: customer.id,
      data: {
        name: customer.name,
        serviceName: service.name,
        vehicle: `${[vehicle.colour, vehicle.make, vehicle.model].filter(Boolean).join(" ")}, ${vehicle.registration}`,
        doneOn: formatLongDate(c.startsAt, tz),
        dueOn: formatCalendarDate(dueOn),
        bookUrl: new URL(href ?? routes.book, appUrl).toString(),
        preferencesUrl: new URL(routes.accountSettings, appUrl).toString(),
      },
    });
    return outcome;
  });
}

export type MaintenanceRun = Record<MaintenanceOutcome, number>;

/** The hourly sweep. Safe to run from any number of workers at once. */
export async function sendDueMaintenanceReminders(
  db: DbOrTx,
  { now = new Date(), limit = 500 }: { now?: Date; limit?: number } = {},
): Promise<MaintenanceRun> {
  const run: MaintenanceRun = { sent: 0, opted_out: 0, booked: 0, unavailable: 0, stale: 0 };
  const tz = (await getSettingsOrThrow(db)).timeZone;
  const local = toLocalParts(now, tz);
  const today = localDateOf(now, tz);
  const afterNine = local.hour * 60 + local.minute >= SEND_FROM_MINUTES;
  for (const c of await candidates(db, now, limit)) {
    const dueOn = addMonths(localDateOf(c.startsAt, tz), c.intervalMonths);
    // Due tomorrow (the coarse filter's day), or today before 09:00: a later run sends it.
    if (dueOn > today || (dueOn === today && !afterNine)) continue;
    const outcome = await remind(db, c, dueOn, today, now, tz);
    if (outcome) run[outcome] += 1;
  }
  return run;
}
