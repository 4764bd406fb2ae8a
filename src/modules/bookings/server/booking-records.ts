import "server-only";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db";
import {
  allocations,
  bookingEvents,
  bookingItems,
  bookings,
  bookingVehicles,
  type VehicleSnapshot,
} from "@/server/db/schema";
import { bookingParts } from "@/lib/day-parts";
import { allocationStatusFor } from "../domain/booking-status";

// The bookings module's writes that are not a status change, for the modules around it: a booking's
// record (the wizard, the seed and the factories make one the same way), its timeline, its money ledger,
// its payment hold and the erasure of a deleted customer's details. No other module writes these tables;
// status changes go through transitionBooking (transition-booking.ts).

export type Booking = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
/**
 * Events are stamped when they are written (`clock_timestamp()`), not when their transaction began (the
 * column's `now()` default): events of one transaction — a phone booking made and paid at once — would
 * otherwise share one instant and the random id would pick their order ("Payment received" above
 * "Booked"). Readers order by (at, id). An explicit `at` (the demo data's history) is kept.
 */
export const eventWrittenAt = (): SQL => sql`clock_timestamp()`;

export type BookingEventRow = Omit<typeof bookingEvents.$inferInsert, "id" | "createdAt" | "at"> & {
  at?: Date | SQL;
};
export type BookingItemRow = Omit<typeof bookingItems.$inferInsert, "id" | "bookingId" | "position">;

export type BookingRecordInput = {
  values: NewBooking;
  items: readonly BookingItemRow[];
  /** The visit's vehicles after the booking's own (positions 1, 2, …; ADR 0050). */
  moreVehicles?: readonly { vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[];
  /** Who made it (null: the system acting on an online submission) and what the `created` event says. */
  created: { actorId: string | null; data?: Record<string, unknown>; at?: Date };
  /** Holds the booking's time with its own allocation; false when reserve() writes it. */
  withAllocation: boolean;
  /** Earlier history to show on the timeline (the demo data's finished jobs). */
  history?: readonly Omit<BookingEventRow, "bookingId">[];
};

/**
 * The vehicle a line is for (ADR 0050): a package or add-on's given position, or the booking's own (0)
 * when none is given; null for the visit's lines (travel, discounts). The check `booking_items_vehicle`
 * holds the same rule in the database.
 */
export function vehiclePositionOf(kind: BookingItemRow["kind"], given?: number | null): number | null {
  return kind === "package" || kind === "addon" ? (given ?? 0) : null;
}

/** Writes a booking, its line items, its `created` event and (optionally) its allocation. */
export async function insertBookingRecord(db: DbOrTx, input: BookingRecordInput): Promise<Booking> {
  const [booking] = await db.insert(bookings).values(input.values).returning();
  if (!booking) throw new Error("booking insert returned nothing");
  if (input.moreVehicles?.length)
    await db
      .insert(bookingVehicles)
      .values(input.moreVehicles.map((v, i) => ({ ...v, bookingId: booking.id, position: i + 1 })));
  if (input.items.length)
    await db.insert(bookingItems).values(
      input.items.map((it, position) => ({
        ...it,
        // A package or add-on given without a vehicle is for the booking's own (position 0).
        vehiclePosition: it.vehiclePosition ?? (it.kind === "package" || it.kind === "addon" ? 0 : null),
        bookingId: booking.id,
        position,
      })),
    );
  if (input.withAllocation)
    await db.insert(allocations).values(
      bookingParts(booking).map((part) => ({
        teamId: booking.teamId,
        during: part,
        kind: "booking" as const,
        status: allocationStatusFor(booking.status),
        bookingId: booking.id,
        holdExpiresAt: booking.holdExpiresAt,
      })),
    );
  await db.insert(bookingEvents).values({
    bookingId: booking.id,
    actorId: input.created.actorId,
    type: "created",
    toValue: booking.status,
    ...(input.created.data ? { data: input.created.data } : {}),
    // The demo's past bookings were made when they were made, not when the seed ran.
    at: input.created.at ?? eventWrittenAt(),
  });
  if (input.history?.length)
    await db
      .insert(bookingEvents)
      .values(input.history.map((e) => ({ ...e, bookingId: booking.id, at: e.at ?? eventWrittenAt() })));
  return booking;
}

/** One of a customer's bookings as stored; null when it isn't theirs (or isn't there). */
export async function findCustomerBooking(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  return row ?? null;
}

/** Locks the booking row for the caller's transaction (lock order everywhere: booking, then payments). */
export async function lockBooking(tx: Tx, bookingId: string): Promise<Booking | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  return row ?? null;
}

/** Adds entries to a booking's timeline (payments, refunds) in the caller's transaction. */
export async function recordBookingEvents(tx: Tx, events: readonly BookingEventRow[]): Promise<void> {
  // One statement each, so that each is stamped after the one before it.
  for (const e of events) await tx.insert(bookingEvents).values({ ...e, at: e.at ?? eventWrittenAt() });
}

