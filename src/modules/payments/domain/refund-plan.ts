// How a refund is made: split across the payments newest first, and when a failed send is tried again.

/** Splits `amountMinor` across the payments in the order given (newest first), as refunds are written. */
export function splitRefund<P extends { refundableMinor: number }>(
  payments: readonly P[],
  amountMinor: number,
): { payment: P; amountMinor: number }[] {
  const parts: { payment: P; amountMinor: number }[] = [];
  let left = amountMinor;
  for (const payment of payments) {
    if (left <= 0) break;
    const part = Math.min(left, payment.refundableMinor);
    if (part <= 0) continue;
    left -= part;
    parts.push({ payment, amountMinor: part });
  }
  return parts;
}

/** The refund retry job's bounds: attempts in all (the first send included), and the wait before each retry. */
export const REFUND_MAX_ATTEMPTS = 5;
const RETRY_DELAYS_MINUTES = [1, 5, 30, 120];

/** When a refund that failed its `attempts`-th time is sent again, or null when it has had its attempts. */
export function refundRetryAt(attempts: number, now: Date): Date | null {
  if (attempts >= REFUND_MAX_ATTEMPTS) return null;
  const minutes = RETRY_DELAYS_MINUTES[Math.min(attempts, RETRY_DELAYS_MINUTES.length) - 1] ?? 1;
  return new Date(now.getTime() + minutes * 60_000);
}

/** A refund being sent holds its row this long; one still unsent after it is sent by the retry job. */
export const REFUND_SEND_LEASE_MS = 10 * 60_000;
