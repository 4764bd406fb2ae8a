import "server-only";
import { and, eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { BookingStatus } from "@/lib/enums";
import { addToBookingLedger, lockBooking, recordBookingEvents } from "@/modules/bookings/server";
import { expireLapsedHold, publishExpired } from "@/modules/bookings/server";
import {
  announceBooking,
  PAYMENT_ACTOR,
  publishBookingUpdated,
  transitionBooking,
} from "@/modules/bookings/server";
import { enqueueCompleteYourBooking } from "@/modules/bookings/server";
import { bookingMoney } from "@/lib/booking/booking-money";
import type { PaymentAlertKind } from "@/modules/notifications/templates/payment";
import type { Tx } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";
import { cancelOpenCheckouts, type OpenCheckout } from "./checkout";
import { enqueuePaymentAlert, enqueuePaymentReceipt, receiptSection } from "../payment-emails";
import { BALANCE_PAYABLE } from "./payment-link";
import { issueInvoiceIfDue } from "../tax-documents/tax-documents";

// Applying money that a provider says arrived. One path for the webhook and for the return page (which
// asks the provider itself rather than wait for the webhook), idempotent on the payment row: whichever
// comes first settles it, the other finds it settled and does nothing.
//
// A payment never revives a booking that stopped holding its time (expired, cancelled, or a hold that
// lapsed a moment ago): the money is refunded automatically and the business is told. The refund row is
// written here; the provider is called after the commit (see refunds.ts) so that no transaction waits
// on the network.

export type SettleOutcome =
  | { outcome: "already_settled" }
  | { outcome: "confirmed"; status: BookingStatus; closed: OpenCheckout[] }
  | { outcome: "refunding"; refundId: string; kind: PaymentAlertKind };

type Payment = typeof payments.$inferSelect;

const REFUND_TEXT: Record<Extract<PaymentAlertKind, `${string}_refunded`>, string> = {
  late_payment_refunded:
    "A payment arrived after the hold expired and was refunded. The booking stays expired and its time was not held.",
  cancelled_booking_refunded:
    "A payment arrived for a booking that was no longer going ahead and was refunded.",
  paid_twice_refunded:
    "A second online payment arrived for a booking that had already been paid, and was refunded.",
};

async function alertPaid(tx: Tx, payment: Payment, detail: string): Promise<void> {
  await enqueuePaymentAlert(tx, {
    bookingId: payment.bookingId,
    kind: "booking_paid",
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    detail: `${formatMoney(payment.amountMinor, payment.currency)} was paid online. ${detail}`,
  });
}

async function lockPayment(tx: Tx, paymentId: string): Promise<Payment | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row ?? null;
}

