import "server-only";
import type { Actor } from "@/server/audit";
import type { Booking } from "@/modules/bookings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { cancelOpenCheckouts, expireCheckoutsQuietly, type OpenCheckout } from "../checkout/checkout";
import { type RefundablePayment, refundablePayments, sum } from "./refund-limits";
import {
  BY_ADMIN,
  assertRefundWithin,
  assertShownRefundable,
  type RefundWriting,
  sendRefunds,
  writeRefunds,
} from "../admin-money";

// The payments module's part of cancelling a booking (the use case is the booking-cancel module's): what
// can be refunded, on the locked booking; then, in the cancellation's transaction, its open checkouts
// closed and the refund rows written; after the commit, the providers told. Three calls, in that order.

/** What a cancellation can give back: the payments newest first, and their total. */
export type CancellationMoney = { available: RefundablePayment[]; refundableMinor: number };

/** Refunded with a cancellation: by the business (handed back at once) or the customer (owed to them). */
export const REFUND_BY = {
  admin: BY_ADMIN,
  customer: {
    manual: "owed",
    alert: (amount) =>
      `${amount} was refunded through the payment provider under the cancellation policy, when the customer cancelled.`,
  },
} satisfies Record<"admin" | "customer", RefundWriting>;

/**
 * On the locked booking: the refundable money, refused (CONFLICT) when it isn't what the page showed —
 * another refund got there first.
 */
export async function cancellationMoney(
  tx: Tx,
  booking: Booking,
  shownRefundableMinor: number,
): Promise<CancellationMoney> {
  const available = await refundablePayments(tx, booking.id);
  const refundableMinor = sum(available);
  assertShownRefundable(booking, shownRefundableMinor, refundableMinor);
  return { available, refundableMinor };
}

/** A refund decided for a cancellation is within what was paid (a field message otherwise). */
export const assertCancellationRefund = (booking: Booking, refundMinor: number, money: CancellationMoney) =>
  assertRefundWithin(booking, refundMinor, money.refundableMinor);

/** What is left to do once the cancellation has committed. */
export type AfterCancel = { closed: OpenCheckout[]; online: string[] };

/**
 * In the cancellation's transaction, after the status change: the booking's open checkouts closed and the
 * refund written across its payments. Answers the part of it the business has yet to hand back.
 */
export async function refundWithCancellation(
  tx: Tx,
  input: {
    actor: Actor;
    booking: Booking;
    money: CancellationMoney;
    refundMinor: number;
    reason: string;
    by: keyof typeof REFUND_BY;
    now: Date;
  },
): Promise<{ owedMinor: number; after: AfterCancel }> {
  const closed = await cancelOpenCheckouts(tx, input.booking.id);
  if (input.refundMinor <= 0) return { owedMinor: 0, after: { closed, online: [] } };
  const written = await writeRefunds(
    tx,
    input.actor,
    input.booking,
    input.money.available,
    input.refundMinor,
    input.reason,
    "cancellation",
    input.now,
    REFUND_BY[input.by],
  );
  return { owedMinor: written.owedMinor, after: { closed, online: written.online } };
}

/** After the commit: the providers close the checkouts and make the online refunds. */
export async function afterCancellation(db: DbOrTx, after: AfterCancel, now: Date): Promise<void> {
  await expireCheckoutsQuietly(after.closed);
  await sendRefunds(db, after.online, now);
}
