import "server-only";
import { recordBookingEvents, bookingIdsOfCustomer } from "@/modules/bookings/server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type HoldWindow,
  releaseRequestHold,
  releaseRescheduleHolds,
  spanOf,
} from "@/modules/availability/server";
import type { Tx } from "@/server/db";
import { transitionRequest } from "./request-transition";
import { allocations, rescheduleRequests } from "@/server/db/schema";

// A reschedule request that was not answered before its expiry (the earlier of the expiry setting and the
// cut-off) lapses: its held time is released and the request is `expired`, with a line on the booking's
// timeline. Made official by the minute job and by every reserving transaction for the holds it meets
// (through bookings' HoldExpiry), and checked again inside each use case that answers a request.
// Lock order: the request row, then its hold. The sweeps skip a request another transaction holds
// locked — that one is being answered, and re-checks the expiry itself (no deadlock with an approval
// waiting for the date's reserve lock).

export const REQUEST_LAPSED = "Not answered in time: the held time was released.";
export const BOOKING_ENDED = "The booking no longer goes ahead, so the request was closed.";

export type RescheduleRequestRow = typeof rescheduleRequests.$inferSelect;

/** Closes one pending request (locked by the caller) as expired: hold, status, timeline. */
export async function expireRequest(
  tx: Tx,
  request: Pick<RescheduleRequestRow, "id" | "bookingId">,
  now: Date,
  reason = REQUEST_LAPSED,
  hold: "expired" | "released" = "expired",
): Promise<[Date, Date] | null> {
  const span = await releaseRequestHold(tx, request.id, hold, now);
  await transitionRequest(tx, request.id, { to: "expired", by: null, now, ifAnswered: "skip" });
  await recordBookingEvents(tx, [
    {
      bookingId: request.bookingId,
      actorId: null,
      type: "reschedule_decided",
      toValue: "expired",
      data: { requestId: request.id, reason },
    },
  ]);
  return span;
}

export type ExpiredRequests = { requestIds: string[]; bookingIds: string[]; span: [Date, Date] | null };

/** Every pending request past its expiry (optionally only those whose hold overlaps a window). */
export async function expireLapsedRequests(tx: Tx, now: Date, window?: HoldWindow): Promise<ExpiredRequests> {
  const overlapping = window
    ? sql`EXISTS (SELECT 1 FROM ${allocations} WHERE ${allocations.rescheduleRequestId} = "reschedule_requests"."id"
        AND ${allocations.during} && tstzrange(${window.from.toISOString()}::timestamptz, ${window.to.toISOString()}::timestamptz))`
    : undefined;
  const lapsed = await tx
    .select({ id: rescheduleRequests.id, bookingId: rescheduleRequests.bookingId })
    .from(rescheduleRequests)
    .where(
      and(
        eq(rescheduleRequests.status, "pending"),
        sql`${rescheduleRequests.expiresAt} <= ${now.toISOString()}::timestamptz`,
        overlapping,
      ),
    )
    .orderBy(asc(rescheduleRequests.id))
    .for("update", { skipLocked: true });
  const spans: { start: number; end: number }[] = [];
  for (const r of lapsed) {
    const span = await expireRequest(tx, r, now);
    if (span) spans.push({ start: span[0].getTime(), end: span[1].getTime() });
  }
  return {
    requestIds: lapsed.map((r) => r.id),
    bookingIds: [...new Set(lapsed.map((r) => r.bookingId))],
    span: spanOf(spans),
  };
}

/** A booking that stops happening (cancelled, expired…): its pending request closes and frees its time. */
export async function closeRequestsOfEndedBooking(tx: Tx, bookingId: string, now: Date): Promise<void> {
  const pending = await tx
    .select({ id: rescheduleRequests.id, bookingId: rescheduleRequests.bookingId })
    .from(rescheduleRequests)
    .where(and(eq(rescheduleRequests.bookingId, bookingId), eq(rescheduleRequests.status, "pending")))
    .for("update");
  for (const r of pending) await expireRequest(tx, r, now, BOOKING_ENDED, "released");
  // Any hold left without a pending request (none expected) stops holding too.
  await releaseRescheduleHolds(tx, bookingId, now);
}

/** The ids of the bookings whose requests are given (for live events). */
export async function bookingsOfRequests(tx: Tx, requestIds: readonly string[]): Promise<string[]> {
  if (!requestIds.length) return [];
  const rows = await tx
    .selectDistinct({ bookingId: rescheduleRequests.bookingId })
    .from(rescheduleRequests)
    .where(inArray(rescheduleRequests.id, [...requestIds]));
  return rows.map((r) => r.bookingId);
}

/** Answers a pending request (the row still pending, or a conflict: it was answered meanwhile). */
export async function decideRequest(
  tx: Tx,
  request: RescheduleRequestRow,
  status: "approved" | "declined" | "withdrawn",
  by: string,
  now: Date,
  response: string | null,
): Promise<void> {
  await transitionRequest(tx, request.id, { to: status, by, now, response });
}

/** A deleted account's reasons for asking to move its bookings are theirs too: they go with it. */
export async function eraseCustomerFromRequests(tx: Tx, userId: string): Promise<void> {
  const theirs = bookingIdsOfCustomer(tx, userId);
  await tx
    .update(rescheduleRequests)
    .set({ reason: "" })
    .where(inArray(rescheduleRequests.bookingId, theirs));
}
