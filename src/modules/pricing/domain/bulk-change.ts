// The rules of the admin's price × duration grid, pure: what a typed price, duration or percentage means,
// and how a bulk percentage change rounds. Money stays in integer minor units throughout; a percentage is
// applied in BigInt arithmetic so that 7.5 % of £45.00 is exactly £48.375 before rounding — never
// 48.37499999 (the 0.1 + 0.2 problem) rounding the wrong way.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const MIN_DURATION_MINUTES = 5;
// Five days of work: a visit longer than a working day runs over several (ADR 0056); bookings check the same.
export const MAX_DURATION_MINUTES = 7200;
export const DURATION_STEP_MINUTES = 5;
/** Prices stop well below the database's int4 limit (£99,999.99 at most; ¥9,999,999). */
export const MAX_PRICE_MINOR = 9_999_999;
export const MIN_PERCENT = -99.99;
export const MAX_PERCENT = 1000;

export const DURATION_MESSAGE = `Use a multiple of ${DURATION_STEP_MINUTES} minutes, from ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}.`;
export const DURATION_FORMAT_MESSAGE = "Enter the minutes, like 90.";
export const PERCENT_MESSAGE = `Enter a percentage from ${MIN_PERCENT} to ${MAX_PERCENT}, like 7.5 or -10.`;

export function priceFormatMessage(fractionDigits = 2): string {
  return fractionDigits > 0
    ? `Enter a price like 45 or 45.${"50".padEnd(fractionDigits, "0").slice(0, fractionDigits)}.`
    : "Enter a price like 45.";
}
export function priceMaxMessage(fractionDigits = 2): string {
  return `Enter a price below ${((MAX_PRICE_MINOR + 1) / 10 ** fractionDigits).toLocaleString("en-GB")}.`;
}

/** Decimal places of a currency's minor unit (GBP 2, JPY 0), as Intl knows them. */
export function currencyFractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-GB", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * A price typed in major units ("45", "45.5", "45.50", "1,250", "£45") → integer minor units. No
 * floating point: the digits are assembled as an integer.
 */
export function parsePriceInput(input: string, fractionDigits = 2): Parsed<number> {
  const formatError = { ok: false as const, message: priceFormatMessage(fractionDigits) };
  // Tolerate a pasted currency symbol or code in front ("£45", "GBP 45").
  const text = input.trim().replace(/^[^\d.,+-]+/, "");
  if (text.startsWith("-")) return { ok: false, message: "A price can't be negative." };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!m?.[1]) return formatError;
  const whole = m[1].replace(/,/g, "");
  const fraction = m[2] ?? "";
  if (fraction.length > fractionDigits) return formatError;
  const tooHigh = { ok: false as const, message: priceMaxMessage(fractionDigits) };
  if (whole.replace(/^0+/, "").length > 10) return tooHigh;
  const minor = Number(whole) * 10 ** fractionDigits + Number(fraction.padEnd(fractionDigits, "0") || "0");
  return minor > MAX_PRICE_MINOR ? tooHigh : { ok: true, value: minor };
}

/** Minor units → what the price input shows ("45.50"; "45" for a currency without minor units). */
export function formatPriceInput(minor: number, fractionDigits = 2): string {
  if (fractionDigits <= 0) return String(minor);
  const unit = 10 ** fractionDigits;
  const whole = Math.floor(minor / unit);
  return `${whole}.${String(minor - whole * unit).padStart(fractionDigits, "0")}`;
}

/** Minutes typed ("90", "90 min") → whole minutes, a multiple of 5 from 5 to 7,200 (five days of work). */
export function parseDurationInput(input: string): Parsed<number> {
  const text = input
    .trim()
    .replace(/\s*(minutes|minute|mins|min|m)\.?$/i, "")
    .trim();
  if (!/^-?\d+$/.test(text)) return { ok: false, message: DURATION_FORMAT_MESSAGE };
  const minutes = Number(text);
  if (
    minutes < MIN_DURATION_MINUTES ||
    minutes > MAX_DURATION_MINUTES ||
    minutes % DURATION_STEP_MINUTES !== 0
  )
    return { ok: false, message: DURATION_MESSAGE };
  return { ok: true, value: minutes };
}

