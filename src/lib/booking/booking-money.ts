import { type BookingStatus, CLOSED_MONEY_STATUSES, OWING_STATUSES } from "@/lib/enums";
import { formatMoney } from "@/lib/money";

// A booking's money, defined once (ADR 0040, PRODUCT.md §6). Every screen, file, email, report and read
// model reads these figures: here in TypeScript, and in SQL through the database functions of migration
// 0025 (booking_charge_minor, booking_due_minor, booking_refundable_minor, booking_owed_minor,
// booking_payment_status), which a test on both databases proves equal to this for random ledgers.
//
// - charge: what the customer is liable for now. A booking that stands: its total less its adjustments
//   (discounts, goodwill refunds). A closed one (cancelled, declined, expired, missed): the fee its closing
//   kept (the policy's, none inside the free window).
// - net paid: collected less refunded. Due: what the charge still needs, never below zero. Refundable:
//   net paid above the charge, never below zero. So net paid = charge − due + refundable, always.

// The money's status sets live with the others in src/lib/enums.ts: CLOSED_MONEY_STATUSES (a booking that
// no longer stands: its charge is the fee its closing set) and OWING_STATUSES (its due is the customer's
// debt — not a hold, nor a request still to be accepted; a cancelled one's too, whose fee was invoiced
// rather than kept: on account, issue 41 §4).
export { CLOSED_MONEY_STATUSES, OWING_STATUSES };

export const isClosedForMoney = (status: BookingStatus): boolean =>
  (CLOSED_MONEY_STATUSES as readonly string[]).includes(status);

