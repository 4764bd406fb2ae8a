import { addDays, localDateOf } from "@/lib/dates";

// A business customer's account terms (ADR 0051), as pure rules: when an invoice on account must be paid,
// and how late it is. The receivables list, the booking's pages and the emails read these.

export type AccountTerms = { onAccount: boolean; paymentTermsDays: number };

export const MIN_TERMS_DAYS = 1;
export const MAX_TERMS_DAYS = 120;
export const DEFAULT_TERMS_DAYS = 30;

/**
 * The day a booking made on account at `now` must be paid by: the business's calendar date of `now` plus
 * the customer's payment terms. Null when the customer does not pay on account.
 */
export function payByFor(terms: AccountTerms | null, now: Date, timeZone: string): string | null {
  if (!terms?.onAccount) return null;
  return addDays(localDateOf(now, timeZone), terms.paymentTermsDays);
}

/** Whole days past the pay-by date on `today` (both YYYY-MM-DD, the business's calendar); 0 if not late. */
export function daysOverdue(payBy: string, today: string): number {
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${payBy}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(days));
}

export type ReceivableState = "due" | "overdue";

/** Due until the end of the pay-by day, overdue from the day after. */
export function receivableState(payBy: string, today: string): ReceivableState {
  return today > payBy ? "overdue" : "due";
}

/** A VAT number as stored: upper case, no spaces, dots or dashes ("gb 123 4567 89" → "GB123456789"). */
export function normaliseVatNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, "");
}

/** An optional two-letter country prefix and 8–12 letters or digits (GB123456789, GB123456789001, XI…). */
export const VAT_NUMBER_PATTERN = /^([A-Z]{2})?[0-9A-Z]{8,12}$/;
