// PRODUCT.md §3.2: the payment status of a booking, derived from what was paid and refunded — never
// stored, so it can never disagree with the ledger.

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

export function bookingPaymentStatus(amounts: {
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
}): BookingPaymentStatus {
  const { totalMinor, paidMinor, refundedMinor } = amounts;
  if (refundedMinor > 0) return refundedMinor >= paidMinor ? "refunded" : "partially_refunded";
  if (paidMinor <= 0) return "unpaid";
  return paidMinor >= totalMinor ? "paid" : "deposit_paid";
}

/** What is still owed on the booking: total less what was kept (paid − refunded), never negative. */
export function balanceDue(amounts: {
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
}): number {
  return Math.max(0, amounts.totalMinor - (amounts.paidMinor - amounts.refundedMinor));
}
