import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, bookingEvents, bookings, rescheduleRequests } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";

// Holds: time held for a booking awaiting payment (or a pending reschedule) until `hold_expires_at`.
// An expired hold stops holding at once for the slot engine (it ignores holds past their expiry); making
// it official — allocation `expired`, booking `expired`, request `expired`, live events — is done by the
// expiry job every minute and by any reserving transaction for the holds it meets.

export type ExpiredHolds = {
  bookingIds: string[];
  rescheduleRequestIds: string[];
  span: [Date, Date] | null;
};

/** Marks holds past their expiry (optionally only those overlapping a window) and their owners expired. */
export async function expireStaleHolds(
  tx: Tx,
  now: Date,
  window?: { from: Date; to: Date },
): Promise<ExpiredHolds> {
  const rows = await tx
    .update(allocations)
    .set({ status: "expired", releasedAt: now })
    .where(
      and(
        inArray(allocations.status, ["pending_payment", "pending_reschedule"]),
        sql`${allocations.holdExpiresAt} <= ${now.toISOString()}::timestamptz`,
        window
          ? sql`${allocations.during} && tstzrange(${window.from.toISOString()}::timestamptz, ${window.to.toISOString()}::timestamptz)`
          : undefined,
      ),
    )
    .returning({
      kind: allocations.kind,
      bookingId: allocations.bookingId,
      rescheduleRequestId: allocations.rescheduleRequestId,
      start: sql<number>`(extract(epoch from lower(${allocations.during})) * 1000)::float8`,
      end: sql<number>`(extract(epoch from upper(${allocations.during})) * 1000)::float8`,
    });
  const bookingIds = rows
    .filter((r) => r.kind === "booking" && r.bookingId)
    .map((r) => r.bookingId as string);
  const requestIds = rows
    .filter((r) => r.kind === "reschedule_hold" && r.rescheduleRequestId)
    .map((r) => r.rescheduleRequestId as string);
  let expiredBookings: string[] = [];
  if (bookingIds.length) {
    const updated = await tx
      .update(bookings)
      .set({ status: "expired", holdExpiresAt: null })
      .where(and(inArray(bookings.id, bookingIds), eq(bookings.status, "pending_payment")))
      .returning({ id: bookings.id });
    expiredBookings = updated.map((b) => b.id);
    if (expiredBookings.length)
      await tx.insert(bookingEvents).values(
        expiredBookings.map((bookingId) => ({
          bookingId,
          type: "status_changed" as const,
          fromValue: "pending_payment",
          toValue: "expired",
          data: { reason: "The time was held for payment and the hold lapsed." },
        })),
      );
  }
  if (requestIds.length)
    await tx
      .update(rescheduleRequests)
      .set({ status: "expired" })
      .where(and(inArray(rescheduleRequests.id, requestIds), eq(rescheduleRequests.status, "pending")));
  const span: [Date, Date] | null = rows.length
    ? [
        new Date(Math.min(...rows.map((r) => Number(r.start)))),
        new Date(Math.max(...rows.map((r) => Number(r.end)))),
      ]
    : null;
  return { bookingIds: expiredBookings, rescheduleRequestIds: requestIds, span };
}

/** Tells every admin screen (and each booking's owner) that expired holds freed time. Call last. */
export async function publishExpired(tx: Tx, expired: ExpiredHolds): Promise<void> {
  if (!expired.span) return;
  if (expired.bookingIds.length) {
    const rows = await tx
      .select({ id: bookings.id, reference: bookings.reference, customerId: bookings.customerId })
      .from(bookings)
      .where(inArray(bookings.id, expired.bookingIds));
    for (const b of rows) {
      const payload = { bookingId: b.id, reference: b.reference, status: "expired" as const };
      await publish(tx, "booking.updated", { audience: "admins" }, payload);
      await publish(tx, "booking.updated", { audience: "user", userId: b.customerId }, payload);
    }
  }
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    {
      from: expired.span[0].toISOString(),
      to: expired.span[1].toISOString(),
      teamId: null,
    },
  );
}

/** The expiry job: every hold past its expiry, in one transaction. */
export async function expireHolds(db: DbOrTx, now: Date = new Date()): Promise<ExpiredHolds> {
  return db.transaction(async (tx) => {
    const expired = await expireStaleHolds(tx, now);
    await publishExpired(tx, expired);
    return expired;
  });
}

/** Frees a booking's held time at once (payment abandoned, booking cancelled while pending). */
export async function releaseBookingHold(tx: Tx, bookingId: string, now: Date = new Date()): Promise<void> {
  await tx
    .update(allocations)
    .set({ status: "released", releasedAt: now })
    .where(
      and(
        eq(allocations.bookingId, bookingId),
        inArray(allocations.status, ["pending_payment", "pending_reschedule"]),
      ),
    );
}
