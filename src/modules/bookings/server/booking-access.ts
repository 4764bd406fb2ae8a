import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { isReference } from "@/lib/reference";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings } from "@/server/db/schema";

// Who may open a booking's /booking/* pages and calendar file: its owner (by session) or whoever holds
// its access token (a guest following the email or the payment provider's redirect). Anyone else gets
// null — the caller answers 404, so a reference alone tells a stranger nothing.

import type { Booking } from "./booking-records";
export type BookingViewer = { id: string } | null;

export type FindBookingForViewerInput = {
  reference: string | null | undefined;
  token: string | null | undefined;
  viewer: BookingViewer;
  db?: DbOrTx;
};

/** Compares digests so neither the content nor the length of the real token leaks through timing. */
function tokenMatches(given: string, actual: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(actual).digest();
  return timingSafeEqual(a, b);
}

export async function findBookingForViewer(input: FindBookingForViewerInput): Promise<Booking | null> {
  const reference = input.reference?.trim().toUpperCase();
  if (!reference || !isReference(reference)) return null;
  const db = input.db ?? (await getDb());
  const [booking] = await db.select().from(bookings).where(eq(bookings.reference, reference));
  if (!booking) return null;
  if (input.viewer && input.viewer.id === booking.customerId) return booking;
  if (input.token && input.token.length <= 200 && tokenMatches(input.token, booking.accessToken))
    return booking;
  return null;
}

/** Whether the viewer is the booking's owner signed in (rather than a token holder). */
export function isOwner(booking: Booking, viewer: BookingViewer): boolean {
  return Boolean(viewer && viewer.id === booking.customerId);
}