/** Money received or refunded, counted on the booking's ledger (the payment status derives from it). */
export async function addToBookingLedger(
  tx: Tx,
  bookingId: string,
  amounts: { paidMinor?: number; refundedMinor?: number },
): Promise<void> {
  const paid = amounts.paidMinor ?? 0;
  const refunded = amounts.refundedMinor ?? 0;
  if (!paid && !refunded) return;
  await tx
    .update(bookings)
    .set({
      amountPaidMinor: sql`${bookings.amountPaidMinor} + ${paid}`,
      amountRefundedMinor: sql`${bookings.amountRefundedMinor} + ${refunded}`,
    })
    .where(eq(bookings.id, bookingId));
}

/**
 * A change to what the booking charges (ADR 0040): its adjustments (a discount, a goodwill refund) or a
 * closed booking's fee, as the payments module's use cases derive them with afterRefund/discountLimit.
 */
export async function setBookingCharge(
  tx: Tx,
  bookingId: string,
  terms: { adjustmentMinor: number; feeMinor: number | null },
): Promise<void> {
  await tx
    .update(bookings)
    .set({ adjustmentMinor: terms.adjustmentMinor, feeMinor: terms.feeMinor })
    .where(eq(bookings.id, bookingId));
}

/**
 * Holds a pending booking's time until `until` (a checkout that can be paid that long), booking and
 * allocation together. Never shortens a hold and never revives one: only a booking still waiting for
 * payment, with a later expiry than it has, is changed.
 */
export async function extendPaymentHold(tx: Tx, bookingId: string, until: Date): Promise<boolean> {
  const changed = await tx
    .update(bookings)
    .set({ holdExpiresAt: until })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, "pending_payment"),
        sql`${bookings.holdExpiresAt} < ${until.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: bookings.id });
  if (!changed.length) return false;
  await tx
    .update(allocations)
    .set({ holdExpiresAt: until })
    .where(
      and(
        eq(allocations.bookingId, bookingId),
        eq(allocations.kind, "booking"),
        eq(allocations.status, "pending_payment"),
      ),
    );
  return true;
}

/**
 * Claims a confirmed booking's reminder for this start time (a booking moved since has another one).
 * Null when another worker claimed it first or the booking changed: the reminder is then not sent twice.
 */
export async function claimBookingReminder(
  tx: Tx,
  bookingId: string,
  startsAt: Date,
  now: Date,
): Promise<Booking | null> {
  const [claimed] = await tx
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(bookings.id, bookingId),
        isNull(bookings.reminderSentAt),
        eq(bookings.status, "confirmed"),
        eq(bookings.startsAt, startsAt),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** The customer's answer to the site checklist, kept on the booking (the caller holds its lock). */
export async function setSiteCheckAnswer(
  tx: Tx,
  bookingId: string,
  answer: { answer: "all_set" | "changed"; note: string | null; now: Date },
): Promise<Booking | null> {
  const [updated] = await tx
    .update(bookings)
    .set({
      siteCheck: answer.answer,
      siteCheckNote: answer.note,
      siteCheckAt: answer.now,
      updatedAt: answer.now,
    })
    .where(eq(bookings.id, bookingId))
    .returning();
  return updated ?? null;
}

/**
 * A deleted account's bookings stay in the business's books without the personal parts: notes,
 * registration, colour and year, the street address (the town and the postcode district remain), and
 * the reason they gave when they cancelled.
 */
export async function eraseCustomerFromBookings(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({
      customerNotes: null,
      vehicleSnapshot: sql`jsonb_build_object('make', ${bookings.vehicleSnapshot}->>'make', 'model', ${bookings.vehicleSnapshot}->>'model', 'sizeName', ${bookings.vehicleSnapshot}->>'sizeName', 'year', null, 'colour', null, 'registration', 'REMOVED')`,
      addressSnapshot: sql`jsonb_build_object('label', 'Removed', 'line1', 'Removed', 'line2', null, 'town', ${bookings.addressSnapshot}->>'town', 'postcode', split_part(${bookings.addressSnapshot}->>'postcode', ' ', 1), 'accessNotes', null, 'hasWater', null, 'hasPower', null, 'hasCoveredSpace', null)`,
    })
    .where(eq(bookings.customerId, userId));
  await tx.update(bookings).set({ cancellationReason: null }).where(eq(bookings.cancelledBy, userId));
}

/** Makes a booking the first visit of a repeat booking (ADR 0052), in the series' transaction. */
export async function attachToSeries(tx: Tx, bookingId: string, seriesId: string): Promise<void> {
  await tx.update(bookings).set({ seriesId }).where(eq(bookings.id, bookingId));
}
