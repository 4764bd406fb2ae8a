import "server-only";
import { port } from "@/server/ports";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type ExpiredHolds,
  type HoldExpiry,
  type HoldWindow,
  publishScheduleFreed,
  spanOf,
} from "@/modules/availability/server";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, bookings } from "@/server/db/schema";
import { lockBooking } from "./booking-records";
import { bookingLiveColumns } from "./booking-columns";
import { publishBookingUpdated, SYSTEM_ACTOR, transitionBooking } from "./transition-booking";

// A payment hold that lapsed: the booking becomes `expired` through the one transition path (its
// allocation with it), for every stale hold met by the expiry job, by reserve() under its per-date lock,
// by a new block, or by a payment that arrived too late. Lapsed reschedule requests are expired with their
// held time (reschedule-expiry.ts).

export const HOLD_LAPSED = "The time was held for payment and the hold lapsed.";

/**
 * Reschedule requests hold time too: the reschedule module's expiry of the lapsed ones, and the bookings
 * they belong to, handed in by the composition root (ADR 0044) so that one expiry covers both kinds.
 */
export type RequestExpiry = {
  expire: (
    tx: Tx,
    now: Date,
    window?: HoldWindow,
  ) => Promise<{ requestIds: string[]; span: [Date, Date] | null }>;
  bookingsOf: (tx: Tx, requestIds: readonly string[]) => Promise<string[]>;
};

declare module "@/server/ports" {
  interface Ports {
    requestExpiry: RequestExpiry;
  }
}
const requestExpiry = () => port("requestExpiry");

/** Expires every hold past its expiry (optionally only those overlapping a window), both kinds. */
export async function expireStaleHolds(tx: Tx, now: Date, window?: HoldWindow): Promise<ExpiredHolds> {
  const requests = await requestExpiry().expire(tx, now, window);
  const stale = await tx
    .select({
      bookingId: bookings.id,
      start: sql<number>`(extract(epoch from lower(${allocations.during})) * 1000)::float8`,
      end: sql<number>`(extract(epoch from upper(${allocations.during})) * 1000)::float8`,
    })
    .from(allocations)
    .innerJoin(bookings, eq(bookings.id, allocations.bookingId))
    .where(
      and(
        eq(allocations.kind, "booking"),
        eq(allocations.status, "pending_payment"),
        eq(bookings.status, "pending_payment"),
        sql`${allocations.holdExpiresAt} <= ${now.toISOString()}::timestamptz`,
        window
          ? sql`${allocations.during} && tstzrange(${window.from.toISOString()}::timestamptz, ${window.to.toISOString()}::timestamptz)`
          : undefined,
      ),
    )
    // One lock order for every expirer: no two of them can wait on each other.
    .orderBy(asc(bookings.id));
  const bookingIds: string[] = [];
  const spans: { start: number; end: number }[] = [];
  for (const row of stale) {
    if (!(await expireIfLapsed(tx, row.bookingId, now))) continue;
    bookingIds.push(row.bookingId);
    spans.push({ start: Number(row.start), end: Number(row.end) });
  }
  if (requests.span) spans.push({ start: requests.span[0].getTime(), end: requests.span[1].getTime() });
  return { bookingIds, rescheduleRequestIds: requests.requestIds, span: spanOf(spans) };
}

/**
 * One booking's lapsed hold, made official — what a late payment does for its own booking, which it
 * already holds locked. Only this row: locking the other lapsed holds of the window from there would take
 * rows out of id order and could deadlock with the sweep (ADR 0014).
 */
export async function expireLapsedHold(tx: Tx, bookingId: string, now: Date): Promise<ExpiredHolds> {
  const [own] = await tx
    .select({
      start: sql<number>`(extract(epoch from lower(${allocations.during})) * 1000)::float8`,
      end: sql<number>`(extract(epoch from upper(${allocations.during})) * 1000)::float8`,
    })
    .from(allocations)
    .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));
  const expired = await expireIfLapsed(tx, bookingId, now);
  return {
    bookingIds: expired ? [bookingId] : [],
    rescheduleRequestIds: [],
    span: expired && own ? spanOf([{ start: Number(own.start), end: Number(own.end) }]) : null,
  };
}

/**
 * The list of lapsed holds was read without locks: by the time the row is locked, a checkout may have
 * extended the hold, or the booking been paid or cancelled. Re-checked under the lock, such a booking is
 * simply not expired — neither expired under a customer who is paying, nor a CONFLICT that would roll
 * back the caller's unrelated work (a new booking, a block, the job's whole batch).
 */
async function expireIfLapsed(tx: Tx, bookingId: string, now: Date): Promise<boolean> {
  const locked = await lockBooking(tx, bookingId);
  if (locked?.status !== "pending_payment" || !locked.holdExpiresAt || locked.holdExpiresAt > now)
    return false;
  await transitionBooking(tx, {
    bookingId,
    to: "expired",
    from: ["pending_payment"],
    actor: SYSTEM_ACTOR,
    reason: HOLD_LAPSED,
    now,
    deferLive: true,
  });
  return true;
}

/** Tells every admin screen (and each booking's owner) that expired holds freed time. Call last. */
export async function publishExpired(tx: Tx, expired: ExpiredHolds): Promise<void> {
  if (!expired.span) return;
  if (expired.bookingIds.length) {
    const rows = await tx
      .select(bookingLiveColumns)
      .from(bookings)
      .where(inArray(bookings.id, expired.bookingIds));
    for (const b of rows) await publishBookingUpdated(tx, { ...b, status: "expired" });
  }
  // A lapsed reschedule request changes what its booking's pages show.
  const moved = (await requestExpiry().bookingsOf(tx, expired.rescheduleRequestIds)).filter(
    (id) => !expired.bookingIds.includes(id),
  );
  if (moved.length) {
    const rows = await tx.select(bookingLiveColumns).from(bookings).where(inArray(bookings.id, moved));
    for (const b of rows) await publishBookingUpdated(tx, b);
  }
  await publishScheduleFreed(tx, expired.span);
}

/** What reserve() and new blocks are given, so that they expire booking holds through bookings. */
export const bookingHoldExpiry: HoldExpiry = { expire: expireStaleHolds, publish: publishExpired };

/** The expiry job: every hold past its expiry, in one transaction. */
export async function expireHolds(
  db: DbOrTx,
  { now = new Date() }: { now?: Date } = {},
): Promise<ExpiredHolds> {
  return db.transaction(async (tx) => {
    const expired = await expireStaleHolds(tx, now);
    await publishExpired(tx, expired);
    return expired;
  });
}