/** A percentage typed ("7.5", "-10", "+3 %", "−5") → a number with at most two decimal places. */
export function parsePercentInput(input: string): Parsed<number> {
  const text = input
    .trim()
    .replace(/\u2212/g, "-")
    .replace(/\s*%$/, "")
    .replace(/\s+/g, "");
  if (!/^[+-]?\d+(?:\.\d{1,2})?$/.test(text)) return { ok: false, message: PERCENT_MESSAGE };
  const value = Number(text);
  if (value < MIN_PERCENT || value > MAX_PERCENT) return { ok: false, message: PERCENT_MESSAGE };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

// A percentage is held as an integer number of ten-thousandths of a percent: 7.5 % → 75 000.
const PERCENT_SCALE = 10_000;
const WHOLE = 100n * BigInt(PERCENT_SCALE);

/**
 * `priceMinor × (1 + percent / 100)`, rounded half-up to the nearest `stepMinor`, never below zero.
 * `percent` may be negative and is taken to four decimal places. Exact integer arithmetic: the only
 * rounding is the one asked for.
 */
export function applyPercentage(priceMinor: number, percent: number, stepMinor: number): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0)
    throw new RangeError(`priceMinor must be a non-negative integer, got ${priceMinor}`);
  if (!Number.isSafeInteger(stepMinor) || stepMinor < 1)
    throw new RangeError(`stepMinor must be a positive integer, got ${stepMinor}`);
  if (!Number.isFinite(percent)) throw new RangeError(`percent must be finite, got ${percent}`);
  const scaledPercent = BigInt(Math.round(percent * PERCENT_SCALE));
  // The new price × WHOLE, exactly.
  const scaled = BigInt(priceMinor) * (WHOLE + scaledPercent);
  if (scaled <= 0n) return 0;
  const step = BigInt(stepMinor);
  // round(x / step) half-up for x ≥ 0 is floor((2x + step) / 2step); here x = scaled / WHOLE.
  const steps = (2n * scaled + step * WHOLE) / (2n * step * WHOLE);
  return Number(steps * step);
}

export type CellInput = { price: string; duration: string };
export type CellCheck =
  | { kind: "remove" }
  | { kind: "set"; priceMinor: number; durationMinutes: number }
  | { kind: "invalid"; errors: { price?: string; duration?: string } };

/** The message for a cell with one field empty and the other filled (both empty = not offered). */
export function halfEmptyErrors(cell: CellInput): { price?: string; duration?: string } | null {
  const noPrice = cell.price.trim() === "";
  const noDuration = cell.duration.trim() === "";
  if (noPrice === noDuration) return null;
  return noPrice
    ? { price: "Enter a price too, or clear both to stop offering it for this size." }
    : { duration: "Enter the minutes too, or clear both to stop offering it for this size." };
}

/** What one grid cell asks for: remove (both empty), set (both valid), or its field messages. */
export function checkCellInput(cell: CellInput, fractionDigits = 2): CellCheck {
  const half = halfEmptyErrors(cell);
  if (half) return { kind: "invalid", errors: half };
  if (cell.price.trim() === "") return { kind: "remove" };
  const price = parsePriceInput(cell.price, fractionDigits);
  const duration = parseDurationInput(cell.duration);
  if (price.ok && duration.ok)
    return { kind: "set", priceMinor: price.value, durationMinutes: duration.value };
  return {
    kind: "invalid",
    errors: {
      ...(price.ok ? {} : { price: price.message }),
      ...(duration.ok ? {} : { duration: duration.message }),
    },
  };
}

/**
 * The grid's bulk change: new price text for each offered cell whose price moves. Cells not offered
 * (empty price) are left alone — a percentage never creates a price — and cells whose price can't be
 * read are counted as skipped.
 */
export function previewBulkChange(
  cells: readonly { key: string; price: string }[],
  percent: number,
  stepMinor: number,
  fractionDigits = 2,
): { prices: Map<string, string>; skipped: number } {
  const prices = new Map<string, string>();
  let skipped = 0;
  for (const cell of cells) {
    if (cell.price.trim() === "") continue;
    const price = parsePriceInput(cell.price, fractionDigits);
    if (!price.ok) {
      skipped++;
      continue;
    }
    const updated = applyPercentage(price.value, percent, stepMinor);
    if (updated !== price.value) prices.set(cell.key, formatPriceInput(updated, fractionDigits));
  }
  return { prices, skipped };
}
