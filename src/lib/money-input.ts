// The one bound on money a person types (issue 28): payments, refunds, discounts, the phone booking's
// amount and travel fees. Well inside the database's 32-bit integer columns (21,474,836.47), so an amount
// is refused with a field message instead of overflowing a column. Catalogue prices have their own,
// lower bound (pricing's MAX_PRICE_MINOR).

/** £1,000,000.00 in minor units. */
export const MAX_MONEY_MINOR = 100_000_000;

export const MONEY_TOO_LARGE = "Enter an amount up to 1,000,000.00.";

/** A whole number of minor units from 0 to MAX_MONEY_MINOR. */
export const isMoneyWithinLimit = (minor: number): boolean =>
  Number.isSafeInteger(minor) && minor >= 0 && minor <= MAX_MONEY_MINOR;
