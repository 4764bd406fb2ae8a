import "server-only";
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookings, chargeExpr } from "@/server/db/schema";
import { bookingTakesTime, bookingTeamSeconds } from "@/server/db/time-taken";
import { bookingMoneyColumns, bookingTitleSql } from "../booking-columns";
import type { Booking } from "../booking-records";

// What other modules read of bookings, written here so that they don't select the table themselves
// (issue 42: reads of the central tables go through their owner; scripts/read-ownership.mjs counts the
// rest). None locks: a caller that must hold the row uses lockBooking.

/** A booking by its id, or null. */
export async function findBooking(db: DbOrTx, bookingId: string): Promise<Booking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** The booking a request with this idempotency key already made (a retried submit), or null. */
export async function findBookingByIdempotencyKey(db: DbOrTx, key: string): Promise<Booking | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row ?? null;
}

/** A customer's bookings, the latest start first (their data export). */
export function bookingsOfCustomer(db: DbOrTx, customerId: string): Promise<Booking[]> {
  return db
    .select()
    .from(bookings)
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.startsAt));
}

/** The booking a customer made last (by when it was made), or null before their first. */
export async function latestBookingOf(db: DbOrTx, customerId: string): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.customerId, customerId))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/** The ids of a customer's bookings, as a subquery (`inArray(x.bookingId, bookingIdsOfCustomer(tx, id))`). */
export function bookingIdsOfCustomer(db: DbOrTx, customerId: string) {
  return db.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, customerId));
}

/** The visits of these repeat bookings (series), by start, each with its title's package names. */
export function visitsOfSeries(db: DbOrTx, seriesIds: string[]) {
  return db
    .select({ ...getTableColumns(bookings), title: bookingTitleSql })
    .from(bookings)
    .where(inArray(bookings.seriesId, seriesIds))
    .orderBy(asc(bookings.startsAt));
}

const jobColumns = {
  id: bookings.id,
  reference: bookings.reference,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  dayParts: bookings.dayParts,
  teamId: bookings.teamId,
  customerId: bookings.customerId,
  ...bookingMoneyColumns,
  vehicle: bookings.vehicleSnapshot,
  address: bookings.addressSnapshot,
  customerNotes: bookings.customerNotes,
  jobNotes: bookings.jobNotes,
  siteCheck: bookings.siteCheck,
  siteCheckNote: bookings.siteCheckNote,
};

/**
 * The jobs of a stretch of time (Today's board, a technician's day): the bookings that take their team's
 * time and overlap [from, to), by start. A visit over several days is read on each day it has a part
 * (ADR 0056); the caller places it by its parts.
 */
export function jobsOverlapping(db: DbOrTx, from: Date, to: Date) {
  return db
    .select(jobColumns)
    .from(bookings)
    .where(and(lt(bookings.startsAt, to), gt(bookings.endsAt, from), bookingTakesTime(bookings.status)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}
export type JobRow = Awaited<ReturnType<typeof jobsOverlapping>>[number];

/**
 * The confirmed bookings starting in (now, horizon] whose reminder is not sent yet, soonest first: when
 * each was given its time (the reminder plan skips a booking made inside its lead).
 */
export function remindableBookings(db: DbOrTx, now: Date, horizon: Date, limit: number) {
  return db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      chosenAt: sql<Date>`COALESCE(${bookings.timeChosenAt}, ${bookings.createdAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "confirmed"),
        isNull(bookings.reminderSentAt),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, horizon),
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(limit);
}

export type BookedFigures = { count: number; valueMinor: number; minutes: number };

// Booked value: the charge of the bookings that stand (BOOKED_REVENUE_STATUSES, ADR 0022), as the reports.
const bookedRevenue = sql`booking_is_booked_revenue(${bookings.status})`;

/**
 * For each period (by start): how many bookings take time, their booked value and their team minutes —
 * Today's figures, in one statement over the periods' span.
 */
export async function bookedFigures(
  db: DbOrTx,
  periods: readonly { from: Date; to: Date }[],
): Promise<BookedFigures[]> {
  const from = new Date(Math.min(...periods.map((p) => p.from.getTime())));
  const to = new Date(Math.max(...periods.map((p) => p.to.getTime())));
  const inPeriod = (p: { from: Date; to: Date }) =>
    sql`${bookings.startsAt} >= ${p.from.toISOString()}::timestamptz AND ${bookings.startsAt} < ${p.to.toISOString()}::timestamptz`;
  const columns = Object.fromEntries(
    periods.flatMap((p, i) => [
      [`c${i}`, sql<number>`(count(*) FILTER (WHERE ${inPeriod(p)}))::int`],
      [
        `v${i}`,
        sql<number>`(COALESCE(sum(${chargeExpr(bookings)}) FILTER (WHERE ${inPeriod(p)} AND ${bookedRevenue}), 0))::bigint`,
      ],
      [
        `m${i}`,
        sql<number>`(COALESCE(sum(${bookingTeamSeconds(bookings)} / 60) FILTER (WHERE ${inPeriod(p)}), 0))::bigint`,
      ],
    ]),
  );
  const [row] = await db
    .select(columns)
    .from(bookings)
    .where(and(gte(bookings.startsAt, from), lt(bookings.startsAt, to), bookingTakesTime(bookings.status)));
  return periods.map((_, i) => ({
    count: Number(row?.[`c${i}`] ?? 0),
    valueMinor: Number(row?.[`v${i}`] ?? 0),
    minutes: Number(row?.[`m${i}`] ?? 0),
  }));
}
