import "server-only";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { stepTimeRequest } from "./request-status";
import { enqueueBusinessNotice } from "./time-request-emails";
import { findBooking } from "@/modules/bookings/server";

// A proposal is a booking waiting for payment: its own life answers the request, inside the booking's
// transition (the composition root hands these to bookings' transition hooks, ADR 0045). Paid (confirmed)
// → booked. Its hold lapsed (the hold-expiry path, ADR 0014) → expired, and the business hears of it.
// Cancelled (the customer's Cancel on the booking page, or the business's) → declined. Either way the
// business can propose another time.

async function proposalOf(tx: Tx, bookingId: string) {
  const [row] = await tx
    .select({ id: timeRequests.id })
    .from(timeRequests)
    .where(and(eq(timeRequests.bookingId, bookingId), eq(timeRequests.status, "proposed")));
  return row ?? null;
}

/** The proposal's booking was confirmed (paid): the request is booked. */
export async function bookTimeRequestOfBooking(tx: Tx, bookingId: string, now: Date): Promise<void> {
  const request = await proposalOf(tx, bookingId);
  if (request) await stepTimeRequest(tx, request.id, { to: "booked", now, by: null, ifNot: "skip" });
}

/** The proposal's booking stopped happening: expired (its hold lapsed) or declined (cancelled). */
export async function settleTimeRequestOfEndedBooking(tx: Tx, bookingId: string, now: Date): Promise<void> {
  const request = await proposalOf(tx, bookingId);
  if (!request) return;
  const booking = await findBooking(tx, bookingId);
  const to = booking?.status === "expired" ? "expired" : "declined";
  if (await stepTimeRequest(tx, request.id, { to, now, by: null, ifNot: "skip" }))
    await enqueueBusinessNotice(tx, request.id, to === "expired" ? "expired" : "declined");
}