export const BOOKING_PAYMENT_STATUSES = [
  "unpaid",
  "deposit_paid",
  "paid",
  "partially_refunded",
  "refunded",
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<BookingPaymentStatus, string> = {
  unpaid: "Unpaid",
  deposit_paid: "Deposit paid",
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

/** The booking's own columns that its money reads (bookings.* of the same names). */
export type BookingMoneyInput = {
  status: BookingStatus;
  totalMinor: number;
  /** The sum of its adjustments (discounts and goodwill refunds). */
  adjustmentMinor: number;
  /** A closed booking's fee (null while it stands). */
  feeMinor: number | null;
  /** Collected: succeeded payments. */
  amountPaidMinor: number;
  /** Refunded: refunds made or on their way. */
  amountRefundedMinor: number;
};

export type BookingMoney = {
  /** The total of its lines (before adjustments). */
  totalMinor: number;
  adjustmentMinor: number;
  chargeMinor: number;
  collectedMinor: number;
  refundedMinor: number;
  netPaidMinor: number;
  dueMinor: number;
  refundableMinor: number;
  /** Of the charge of a closed booking, what was kept from the money paid (0 while it stands). */
  feeKeptMinor: number;
  /** The due, when it is the customer's debt (OWING_STATUSES); 0 otherwise. */
  owedMinor: number;
  closed: boolean;
  paymentStatus: BookingPaymentStatus;
};

export function bookingCharge(
  b: Pick<BookingMoneyInput, "status" | "totalMinor" | "adjustmentMinor" | "feeMinor">,
): number {
  return isClosedForMoney(b.status)
    ? Math.max(0, b.feeMinor ?? 0)
    : Math.max(0, b.totalMinor - b.adjustmentMinor);
}

export function bookingMoney(b: BookingMoneyInput): BookingMoney {
  const closed = isClosedForMoney(b.status);
  const chargeMinor = bookingCharge(b);
  const netPaidMinor = b.amountPaidMinor - b.amountRefundedMinor;
  const dueMinor = Math.max(0, chargeMinor - netPaidMinor);
  const refundableMinor = Math.max(0, netPaidMinor - chargeMinor);
  const owing = (OWING_STATUSES as readonly string[]).includes(b.status);
  return {
    totalMinor: b.totalMinor,
    adjustmentMinor: b.adjustmentMinor,
    chargeMinor,
    collectedMinor: b.amountPaidMinor,
    refundedMinor: b.amountRefundedMinor,
    netPaidMinor,
    dueMinor,
    refundableMinor,
    feeKeptMinor: closed ? Math.max(0, Math.min(chargeMinor, netPaidMinor)) : 0,
    owedMinor: owing ? dueMinor : 0,
    closed,
    paymentStatus: paymentStatusOf(b.amountPaidMinor, b.amountRefundedMinor, chargeMinor),
  };
}

function paymentStatusOf(paid: number, refunded: number, charge: number): BookingPaymentStatus {
  if (refunded > 0) return refunded >= paid ? "refunded" : "partially_refunded";
  if (paid <= 0) return "unpaid";
  return paid >= charge ? "paid" : "deposit_paid";
}

// What each kind of money event does to the booking's columns: the write side of the same definition, so
// that the use cases and the property test agree on what a refund, a discount or a closing changes.

/** The most a refund for `reason` may return now (0 when that reason does not apply). */
export function refundLimit(
  b: BookingMoneyInput,
  reason: "cancellation" | "goodwill" | "overpayment",
): number {
  const m = bookingMoney(b);
  if (reason === "goodwill") return Math.max(0, Math.min(m.netPaidMinor, m.chargeMinor));
  if (reason === "cancellation") return m.closed ? m.refundableMinor : 0;
  return m.refundableMinor;
}

/**
 * The booking's money columns after a refund of `amountMinor` for `reason`, made or on its way. A goodwill
 * refund lowers the charge by as much: a standing booking's adjustments grow, a closed one's fee shrinks.
 */
export function afterRefund(
  b: BookingMoneyInput,
  reason: "cancellation" | "goodwill" | "overpayment",
  amountMinor: number,
): BookingMoneyInput {
  const next = { ...b, amountRefundedMinor: b.amountRefundedMinor + amountMinor };
  if (reason !== "goodwill") return next;
  return isClosedForMoney(b.status)
    ? { ...next, feeMinor: Math.max(0, (b.feeMinor ?? 0) - amountMinor) }
    : { ...next, adjustmentMinor: b.adjustmentMinor + amountMinor };
}

/** The most a discount may take off a standing booking: what is left of its charge. */
export const discountLimit = (b: BookingMoneyInput): number =>
  isClosedForMoney(b.status) ? 0 : bookingCharge(b);

/**
 * The fee a booking keeps as it closes (ADR 0040): a cancellation keeps what was paid less the refund it
 * makes (the policy's fee, or what the admin settled on), never more than its charge; a declined request or a lapsed hold keeps
 * nothing; a missed booking charges the no-show share of its charge.
 */
export function closingFee(
  b: BookingMoneyInput,
  to: (typeof CLOSED_MONEY_STATUSES)[number],
  opts: {
    refundMinor?: number;
    /**
     * Net paid as the payments stand, refunds on their way counted (the ledger's columns count an online
     * refund only once its provider accepts it); the ledger's net paid when not given.
     */
    netPaidMinor?: number;
    /** Cancelling: a fee owed beyond the money kept (on account, the late fee is invoiced, not kept). */
    feeOwedMinor?: number;
    noShowFeePercent: number;
  },
): number {
  const m = bookingMoney(b);
  if (to === "no_show") return Math.floor((m.chargeMinor * opts.noShowFeePercent) / 100);
  if (to === "cancelled") {
    const netPaid = opts.netPaidMinor ?? m.netPaidMinor;
    const kept = Math.max(0, netPaid - (opts.refundMinor ?? 0));
    return Math.max(0, Math.min(m.chargeMinor, kept + (opts.feeOwedMinor ?? 0)));
  }
  return 0;
}

/**
 * When a booking's free cancellation ends (PRODUCT.md §5): `freeCancellationHours` of elapsed time before
 * its start. Cancelling at or before this instant keeps no fee; after it, the late fee applies. The
 * cancellation use cases (payments' `policyRefund`) and every promise (domain/booking-promises.ts) read it.
 */
export const freeCancellationEndsAt = (startsAt: Date, freeCancellationHours: number): Date =>
  new Date(startsAt.getTime() - freeCancellationHours * 3_600_000);

/** Whether cancelling at `now` is inside the free window (no fee). */
export const isFreeCancellation = (startsAt: Date, now: Date, freeCancellationHours: number): boolean =>
  now.getTime() <= freeCancellationEndsAt(startsAt, freeCancellationHours).getTime();

/**
 * What is still owed of the money due before the job (the deposit, or the full price): the part of the
 * charge (ADR 0040) up to the deposit that net paid does not cover. The SQL in bookings/server/admin-today-queue.ts
 * (depositOwedSql) reads the same from booking_due_minor and booking_charge_minor.
 */
export function depositOwed(b: BookingMoneyInput & { depositDueMinor: number }): number {
  const m = bookingMoney(b);
  return Math.max(0, m.dueMinor - Math.max(0, m.chargeMinor - b.depositDueMinor));
}

/**
 * A booking's money state: the one vocabulary every list, chip, filter, export and email names its money
 * with. A booking that stands reads its payment status; a closed one (cancelled, declined, expired, missed)
 * says what happened to the money, since its payment status alone misleads ("Deposit paid" on a cancelled
 * booking): whether it went back, is on its way back, is owed as a fee, or was kept as one. In SQL it is
 * booking_money_state (migration 0040), which a test on both databases proves equal to this.
 */
export const MONEY_STATES = [
  ...BOOKING_PAYMENT_STATUSES,
  "refund_due",
  "fee_due",
  "fee_kept",
  "nothing_paid",
] as const;
export type MoneyState = (typeof MONEY_STATES)[number];

/** The states' names without their amounts (the filter's choices; "Fee kept" reads "Fee kept £6.00" on a row). */
export const MONEY_STATE_LABELS: Record<MoneyState, string> = {
  ...PAYMENT_STATUS_LABELS,
  refund_due: "Refund on its way",
  fee_due: "Fee due",
  fee_kept: "Fee kept",
  nothing_paid: "Nothing paid",
};

export function moneyStateOf(m: BookingMoney): MoneyState {
  if (!m.closed) return m.paymentStatus;
  // A refund is owed but not yet made: the money above the fee goes back.
  if (m.refundableMinor > 0) return "refund_due";
  if (m.dueMinor > 0) return "fee_due";
  if (m.feeKeptMinor > 0) return "fee_kept";
  if (m.collectedMinor <= 0) return "nothing_paid";
  return "refunded";
}

/** A booking's money state in words, with the fee where one is due or kept ("Fee kept £6.00"). */
export function paymentStatusLabel(m: BookingMoney, currency: string): string {
  const state = moneyStateOf(m);
  if (state === "fee_due") return `Fee due ${formatMoney(m.dueMinor, currency)}`;
  if (state === "fee_kept") return `Fee kept ${formatMoney(m.feeKeptMinor, currency)}`;
  return MONEY_STATE_LABELS[state];
}
