import { type BookingStatus, type PaymentMethod, takesTime } from "@/lib/enums";
import { isFreeCancellation } from "@/lib/booking/booking-money";
import { lateCancellationFee } from "@/modules/pricing/domain/quote";

// The admin's money arithmetic on a booking, pure so that the page and the use cases agree.

/**
 * Money can be recorded against a booking that is still happening or has happened (a missed one: its
 * fee) — exactly the bookings that take time (ADR 0043); one that will not happen takes none. The money
 * panel offers Record payment by it, and recordPayment refuses by it.
 */
export function canRecordPayment(status: BookingStatus): boolean {
  return takesTime(status);
}

export const MANUAL_METHOD_LABELS: Record<PaymentMethod, string> = {
  online: "Online",
  cash: "Cash",
  card: "Card terminal",
  bank_transfer: "Bank transfer",
};

export type PolicyRefund = {
  /** What the cancellation policy gives back, in minor units. */
  refundMinor: number;
  /** The fee kept (0 inside the free window). */
  feeMinor: number;
  /** Whether the cancellation is inside the free-cancellation window. */
  free: boolean;
  /** Of the fee, what was not paid and is owed (on account: invoiced, on the receivables list). */
  feeOwedMinor: number;
};

/**
 * The refund the cancellation policy gives (PRODUCT.md §5): everything paid when cancelled at least
 * `freeCancellationHours` before the start; later, what was paid less the late fee (total × percent,
 * rounded down, never more than was paid).
 */
export function policyRefund(input: {
  totalMinor: number;
  /** Paid net of refunds. */
  netPaidMinor: number;
  startsAt: Date;
  now: Date;
  freeCancellationHours: number;
  lateCancellationFeePercent: number;
  /** The booking is on the customer's account (it has a pay-by date): a late fee is invoiced, not kept. */
  onAccount?: boolean;
}): PolicyRefund {
  const paid = Math.max(0, input.netPaidMinor);
  const free = isFreeCancellation(input.startsAt, input.now, input.freeCancellationHours);
  const feeMinor = free
    ? 0
    : lateCancellationFee(input.totalMinor, input.lateCancellationFeePercent, paid, {
        onAccount: input.onAccount,
      });
  return {
    refundMinor: Math.max(0, paid - feeMinor),
    feeMinor,
    free,
    feeOwedMinor: Math.max(0, feeMinor - paid),
  };
}

/** "12.50" → 1250; null when it is not an amount of money with at most two decimals. */
export function parseMoneyInput(text: string): number | null {
  const t = text.trim().replace(/^£/, "").replaceAll(",", "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = "0", frac = ""] = t.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
