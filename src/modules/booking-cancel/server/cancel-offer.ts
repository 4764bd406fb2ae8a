import "server-only";
import { bookingCharge } from "@/lib/booking/booking-money";
import { type BookingStatus, STANDING_STATUSES } from "@/lib/enums";
import { formatCalendarDate } from "@/lib/dates";
import { isUuid } from "@/lib/uuid";
import { type Booking, findCustomerBooking } from "@/modules/bookings/server";
import { policyRefund } from "@/modules/payments/domain/money";
import { type CancellationMoney, refundablePayments } from "@/modules/payments/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb, type Tx } from "@/server/db";
import { type CustomerCancelOutcome, customerCancelOutcome } from "../domain/cancel-outcome";

// What cancelling would do, decided in one place for the dialog that shows it and the use case that
// recomputes it on the locked booking (cancel-booking.ts): the customer's outcome under the policy, and on
// account (ADR 0051) the late fee that is invoiced rather than kept from money paid.

/** The statuses a customer cancels from their account (a booking waiting for payment has its own cancel). */
export const CUSTOMER_CANCELLABLE: readonly BookingStatus[] = STANDING_STATUSES;

export const CUSTOMER_CANCEL_REASON = "Cancelled by the customer from their account.";

export type MyCancelOffer = {
  bookingId: string;
  reference: string;
  from: "confirmed" | "awaiting_approval";
  /** What the dialog shows and sends back. */
  refundableMinor: number;
  refundMinor: number;
  outcome: CustomerCancelOutcome;
};

/** What the policy gives the customer back now, from the money the booking can still refund. */
export async function customerOutcome(
  db: DbOrTx,
  booking: Booking,
  money: Pick<CancellationMoney, "available">,
  now: Date,
): Promise<CustomerCancelOutcome> {
  const settings = await getSettingsOrThrow(db);
  return customerCancelOutcome({
    payments: money.available,
    // The late fee is a share of the price as it stands now (discounts and goodwill taken off).
    totalMinor: bookingCharge(booking),
    currency: booking.currency,
    startsAt: booking.startsAt,
    now,
    freeCancellationHours: settings.freeCancellationHours,
    lateCancellationFeePercent: settings.lateCancellationFeePercent,
    businessName: settings.businessName,
    payBy: booking.payBy ? formatCalendarDate(booking.payBy) : null,
  });
}

/**
 * On account a late cancellation's fee is invoiced, not kept from money paid: the policy's fee beyond what
 * was paid, which the booking then owes (its charge becomes the fee; the invoice's credit note covers the
 * rest, and the booking stays on the receivables list until it is paid).
 */
export async function onAccountFeeOwed(
  tx: Tx,
  booking: Booking,
  netPaidMinor: number,
  now: Date,
): Promise<number> {
  if (booking.payBy === null || booking.status === "awaiting_approval") return 0;
  const settings = await getSettingsOrThrow(tx);
  return policyRefund({
    totalMinor: bookingCharge(booking),
    netPaidMinor,
    startsAt: booking.startsAt,
    now,
    freeCancellationHours: settings.freeCancellationHours,
    lateCancellationFeePercent: settings.lateCancellationFeePercent,
    onAccount: true,
  }).feeOwedMinor;
}

/** What cancelling one of the customer's bookings would do now, or null when they can't cancel it here. */
export async function getMyCancelOffer(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
  now = new Date(),
): Promise<MyCancelOffer | null> {
  if (!isUuid(bookingId)) return null;
  const booking = await findCustomerBooking(db, customerId, bookingId);
  if (!booking || !CUSTOMER_CANCELLABLE.includes(booking.status)) return null;
  // A job that has started (or whose time has passed) is the business's to settle, not a cancellation.
  if (booking.startsAt <= now) return null;
  const outcome = await customerOutcome(
    db,
    booking,
    { available: await refundablePayments(db, booking.id) },
    now,
  );
  return {
    bookingId: booking.id,
    reference: booking.reference,
    from: booking.status as MyCancelOffer["from"],
    refundableMinor: outcome.paidMinor,
    refundMinor: outcome.refundMinor,
    outcome,
  };
}

/** For the page: the request's database. */
export async function loadMyCancelOffer(
  customerId: string,
  bookingId: string,
): Promise<MyCancelOffer | null> {
  return getMyCancelOffer(await getDb(), customerId, bookingId);
}
