import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import type { BookingStatus, PaymentStatus, RefundReason, RefundStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { isUuid } from "@/lib/uuid";
import { bookingCharge, bookingMoney, depositOwed, discountLimit } from "@/lib/booking/booking-money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";
import { REFUND_MAX_ATTEMPTS } from "../domain/refund-plan";
import { MANUAL_METHOD_LABELS, policyRefund, canRecordPayment } from "../domain/money";
import { REFUND_REASON_CHOICES } from "../admin-money-schemas";
import {
  moneyWithPendingRefunds,
  refundablePayments,
  refundLimits,
  refundReasonsFor,
} from "./refunds/refund-limits";
import { ADJUSTABLE } from "./adjust-price";
import { type AdjustmentLine, bookingAdjustmentLines } from "./booking-ledger";
import { BALANCE_PAYABLE } from "./checkout/payment-link";
import { findBooking } from "@/modules/bookings/server";

// What the money panel of /admin/bookings/{id} shows and offers: the payments and refunds, what can be
// refunded, what the cancellation policy would refund now, and whether a payment link can be sent.

export type MoneyLine = { id: string; what: string; amount: string; status: string; at: string };

export type AdminMoneyPanel = {
  bookingId: string;
  status: BookingStatus;
  currency: string;
  payments: MoneyLine[];
  refunds: MoneyLine[];
  /** What the payments can physically return (net of refunds made or on their way). */
  refundableMinor: number;
  refundable: string;
  /** The refund reasons offered now, each with its limit (ADR 0040); none with a zero limit. */
  refundReasons: { kind: RefundReason; label: string; limitMinor: number; limit: string }[];
  /** The booking's charge now (what the customer is liable for), and what a discount may take off it. */
  chargeMinor: number;
  charge: string;
  discountLimitMinor: number;
  /** The one money definition's figures (ADR 0040), printed: the total, adjustments, net paid, and the
   * money above the charge (refundable), with each adjustment's reason. */
  total: string;
  adjustment: string;
  adjustmentMinor: number;
  netPaid: string;
  overpaidMinor: number;
  overpaid: string;
  closed: boolean;
  adjustments: AdjustmentLine[];
  dueMinor: number;
  due: string;
  /** Money can be recorded against the booking (it goes ahead or has happened). */
  canRecord: boolean;
  /** What a payment link would ask for now, or null when none can be sent. */
  link: { amount: string; what: string } | null;
  /** The refund the cancellation policy gives if the booking were cancelled now. */
  /** Cancelling now: the policy's refund, and on account the late fee it would invoice (0 when none). */
  cancel: { refundMinor: number; refund: string; explanation: string; feeOwedMinor: number; feeOwed: string };
};

const PROVIDER_LABELS = { stripe: "Card (Stripe)", test: "Test provider", manual: "Recorded" } as const;

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Waiting (checkout open)",
  succeeded: "Received",
  failed: "Failed",
  cancelled: "Closed unpaid",
};

const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Sent to the provider",
  succeeded: "Refunded",
  failed: "Failed — refund it from the provider's dashboard",
};

