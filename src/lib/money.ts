// Money is an integer of minor units with its currency beside it; only formatted at the edge.

const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minor: number, currency: string, locale = "en-GB"): string {
  const key = `${locale}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, f);
  }
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}

/** A signed amount for a screen or an email: a discount shows as "−£3.50" (a true minus, which a line never breaks after). */
export function formatSignedMoney(minor: number, currency: string, locale = "en-GB"): string {
  return minor < 0 ? `\u2212${formatMoney(-minor, currency, locale)}` : formatMoney(minor, currency, locale);
}

/** `ceil(amount × percent / 100)` in integer arithmetic (no floating-point drift). */
export function percentOfCeil(minor: number, percent: number): number {
  return Math.ceil((minor * percent) / 100);
}

/** `floor(amount × percent / 100)`: for fees, which never round up against the customer. */
export function percentOfFloor(minor: number, percent: number): number {
  return Math.floor((minor * percent) / 100);
}

/**
 * What a booking's unpaid balance is called on every screen and email: "To pay on the day", or, for a
 * booking on account (ADR 0051), "On account, to pay by 28 December 2026".
 */
export function balanceLabel(payBy: string | null | undefined): string {
  return payBy ? `On account, to pay by ${payBy}` : "To pay on the day";
}
