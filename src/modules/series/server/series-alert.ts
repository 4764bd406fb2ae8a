import "server-only";
import { formatCalendarDate, localDateOf } from "@/lib/dates";
import { type Booking, enqueueBusinessAlert } from "@/modules/bookings/server";
import type { Tx } from "@/server/db";

/**
 * The business hears once of a change to a repeat booking (ADR 0052) — the visits it made or cancelled,
 * and whether the new ones wait for its approval — instead of once per visit (the transition is quiet).
 */
export async function tellBusinessOfSeries(
  tx: Tx,
  about: Booking,
  change: { what: string; made?: readonly Booking[]; cancelled?: readonly Booking[]; timeZone: string },
): Promise<void> {
  const day = (b: Booking) => formatCalendarDate(localDateOf(b.startsAt, change.timeZone));
  const made = change.made ?? [];
  const cancelled = change.cancelled ?? [];
  const waiting = made.filter((b) => b.status === "awaiting_approval").length;
  const parts = [
    change.what,
    made.length ? `Booked: ${made.map((b) => `${b.reference} (${day(b)})`).join(", ")}.` : "",
    cancelled.length ? `Cancelled: ${cancelled.map((b) => `${b.reference} (${day(b)})`).join(", ")}.` : "",
    waiting ? `${waiting} ${waiting === 1 ? "visit waits" : "visits wait"} for your approval.` : "",
  ];
  await enqueueBusinessAlert(tx, {
    bookingId: about.id,
    kind: "series_changed",
    amountMinor: made.reduce((s, b) => s + b.totalMinor, 0),
    currency: about.currency,
    detail: parts.filter(Boolean).join(" "),
  });
}
