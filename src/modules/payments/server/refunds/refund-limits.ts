import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { BookingStatus, PaymentMethod, RefundReason } from "@/lib/enums";
import { type BookingMoneyInput, isClosedForMoney, refundLimit } from "@/lib/booking/booking-money";
import type { DbOrTx } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";

// What can be refunded on a booking now (ADR 0040): what each settled payment can still return, the
// booking's money with refunds on their way counted, and each refund reason's limit. Read by the money
// panel and checked again by the refund and cancellation use cases (admin-money.ts).

export type RefundablePayment = {
  id: string;
  provider: "stripe" | "test" | "manual";
  method: PaymentMethod;
  refundableMinor: number;
};

/** The booking's settled payments, newest first, with what each can still refund (net of refunds). */
export async function refundablePayments(db: DbOrTx, bookingId: string): Promise<RefundablePayment[]> {
  const [rows, taken] = await Promise.all([
    db
      .select({
        id: payments.id,
        provider: payments.provider,
        method: payments.method,
        amountMinor: payments.amountMinor,
      })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded")))
      .orderBy(desc(payments.settledAt), desc(payments.createdAt), desc(payments.id)),
    // Refunds sent or done count against their payment, and so does a failed one the retry job will send
    // again (nobody may refund that money twice meanwhile); one that gave up gave nothing back.
    db
      .select({ paymentId: refunds.paymentId, minor: sql<number>`sum(${refunds.amountMinor})::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          eq(payments.bookingId, bookingId),
          or(
            inArray(refunds.status, ["pending", "succeeded"]),
            and(eq(refunds.status, "failed"), isNotNull(refunds.retryAt)),
          ),
        ),
      )
      .groupBy(refunds.paymentId),
  ]);
  const refunded = new Map(taken.map((r) => [r.paymentId, Number(r.minor)]));
  return rows
    .map((r) => ({
      id: r.id,
      provider: r.provider,
      method: r.method,
      refundableMinor: r.amountMinor - (refunded.get(r.id) ?? 0),
    }))
    .filter((r) => r.refundableMinor > 0);
}

export const sum = (rows: { refundableMinor: number }[]) => rows.reduce((s, r) => s + r.refundableMinor, 0);

/**
 * Online refunds written but not yet accepted by their provider: they count against their payment at
 * once (refundablePayments) but reach the booking's ledger only when the provider accepts them
 * (refunds.ts). Failed ones the retry job will send again count too.
 */
async function unledgeredRefundsMinor(db: DbOrTx, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ minor: sql<number>`coalesce(sum(${refunds.amountMinor}), 0)::int` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.bookingId, bookingId),
        isNull(refunds.providerReference),
        or(eq(refunds.status, "pending"), and(eq(refunds.status, "failed"), isNotNull(refunds.retryAt))),
      ),
    );
  return Number(row?.minor ?? 0);
}

/** The booking's money with the refunds on their way counted as refunded (what limits must read). */
export async function moneyWithPendingRefunds(
  db: DbOrTx,
  booking: BookingMoneyInput & { id: string },
): Promise<BookingMoneyInput> {
  const pending = await unledgeredRefundsMinor(db, booking.id);
  return {
    status: booking.status,
    totalMinor: booking.totalMinor,
    adjustmentMinor: booking.adjustmentMinor,
    feeMinor: booking.feeMinor,
    amountPaidMinor: booking.amountPaidMinor,
    amountRefundedMinor: booking.amountRefundedMinor + pending,
  };
}

/**
 * The refund reasons that apply to a booking, the one offered first first: money above the charge goes
 * back as an overpayment before anything lowers the price again (after a discount, Refund returns the
 * difference rather than cutting the price twice).
 */
export const refundReasonsFor = (status: BookingStatus): RefundReason[] =>
  isClosedForMoney(status) ? ["cancellation", "goodwill"] : ["overpayment", "goodwill"];

/** The most a refund for each reason may return now: its money rule, and what the payments can return. */
export function refundLimits(money: BookingMoneyInput, physicalMinor: number): Record<RefundReason, number> {
  const allowed = refundReasonsFor(money.status);
  const limit = (r: RefundReason) =>
    allowed.includes(r) ? Math.min(physicalMinor, refundLimit(money, r)) : 0;
  return {
    cancellation: limit("cancellation"),
    goodwill: limit("goodwill"),
    overpayment: limit("overpayment"),
  };
}
