import "server-only";
import { bookingCharge } from "@/lib/booking/booking-money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { policyRefund } from "../../domain/money";
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
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { type CancelWithRefundInput } from "../../admin-money-schemas";
import { cancelOpenCheckouts, expireCheckoutsQuietly, type OpenCheckout } from "../checkout/checkout";
import { type RefundablePayment, refundablePayments, sum } from "./refund-limits";
import type { Options, RefundWriting } from "../admin-money";
import {
  BY_ADMIN,
  assertRefundWithin,
  assertShownRefundable,
  sendRefunds,
  writeRefunds,
} from "../admin-money";

// The business cancels a booking and refunds what the policy (or the admin, within it) gives back, in one
// transaction on the locked booking; the customer's own cancellation goes through cancelBookingWithRefund too.

/** What a cancellation refunds, as its caller tells the customer about it. */
export type CancelMoney = {
  /** Paid and still refundable before the cancellation. */
  refundableMinor: number;
  /** The refund made with it (online and handed back together). */
  refundMinor: number;
  /** Of the refund: money paid to the business directly, which it has yet to hand back. */
  owedMinor: number;
};

/**
 * The one cancellation with a refund, for the admin (cancelWithRefund) and the customer
 * (cancelMyBooking): on the locked booking — who asks, the status and the refundable money the page
 * showed (anything else is refused and nothing written), the refund decided → the status change through
 * transitionBooking with, in its transaction, open checkouts closed, the refund rows written and the
 * customer told → an audit row. After the commit the providers are asked to close the checkouts and to
 * make the online refunds.
 */
export async function cancelBookingWithRefund(
  db: DbOrTx,
  input: {
    actor: Actor;
    role: "admin" | "customer";
    bookingId: string;
    /** The status the page showed. */
    from: BookingStatus;
    /** The refundable money the page showed. */
    shownRefundableMinor: number;
    reason: string;
    /** The admin waives the late fee an on-account booking would owe (the customer can't). */
    waiveFee?: boolean;
    /** Who asks may cancel this booking (NOT_FOUND when it isn't theirs to see). */
    authorise: (tx: Tx, booking: Booking | null) => Promise<Booking>;
    /** The refund, once the booking is locked: may refuse (a field message, or what the page showed). */
    decide: (
      tx: Tx,
      booking: Booking,
      available: RefundablePayment[],
      refundableMinor: number,
    ) => Promise<number>;
    refunds: RefundWriting;
    tell: (tx: Tx, changed: Booking, money: CancelMoney) => Promise<void>;
    now: Date;
  },
): Promise<{ status: BookingStatus } & CancelMoney> {
  let closed: OpenCheckout[] = [];
  let online: string[] = [];
  const result = await db.transaction(async (tx) => {
    const current = await input.authorise(tx, await lockBooking(tx, input.bookingId));
    if (current.status !== input.from)
      throw new AppError(
        "CONFLICT",
        current.status === "cancelled" ? ALREADY_CANCELLED : staleMessage(current),
      );
    const available = await refundablePayments(tx, current.id);
    const refundable = sum(available);
    assertShownRefundable(current, input.shownRefundableMinor, refundable);
    const refundMinor = await input.decide(tx, current, available, refundable);
    assertRefundWithin(current, refundMinor, refundable);
    const feeOwedMinor = input.waiveFee ? 0 : await onAccountFeeOwed(tx, current, refundable, input.now);
    const money: CancelMoney = { refundableMinor: refundable, refundMinor, owedMinor: 0 };
    const { booking } = await transitionBooking(tx, {
      bookingId: current.id,
      to: "cancelled",
      actor: { role: input.role, id: input.actor.id },
      from: [input.from],
      reason: input.reason,
      now: input.now,
      refusal: staleMessage(current),
      data: { refundMinor },
      refundMinor,
      // What the payments can still return: net paid with refunds on their way counted.
      netPaidMinor: refundable,
      feeOwedMinor,
      effects: async (etx, changed) => {
        closed = await cancelOpenCheckouts(etx, changed.id);
        if (refundMinor > 0) {
          const w = await writeRefunds(
            etx,
            input.actor,
            changed,
            available,
            refundMinor,
            input.reason,
            "cancellation",
            input.now,
            input.refunds,
          );
          online = w.online;
          money.owedMinor = w.owedMinor;
        }
        // The fall of the charge to the fee kept is credited by transitionBooking's charge-fall listener.
        await input.tell(etx, changed, money);
      },
    });
    await writeAudit(tx, {
      actorId: input.actor.id,
      ip: input.actor.ip,
      action: "booking.cancel",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        by: input.role,
        from: input.from,
        to: booking.status,
        reason: input.reason,
        refundMinor,
        refundableMinor: refundable,
        owedMinor: money.owedMinor,
      },
    });
    return { status: booking.status, ...money };
  });
  await expireCheckoutsQuietly(closed);
  await sendRefunds(db, online, input.now);
  return result;
}

/**
 * On account (ADR 0051) a late cancellation's fee is invoiced, not kept from money paid: the policy's fee
 * beyond what was paid, which the booking then owes (its charge becomes the fee; the invoice's credit note
 * covers the rest, and the booking stays on the receivables list until it is paid).
 */
async function onAccountFeeOwed(tx: Tx, booking: Booking, netPaidMinor: number, now: Date): Promise<number> {
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

export const ALREADY_CANCELLED = "This booking is already cancelled.";

/** Cancel, with the refund the admin settled on (the policy's by default), in one transaction. */
export async function cancelWithRefund(
  db: DbOrTx,
  actor: Actor,
  input: CancelWithRefundInput,
  { now = new Date() }: Options = {},
): Promise<{ status: BookingStatus; refundedMinor: number }> {
  const { status } = await cancelBookingWithRefund(db, {
    actor,
    role: "admin",
    bookingId: input.bookingId,
    from: input.from,
    shownRefundableMinor: input.refundableMinor,
    reason: input.reason,
    waiveFee: input.chargeFee === false,
    authorise: async (tx, booking) => {
      await assertBookingAdmin(tx, actor);
      if (!booking) throw new AppError("NOT_FOUND");
      return booking;
    },
    decide: async () => input.refundMinor,
    refunds: BY_ADMIN,
    tell: async (tx, changed, money) => {
      const refund =
        money.refundableMinor > 0
          ? money.refundMinor > 0
            ? formatMoney(money.refundMinor, changed.currency)
            : "none"
          : null;
      await tellCustomerBookingEnded(tx, changed, "cancel", input.reason, refund);
    },
    now,
  });
  return { status, refundedMinor: input.refundMinor };
}
