import "server-only";
import { and, asc, desc, eq, getTableColumns, gt, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { bookingTakesTime } from "@/server/db/time-taken";
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
