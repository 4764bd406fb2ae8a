import "server-only";
import { bookingCharge } from "@/lib/booking/booking-money";
import { and, eq } from "drizzle-orm";
import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { formatCalendarDate } from "@/lib/dates";
import { isUuid } from "@/lib/uuid";
import { type Booking, tellCustomerBookingEnded } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { type CustomerCancelOutcome, customerCancelOutcome } from "../../domain/customer-cancel";
import type { CustomerCancelInput } from "../../schemas";
import { cancelBookingWithRefund } from "./cancel-with-refund";
import { type RefundablePayment, refundablePayments } from "./refund-limits";

// *Cancel* on /dashboard/bookings/{id} (issue 13): the customer cancels their confirmed (or still
// awaiting approval) booking. The dialog shows the outcome in this booking's money first; the use case
// recomputes it on the locked booking and refuses a dialog that no longer holds (the free window passed,
// an admin refunded or cancelled meanwhile, a second press). Online money goes back through its
// provider; money paid to the business directly is a refund task for the admin (cancelBookingWithRefund).

/** The statuses a customer cancels from here (a booking waiting for payment has its own cancel). */
export const CUSTOMER_CANCELLABLE: readonly BookingStatus[] = ["confirmed", "awaiting_approval"];

const REASON = "Cancelled by the customer from their account.";

export type MyCancelOffer = {
  bookingId: string;
  reference: string;
  from: "confirmed" | "awaiting_approval";
  /** What the dialog shows and sends back. */
  refundableMinor: number;
  refundMinor: number;
  outcome: CustomerCancelOutcome;
};

async function outcomeOf(db: DbOrTx, booking: Booking, available: RefundablePayment[], now: Date) {
  const settings = await getSettingsOrThrow(db);
  return customerCancelOutcome({
    payments: available,
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

/** What cancelling one of the customer's bookings would do now, or null when they can't cancel it here. */
export async function getMyCancelOffer(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
  now = new Date(),
): Promise<MyCancelOffer | null> {
  if (!isUuid(bookingId)) return null;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking || !CUSTOMER_CANCELLABLE.includes(booking.status)) return null;
  // A job that has started (or whose time has passed) is the business's to settle, not a cancellation.
  if (booking.startsAt <= now) return null;
  const available = await refundablePayments(db, booking.id);
  const outcome = await outcomeOf(db, booking, available, now);
  return {
    bookingId: booking.id,
    reference: booking.reference,
    from: booking.status as MyCancelOffer["from"],
    refundableMinor: outcome.paidMinor,
    refundMinor: outcome.refundMinor,
    outcome,
  };
}

/** The customer cancels their booking, with the refund the policy gives now — the one they were shown. */
export async function cancelMyBooking(
  db: DbOrTx,
  actor: Actor,
  input: CustomerCancelInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ status: BookingStatus; refundMinor: number; owedMinor: number }> {
  let outcome: CustomerCancelOutcome | undefined;
  const done = await cancelBookingWithRefund(db, {
    actor,
    role: "customer",
    bookingId: input.bookingId,
    from: input.from,
    shownRefundableMinor: input.refundableMinor,
    reason: REASON,
    authorise: async (_tx, booking) => {
      // Someone else's booking and no booking at all read the same.
      if (!booking || booking.customerId !== actor.id) throw new AppError("NOT_FOUND");
      if (booking.startsAt <= now && booking.status === input.from)
        throw new AppError(
          "CONFLICT",
          "This booking's time has started: it can't be cancelled here. Please contact us.",
        );
      return booking;
    },
    decide: async (tx, booking, available) => {
      outcome = await outcomeOf(tx, booking, available, now);
      if (outcome.refundMinor !== input.refundMinor)
        throw new AppError(
          "CONFLICT",
          `This booking changed: cancelling now gives back ${formatMoney(outcome.refundMinor, booking.currency)}, not the ${formatMoney(input.refundMinor, booking.currency)} you were shown. Look at the new amount and confirm again.`,
        );
      return outcome.refundMinor;
    },
    refunds: {
      manual: "owed",
      alert: (amount) =>
        `${amount} was refunded through the payment provider under the cancellation policy, when the customer cancelled.`,
    },
    tell: async (tx, changed, money) => {
      const m = (minor: number) => formatMoney(minor, changed.currency);
      const backToCard = money.refundMinor - money.owedMinor;
      await tellCustomerBookingEnded(
        tx,
        changed,
        "cancel",
        REASON,
        money.refundableMinor > 0 ? (money.refundMinor > 0 ? m(money.refundMinor) : "none") : null,
        {
          fee: outcome && outcome.feeMinor > 0 ? m(outcome.feeMinor) : null,
          backToCard: backToCard > 0 ? m(backToCard) : null,
          handBack: money.owedMinor > 0 ? m(money.owedMinor) : null,
        },
      );
    },
    now,
  });
  return { status: done.status, refundMinor: done.refundMinor, owedMinor: done.owedMinor };
}

/** For the page: the request's database. */
export async function loadMyCancelOffer(
  customerId: string,
  bookingId: string,
): Promise<MyCancelOffer | null> {
  return getMyCancelOffer(await getDb(), customerId, bookingId);
}