export async function getAdminMoneyPanel(
  db: DbOrTx,
  bookingId: string,
  now = new Date(),
): Promise<AdminMoneyPanel | null> {
  if (!isUuid(bookingId)) return null;
  const booking = await findBooking(db, bookingId);
  if (!booking) return null;
  const [settings, paymentRows, refundRows, available] = await Promise.all([
    getSettingsOrThrow(db),
    db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, bookingId))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId))
      .orderBy(desc(refunds.createdAt), desc(refunds.id)),
    refundablePayments(db, bookingId),
  ]);
  const tz = settings.timeZone;
  const adjustments = await bookingAdjustmentLines(db, bookingId, booking.currency, tz);
  const money = (m: number) => formatMoney(m, booking.currency);
  const refundableMinor = available.reduce((s, p) => s + p.refundableMinor, 0);
  const limits = refundLimits(await moneyWithPendingRefunds(db, booking), refundableMinor);
  const standing = bookingMoney(booking);
  const canRecord = canRecordPayment(booking.status);
  // The one definition (ADR 0040): a closed booking owes only what its fee still needs (a missed one's).
  const dueMinor = standing.dueMinor;
  const holding = !booking.holdExpiresAt || booking.holdExpiresAt > now;
  const pendingDue = depositOwed(booking);
  const link =
    booking.status === "pending_payment" && holding && pendingDue > 0
      ? {
          amount: money(pendingDue),
          what: booking.depositDueMinor < booking.totalMinor ? "the deposit" : "the full price",
        }
      : BALANCE_PAYABLE.includes(booking.status) && dueMinor > 0
        ? { amount: money(dueMinor), what: "the balance" }
        : null;
  const policy = policyRefund({
    totalMinor: bookingCharge(booking),
    netPaidMinor: refundableMinor,
    startsAt: booking.startsAt,
    now,
    freeCancellationHours: settings.freeCancellationHours,
    lateCancellationFeePercent: settings.lateCancellationFeePercent,
    onAccount: booking.payBy !== null,
  });
  return {
    bookingId,
    status: booking.status,
    currency: booking.currency,
    payments: paymentRows.map((p) => ({
      id: p.id,
      what:
        p.provider === "manual"
          ? `${MANUAL_METHOD_LABELS[p.method]} (recorded)`
          : `${PROVIDER_LABELS[p.provider]} · ${p.kind}`,
      amount: money(p.amountMinor),
      status: PAYMENT_STATUS_LABELS[p.status],
      at: formatDateTime(p.settledAt ?? p.createdAt, tz),
    })),
    refunds: refundRows.map(({ refund, provider }) => ({
      id: refund.id,
      what: `${
        provider === "manual" || refund.method !== "online"
          ? `Handed back (${MANUAL_METHOD_LABELS[refund.method]})`
          : PROVIDER_LABELS[provider]
      } · ${REFUND_REASON_CHOICES[refund.reasonKind].toLowerCase()}${refund.reason ? ` — ${refund.reason}` : ""}`,
      amount: money(refund.amountMinor),
      status:
        refund.status === "failed" && refund.retryAt
          ? `Failed — retried automatically (attempt ${refund.attempts + 1} of ${REFUND_MAX_ATTEMPTS})`
          : REFUND_STATUS_LABELS[refund.status],
      at: formatDateTime(refund.settledAt ?? refund.createdAt, tz),
    })),
    refundableMinor,
    refundable: money(refundableMinor),
    refundReasons: refundReasonsFor(booking.status)
      .filter((kind) => limits[kind] > 0)
      .map((kind) => ({
        kind,
        label: REFUND_REASON_CHOICES[kind],
        limitMinor: limits[kind],
        limit: money(limits[kind]),
      })),
    chargeMinor: standing.chargeMinor,
    charge: money(standing.chargeMinor),
    discountLimitMinor: ADJUSTABLE.includes(booking.status) ? discountLimit(booking) : 0,
    total: money(standing.totalMinor),
    adjustment: money(standing.adjustmentMinor),
    adjustmentMinor: standing.adjustmentMinor,
    netPaid: money(standing.netPaidMinor),
    overpaidMinor: standing.refundableMinor,
    overpaid: money(standing.refundableMinor),
    closed: standing.closed,
    adjustments,
    dueMinor,
    due: money(dueMinor),
    canRecord,
    link,
    cancel: cancelOffer(policy, refundableMinor, settings, money),
  };
}

/** What cancelling now does, in the money panel's words (the cancel dialog shows it). */
function cancelOffer(
  policy: ReturnType<typeof policyRefund>,
  refundableMinor: number,
  settings: { freeCancellationHours: number; lateCancellationFeePercent: number },
  money: (minor: number) => string,
): AdminMoneyPanel["cancel"] {
  const explanation =
    policy.feeOwedMinor > 0
      ? `Cancelled now, within ${settings.freeCancellationHours} hours of the start: on account, the late fee of ${settings.lateCancellationFeePercent}% of the price (${money(policy.feeMinor)}) is owed — the invoice is credited down to it and the booking stays on the receivables list until it is paid.`
      : refundableMinor === 0
        ? "Nothing was paid, so there is nothing to refund."
        : policy.free
          ? `Cancelled now, more than ${settings.freeCancellationHours} hours before the start: the policy refunds everything paid.`
          : `Cancelled now, within ${settings.freeCancellationHours} hours of the start: the policy keeps a late fee of ${settings.lateCancellationFeePercent}% of the price (${money(policy.feeMinor)}).`;
  return {
    refundMinor: policy.refundMinor,
    refund: money(policy.refundMinor),
    explanation,
    feeOwedMinor: policy.feeOwedMinor,
    feeOwed: money(policy.feeOwedMinor),
  };
}

/** For the page: the request's database. */
export async function loadAdminMoneyPanel(bookingId: string): Promise<AdminMoneyPanel | null> {
  return getAdminMoneyPanel(await getDb(), bookingId);
}
