import { type DayPart, storedDayParts } from "@/lib/day-parts";
import "server-only";
import { port } from "@/server/ports";
import { randomBytes } from "node:crypto";
import type { BookingSource, BookingStatus } from "@/lib/enums";
import { generateReference } from "@/lib/reference";
import type { ReceiptSection } from "@/modules/notifications/templates/booking";
import type { Quote } from "@/modules/pricing/domain/quote";
import type { VisitQuote } from "@/modules/pricing/domain/visit-quote";
import type { Tx } from "@/server/db";
import type { AddressSnapshot, VehicleSnapshot } from "@/server/db/schema";
import { enqueueBookingEmails } from "./booking-emails";
import { type Booking, type BookingRecordInput, vehiclePositionOf } from "./booking-records";
import { publishBookingUpdated } from "./transition-booking";

// What every new booking shares, whoever makes it — the customer's wizard (create-booking.ts) or the
// business on the phone (create-admin-booking.ts): the record built from the priced quote and the
// snapshots, and the announcements once it exists (the customer's and the business's emails, the live
// events). The two callers differ only in who the customer is, how the time is held and the status.

export type NewBookingFacts = {
  idempotencyKey: string;
  runSecretHash?: string | null;
  customerId: string;
  status: BookingStatus;
  source: BookingSource;
  /** Where reserve() (or an override) placed it: each day's part for a visit over several (ADR 0056). */
  slot: { teamId: string; start: Date; end: Date; parts?: readonly DayPart[] };
  currency: string;
  /** One vehicle's quote, or a visit's for several (its lines say which vehicle each is for). */
  quote: Quote | VisitQuote;
  /** What is due online now (the checkout's amount); 0 when nothing is. */
  dueNowMinor: number;
  vehicleId: string | null;
  vehicleSnapshot: VehicleSnapshot;
  /** The visit's other vehicles, in the order of the quote's vehicles 1, 2, … (ADR 0050). */
  moreVehicles?: readonly { vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[];
  addressId: string | null;
  addressSnapshot: AddressSnapshot;
  customerNotes: string | null;
  internalNotes?: string | null;
  holdExpiresAt: Date | null;
  /** On account (ADR 0051): the day its invoice must be paid by; null or absent otherwise. */
  payBy?: string | null;
  now: Date;
  /** Who made it (null: the system acting on an online submission) and what the `created` event says. */
  created: { actorId: string | null; data: Record<string, unknown> };
  /** Write the allocation with the record (false when reserve() writes it). */
  withAllocation: boolean;
};

export function newBookingRecord(f: NewBookingFacts): BookingRecordInput {
  return {
    values: {
      reference: generateReference(),
      accessToken: randomBytes(32).toString("base64url"),
      idempotencyKey: f.idempotencyKey,
      runSecretHash: f.runSecretHash ?? null,
      customerId: f.customerId,
      status: f.status,
      source: f.source,
      startsAt: f.slot.start,
      endsAt: f.slot.end,
      workMinutes: f.quote.totalMinutes,
      spansBreaks: f.quote.spansBreaks,
      dayParts: storedDayParts(f.slot.parts ?? []),
      visitMode: f.quote.visitMode ?? "mobile",
      teamId: f.slot.teamId,
      currency: f.currency,
      totalMinor: f.quote.totalMinor,
      depositDueMinor: f.dueNowMinor,
      vehicleId: f.vehicleId,
      vehicleSnapshot: f.vehicleSnapshot,
      addressId: f.addressId,
      addressSnapshot: f.addressSnapshot,
      customerNotes: f.customerNotes,
      internalNotes: f.internalNotes ?? null,
      holdExpiresAt: f.holdExpiresAt,
      confirmedAt: f.status === "confirmed" ? f.now : null,
      payBy: f.payBy ?? null,
    },
    items: f.quote.lines.map((line) => ({
      kind: line.kind,
      serviceId: line.serviceId,
      name: line.name,
      priceMinor: line.priceMinor,
      minutes: line.minutes,
      vehiclePosition: vehiclePositionOf(line.kind, "vehicle" in line ? line.vehicle : null),
    })),
    moreVehicles: f.moreVehicles ?? [],
    created: f.created,
    withAllocation: f.withAllocation,
  };
}

/**
 * A new booking's emails — "confirmed" (with the calendar file) when it is booked, "received" while it
 * waits for payment or approval; the business's "new booking" — and its live events.
 */
export async function announceNewBooking(
  tx: Tx,
  booking: Booking,
  opts: { receipt?: ReceiptSection | null } = {},
): Promise<void> {
  // Made confirmed (nothing to pay online, or on account): what a confirmation brings comes first.
  if (booking.status === "confirmed")
    await port("transitionHooks").bookingConfirmed(tx, booking.id, booking.confirmedAt ?? booking.createdAt);
  await enqueueBookingEmails(tx, booking.id, booking.status === "confirmed" ? "confirmed" : "received", opts);
  await publishBookingUpdated(tx, booking);
}

/**
 * New bookings announced without an email each (a repeat booking's occurrences, ADR 0052: the series sends
 * one): what confirmation brings (an invoice on account) and the live events.
 */
export async function announceQuietly(tx: Tx, made: readonly Booking[]): Promise<void> {
  for (const booking of made) {
    if (booking.status === "confirmed")
      await port("transitionHooks").bookingConfirmed(
        tx,
        booking.id,
        booking.confirmedAt ?? booking.createdAt,
      );
    await publishBookingUpdated(tx, booking);
  }
}
