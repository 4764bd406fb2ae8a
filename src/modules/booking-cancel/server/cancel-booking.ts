import "server-only";
import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import {
  assertBookingAdmin,
  type Booking,
  lockBooking,
  staleMessage,
  tellCustomerBookingEnded,
  transitionBooking,
} from "@/modules/bookings/server";
import {
  afterCancellation,
  assertCancellationRefund,
  cancellationMoney,
  refundWithCancellation,
} from "@/modules/payments/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import type { CancelWithRefundInput, CustomerCancelInput } from "../schemas";
import { CUSTOMER_CANCEL_REASON, customerOutcome, onAccountFeeOwed } from "./cancel-offer";

// Cancelling a booking, by the business (/admin/bookings/{id}: its reason, and the refund the policy
// gives or the admin settles on) or by its customer (/dashboard/bookings/{id}: the policy's refund, the one
// their dialog showed). One transaction, read top to bottom: lock the booking once → who asks may cancel
// it, from the status their page showed → the refund decided (refused when the page's money no longer
// holds) → the status change (bookings' one transition path, on the row locked here) → the refund written
// and open checkouts closed (payments) → the customer's email and the audit row. After the commit the
// providers close the checkouts and make the online refunds.

export type CancelRequest =
  ({ by: "customer" } & CustomerCancelInput) | ({ by: "admin" } & CancelWithRefundInput);

export type Cancelled = {
  status: BookingStatus;
  /** Paid and still refundable before the cancellation. */
  refundableMinor: number;
  /** The refund made with it (online and handed back together). */
  refundMinor: number;
  /** Of the refund: money paid to the business directly, which it has yet to hand back. */
  owedMinor: number;
};

export const ALREADY_CANCELLED = "This booking is already cancelled.";

export async function cancelBooking(
  db: DbOrTx,
  actor: Actor,
  request: CancelRequest,
  now = new Date(),
): Promise<Cancelled> {
  const done = await db.transaction(async (tx) => {
    const booking = await authorise(tx, actor, request, await lockBooking(tx, request.bookingId), now);
    const money = await cancellationMoney(tx, booking, request.refundableMinor);
    const outcome = request.by === "customer" ? await customerOutcome(tx, booking, money, now) : null;
    if (outcome && outcome.refundMinor !== request.refundMinor)
      throw new AppError("CONFLICT", changedMessage(booking, outcome.refundMinor, request.refundMinor));
    const refundMinor = outcome ? outcome.refundMinor : request.refundMinor;
    assertCancellationRefund(booking, refundMinor, money);
    const waived = request.by === "admin" && request.chargeFee === false;
    const reason = request.by === "admin" ? request.reason : CUSTOMER_CANCEL_REASON;

    const { booking: changed } = await transitionBooking(tx, {
      bookingId: booking.id,
      locked: booking,
      to: "cancelled",
      actor: { role: request.by, id: actor.id },
      from: [request.from],
      reason,
      now,
      refusal: staleMessage(booking),
      data: { refundMinor },
      refundMinor,
      // What the payments can still return: net paid with refunds on their way counted.
      netPaidMinor: money.refundableMinor,
      feeOwedMinor: waived ? 0 : await onAccountFeeOwed(tx, booking, money.refundableMinor, now),
    });
    // The fall of the charge to the fee kept is credited by the transition's charge-fall listener.
    const refund = await refundWithCancellation(tx, {
      actor,
      booking: changed,
      money,
      refundMinor,
      reason,
      by: request.by,
      now,
    });

    const m = (minor: number) => formatMoney(minor, changed.currency);
    const refundWords = money.refundableMinor > 0 ? (refundMinor > 0 ? m(refundMinor) : "none") : null;
    const backToCard = refundMinor - refund.owedMinor;
    await tellCustomerBookingEnded(
      tx,
      changed,
      "cancel",
      reason,
      refundWords,
      outcome
        ? {
            fee: outcome.feeMinor > 0 ? m(outcome.feeMinor) : null,
            backToCard: backToCard > 0 ? m(backToCard) : null,
            handBack: refund.owedMinor > 0 ? m(refund.owedMinor) : null,
          }
        : undefined,
    );
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.cancel",
      entity: "booking",
      entityId: changed.id,
      summary: {
        reference: changed.reference,
        by: request.by,
        from: request.from,
        to: changed.status,
        reason,
        refundMinor,
        refundableMinor: money.refundableMinor,
        owedMinor: refund.owedMinor,
      },
    });
    const cancelled: Cancelled = {
      status: changed.status,
      refundableMinor: money.refundableMinor,
      refundMinor,
      owedMinor: refund.owedMinor,
    };
    return { cancelled, after: refund.after };
  });
  await afterCancellation(db, done.after, now);
  return done.cancelled;
}

/**
 * Who asks may cancel this booking, from the status their page showed. Someone else's booking and no
 * booking at all read the same (NOT_FOUND); a customer can't cancel a job whose time has started.
 */
async function authorise(
  tx: Tx,
  actor: Actor,
  request: CancelRequest,
  booking: Booking | null,
  now: Date,
): Promise<Booking> {
  if (request.by === "admin") await assertBookingAdmin(tx, actor);
  if (!booking || (request.by === "customer" && booking.customerId !== actor.id))
    throw new AppError("NOT_FOUND");
  if (request.by === "customer" && booking.startsAt <= now && booking.status === request.from)
    throw new AppError(
      "CONFLICT",
      "This booking's time has started: it can't be cancelled here. Please contact us.",
    );
  if (booking.status !== request.from)
    throw new AppError(
      "CONFLICT",
      booking.status === "cancelled" ? ALREADY_CANCELLED : staleMessage(booking),
    );
  return booking;
}

const changedMessage = (booking: Booking, nowMinor: number, shownMinor: number) =>
  `This booking changed: cancelling now gives back ${formatMoney(nowMinor, booking.currency)}, not the ${formatMoney(shownMinor, booking.currency)} you were shown. Look at the new amount and confirm again.`;

/** The customer cancels their booking, with the refund the policy gives now — the one they were shown. */
export async function cancelMyBooking(
  db: DbOrTx,
  actor: Actor,
  input: CustomerCancelInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ status: BookingStatus; refundMinor: number; owedMinor: number }> {
  const done = await cancelBooking(db, actor, { by: "customer", ...input }, now);
  return { status: done.status, refundMinor: done.refundMinor, owedMinor: done.owedMinor };
}

/** The business cancels, with the refund the admin settled on (the policy's by default). */
export async function cancelWithRefund(
  db: DbOrTx,
  actor: Actor,
  input: CancelWithRefundInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ status: BookingStatus; refundedMinor: number }> {
  const done = await cancelBooking(db, actor, { by: "admin", ...input }, now);
  return { status: done.status, refundedMinor: done.refundMinor };
}
