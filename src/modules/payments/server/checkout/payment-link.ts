import "server-only";
import { getEnv } from "@/env";
import { type BookingStatus, WORK_STATUSES } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { bookingMoney, depositOwed } from "@/lib/booking/booking-money";
import { bookingPageUrl } from "@/modules/bookings/links";
import {
  announceBooking,
  assertBookingAdmin,
  type Booking,
  bookingContext,
  enqueueCustomerEmail,
  lockBooking,
  recordBookingEvents,
  staleMessage,
} from "@/modules/bookings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import type { PaymentLinkInput } from "../../admin-money-schemas";
import { customerCheckout } from "./checkout";

// "Send a payment link" on /admin/bookings/{id}: the customer is emailed a link to pay what is owed
// through the business's active provider. A booking waiting for its online payment links to its own page
// (Pay now, the existing checkout); a confirmed booking with a balance due links to /booking/pay, where
// a `balance` checkout is opened when the customer presses Pay (startBalanceCheckout). Paid, the booking's
// paid amount goes up and it stays where it is (settle.ts).

/** Statuses whose balance can be paid online through a link. */
export const BALANCE_PAYABLE: readonly BookingStatus[] = WORK_STATUSES;

type Owed = { amountMinor: number; what: "the deposit" | "the full price" | "the balance"; url: string };

function owedOf(booking: Booking, now: Date): Owed | string {
  const appUrl = getEnv().APP_URL;
  if (booking.status === "pending_payment") {
    if (booking.holdExpiresAt && booking.holdExpiresAt <= now)
      return "The time held for this booking has lapsed: it can no longer be paid.";
    const amountMinor = depositOwed(booking);
    if (amountMinor <= 0) return "Nothing is due online for this booking.";
    return {
      amountMinor,
      what: booking.depositDueMinor < booking.totalMinor ? "the deposit" : "the full price",
      url: bookingPageUrl("success", booking, appUrl),
    };
  }
  if (!BALANCE_PAYABLE.includes(booking.status))
    return "A payment link can be sent for a booking waiting for payment, or a confirmed one with a balance due.";
  const amountMinor = bookingMoney(booking).dueMinor;
  if (amountMinor <= 0) return "Nothing is owed on this booking.";
  return { amountMinor, what: "the balance", url: bookingPageUrl("pay", booking, appUrl) };
}

/** Emails the customer a link to pay what is owed; on the timeline and audited. */
export async function sendPaymentLink(
  db: DbOrTx,
  actor: Actor,
  input: PaymentLinkInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ amountMinor: number; to: string }> {
  return db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
    const owed = owedOf(booking, now);
    if (typeof owed === "string") throw new AppError("CONFLICT", owed);
    const { view, customer } = await bookingContext(tx, booking.id);
    if (!customer)
      throw new AppError("CONFLICT", "This customer's account was erased: there is no one to email.");
    const amount = formatMoney(owed.amountMinor, booking.currency);
    await enqueueCustomerEmail(tx, { booking, customer, view }, "payment-link", {
      date: view.date,
      timeRange: view.timeRange,
      amount,
      what: owed.what,
      url: owed.url,
    });
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: actor.id,
        type: "email_sent",
        toValue: "payment_link",
        data: { template: "payment-link", to: customer.email, amountMinor: owed.amountMinor },
      },
    ]);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.payment_link",
      entity: "booking",
      entityId: booking.id,
      summary: { reference: booking.reference, amountMinor: owed.amountMinor, what: owed.what },
    });
    await announceBooking(tx, booking);
    return { amountMinor: owed.amountMinor, to: customer.email };
  });
}

function assertBalancePayable(booking: Booking): number {
  if (!BALANCE_PAYABLE.includes(booking.status))
    throw new AppError("CONFLICT", "This booking has no balance to pay online.");
  const due = bookingMoney(booking).dueMinor;
  if (due <= 0) throw new AppError("CONFLICT", "Nothing is owed on this booking: it is paid.");
  return due;
}

/** A Stripe session lives at most 24 hours; the link page opens a fresh one whenever it is pressed. */
const BALANCE_CHECKOUT_MS = 23 * 60 * 60_000;

/**
 * The customer (signed in, or through the booking's token) opens a checkout for the balance of a
 * confirmed booking. Any earlier unpaid checkout of the booking is closed, as "Try again" does.
 */
export const startBalanceCheckout = customerCheckout(async (_db, booking, now) => {
  const amountMinor = assertBalancePayable(booking);
  return {
    kind: "balance",
    amountMinor,
    describe: (title) => `Balance for ${title} — booking ${booking.reference}`,
    cancelPage: "pay",
    expiresAt: new Date(now.getTime() + BALANCE_CHECKOUT_MS),
    inTransaction: async (_tx, locked) => {
      // Paid meanwhile (another tab, cash recorded by the business): the amount must still be owed.
      if (assertBalancePayable(locked) !== amountMinor)
        throw new AppError(
          "CONFLICT",
          "What is owed on this booking changed. Reload the page and try again.",
        );
    },
  };
});
