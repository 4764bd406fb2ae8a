import "server-only";
import { getEnv } from "@/env";
import { ADJUSTABLE_STATUSES, type BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { bookingMoney, discountLimit } from "@/lib/booking/booking-money";
import { bookingPageUrl } from "@/modules/bookings/links";
import { enqueueEmail } from "@/modules/notifications/server";
import {
  announceBooking,
  assertBookingAdmin,
  bookingContext,
  lockBooking,
  recordBookingEvents,
  setBookingCharge,
  staleMessage,
} from "@/modules/bookings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { bookingAdjustments } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { AdjustPriceInput } from "../admin-money-schemas";
import { issueCreditNoteIfDue } from "./tax-documents/tax-documents";

// "Adjust price" on /admin/bookings/{id} (ADR 0040): a discount the business gives on a booking that
// stands, before or after payment, up to what is left of its charge. One transaction on the locked
// booking: the adjustment row, the booking's adjustments, the timeline, the audit. Paid more than the new
// charge, the booking has money refundable (an overpayment), which the money panel then offers.

/**
 * The bookings whose price may be lowered: they stand and their money is settled by the business. A hold
 * waiting for its checkout is not (its checkout asks for the amount it was opened with).
 */
export const ADJUSTABLE: readonly BookingStatus[] = ADJUSTABLE_STATUSES;

export async function adjustPrice(
  db: DbOrTx,
  actor: Actor,
  input: AdjustPriceInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ chargeMinor: number; adjustmentId: string }> {
  return db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
    if (!ADJUSTABLE.includes(booking.status))
      throw new AppError(
        "CONFLICT",
        booking.status === "pending_payment"
          ? "This booking is waiting for its online payment: its price can't be changed now."
          : "This booking has ended: its price can't be changed. Refund it instead.",
      );
    const before = bookingMoney(booking);
    const money = (m: number) => formatMoney(m, booking.currency);
    if (before.chargeMinor !== input.chargeShownMinor)
      throw new AppError(
        "CONFLICT",
        `This booking's price changed: it is ${money(before.chargeMinor)} now. Look at it and try again.`,
      );
    const limit = discountLimit(booking);
    if (input.amountMinor > limit)
      throw new AppError("VALIDATION", undefined, {
        amount: [
          limit > 0
            ? `At most ${money(limit)} can be taken off: what is left of the price.`
            : "Nothing is left of the price to take off.",
        ],
      });
    const adjustmentMinor = booking.adjustmentMinor + input.amountMinor;
    const [row] = await tx
      .insert(bookingAdjustments)
      .values({
        bookingId: booking.id,
        kind: "discount",
        amountMinor: input.amountMinor,
        reason: input.reason,
        createdBy: actor.id,
      })
      .returning({ id: bookingAdjustments.id });
    if (!row) throw new Error("adjustment insert returned nothing");
    await setBookingCharge(tx, booking.id, { adjustmentMinor, feeMinor: booking.feeMinor });
    // A discount after the VAT invoice is credited (ADR 0040); before it, the invoice shows the discount line.
    await issueCreditNoteIfDue(tx, {
      bookingId: booking.id,
      adjustmentId: row.id,
      amountMinor: input.amountMinor,
      reason: `Discount: ${input.reason}`,
      now,
    });
    const after = bookingMoney({ ...booking, adjustmentMinor });
    // No event type of its own (a new one needs a migration): a price change is an edit of the booking,
    // as its notes are, told apart by its toValue (both timelines describe it).
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: actor.id,
        type: "note",
        toValue: "price_adjusted",
        at: now,
        data: {
          adjustmentId: row.id,
          kind: "discount",
          amountMinor: input.amountMinor,
          currency: booking.currency,
          chargeMinor: after.chargeMinor,
          reason: input.reason,
        },
      },
    ]);
    // The customer hears of it: the new price and what is left to pay (or to come back).
    const { customer } = await bookingContext(tx, booking.id);
    if (customer)
      await enqueueEmail(tx, {
        to: customer.email,
        template: "price-adjusted",
        bookingId: booking.id,
        userId: customer.id,
        data: {
          name: customer.name,
          reference: booking.reference,
          amount: money(input.amountMinor),
          reason: input.reason,
          price: money(after.chargeMinor),
          due: after.dueMinor > 0 ? money(after.dueMinor) : null,
          overpaid: after.refundableMinor > 0 ? money(after.refundableMinor) : null,
          url: bookingPageUrl("success", booking, getEnv().APP_URL),
        },
      });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.adjust_price",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        adjustmentId: row.id,
        kind: "discount",
        amountMinor: input.amountMinor,
        reason: input.reason,
        chargeBeforeMinor: before.chargeMinor,
        chargeAfterMinor: after.chargeMinor,
        refundableAfterMinor: after.refundableMinor,
      },
    });
    await announceBooking(tx, booking);
    return { chargeMinor: after.chargeMinor, adjustmentId: row.id };
  });
}