export async function settlePaidCheckout(
  tx: Tx,
  input: { paymentId: string; source: "webhook" | "return"; now: Date },
): Promise<SettleOutcome> {
  const { now } = input;
  const [owner] = await tx
    .select({ bookingId: payments.bookingId })
    .from(payments)
    .where(eq(payments.id, input.paymentId));
  if (!owner) throw new Error(`payment ${input.paymentId} not found`);
  // Locks in one order everywhere (booking, then its payments), as "Try again" and "Cancel booking" do.
  const booking = await lockBooking(tx, owner.bookingId);
  if (!booking) throw new Error(`booking ${owner.bookingId} not found`);
  const payment = await lockPayment(tx, input.paymentId);
  if (!payment) throw new Error(`payment ${input.paymentId} not found`);
  if (payment.status === "succeeded") return { outcome: "already_settled" };
  // A cancelled (superseded) or failed checkout that was paid after all is still money received.
  await tx.update(payments).set({ status: "succeeded", settledAt: now }).where(eq(payments.id, payment.id));
  const paymentEvent = {
    bookingId: booking.id,
    type: "payment" as const,
    toValue: "succeeded",
    data: {
      paymentId: payment.id,
      provider: payment.provider,
      kind: payment.kind,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      source: input.source,
    },
  };
  const holding =
    booking.status === "pending_payment" && (!booking.holdExpiresAt || booking.holdExpiresAt > now);

  if (holding) {
    // Approval-required bookings take no money before approval (ADR 0010), so a payment confirms.
    await addToBookingLedger(tx, booking.id, { paidMinor: payment.amountMinor });
    await recordBookingEvents(tx, [paymentEvent]);
    let closed: OpenCheckout[] = [];
    const { booking: confirmed } = await transitionBooking(tx, {
      bookingId: booking.id,
      to: "confirmed",
      from: ["pending_payment"],
      actor: PAYMENT_ACTOR,
      reason: "Payment received.",
      now,
      // One email to the customer: the confirmation carries the receipt (and the business's one alert is
      // its "new booking", sent with the confirmation).
      receipt: await receiptSection(tx, payment, now),
      effects: async (etx) => {
        // Any other open checkout of this booking ("Try again" raced this payment) is closed: the
        // caller asks the provider to expire it after the commit, so nobody is left on a payable page.
        closed = await cancelOpenCheckouts(etx, booking.id);
      },
    });
    await issueInvoiceIfDue(tx, booking.id, now);
    return { outcome: "confirmed", status: confirmed.status, closed };
  }

  // The balance of a booking that goes ahead, paid through the link the business sent: the paid amount
  // goes up and the booking stays where it is. Money beyond what is owed is refunded as a second payment.
  const owed = bookingMoney(booking).dueMinor;
  if (payment.kind === "balance" && BALANCE_PAYABLE.includes(booking.status) && payment.amountMinor <= owed) {
    await addToBookingLedger(tx, booking.id, { paidMinor: payment.amountMinor });
    await recordBookingEvents(tx, [paymentEvent]);
    const closed = await cancelOpenCheckouts(tx, booking.id);
    await enqueuePaymentReceipt(tx, payment.id);
    await alertPaid(tx, payment, "The balance of the booking was paid online.");
    await announceBooking(tx, booking);
    await issueInvoiceIfDue(tx, booking.id, now);
    return { outcome: "confirmed", status: booking.status, closed };
  }

  // Not holding: make its lapsed hold official first (the expiry job may not have run yet). Only this
  // booking's: we hold its lock, and reaching for the other lapsed holds from here would lock rows out of
  // id order and could deadlock with the sweep. Theirs are the sweep's and the next reserve's.
  const expired = booking.status === "pending_payment" ? await expireLapsedHold(tx, booking.id, now) : null;
  const kind: Extract<PaymentAlertKind, `${string}_refunded`> =
    booking.status === "pending_payment" || booking.status === "expired"
      ? "late_payment_refunded"
      : booking.status === "cancelled" || booking.status === "declined"
        ? "cancelled_booking_refunded"
        : "paid_twice_refunded";
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountMinor: payment.amountMinor,
      reason: REFUND_TEXT[kind],
      // A second payment on a paid booking is money above its price; one for a booking that no longer
      // goes ahead goes back with its ending (ADR 0040).
      reasonKind: kind === "paid_twice_refunded" ? "overpayment" : "cancellation",
      method: payment.method,
    })
    .returning({ id: refunds.id });
  if (!refund) throw new Error("refund insert returned nothing");
  // The money arrived; the refund's own amount is added when the provider accepts it.
  await addToBookingLedger(tx, booking.id, { paidMinor: payment.amountMinor });
  await recordBookingEvents(tx, [
    { ...paymentEvent, data: { ...paymentEvent.data, refundRequired: kind } },
    {
      bookingId: booking.id,
      type: "refund",
      toValue: "pending",
      data: { refundId: refund.id, paymentId: payment.id, amountMinor: payment.amountMinor, reason: kind },
    },
  ]);
  await enqueuePaymentAlert(tx, {
    bookingId: booking.id,
    kind,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    detail: `${REFUND_TEXT[kind]} Amount: ${formatMoney(payment.amountMinor, payment.currency)}.`,
  });
  if (expired) await publishExpired(tx, expired);
  // publishExpired already announced this booking when it was the one that just expired.
  if (!expired?.bookingIds.includes(booking.id)) {
    await publishBookingUpdated(tx, booking);
  }
  return { outcome: "refunding", refundId: refund.id, kind };
}

/**
 * A checkout that can no longer be paid: its pending payment is closed; the booking keeps its hold, and
 * its customer is asked (once) to complete the booking while the time is still held.
 */
export async function closeCheckout(
  tx: Tx,
  input: {
    provider: "stripe" | "test";
    checkoutId: string;
    outcome: "expired" | "cancelled" | "failed";
    now?: Date;
  },
): Promise<boolean> {
  const closed = await tx
    .update(payments)
    .set({ status: input.outcome === "failed" ? "failed" : "cancelled" })
    .where(
      and(
        eq(payments.provider, input.provider),
        eq(payments.providerReference, input.checkoutId),
        eq(payments.status, "pending"),
      ),
    )
    .returning({ id: payments.id, bookingId: payments.bookingId });
  for (const { bookingId } of closed)
    await enqueueCompleteYourBooking(tx, bookingId, input.now ?? new Date(), { skipLocked: true });
  return closed.length > 0;
}
