import { isMoneyWithinLimit, MONEY_TOO_LARGE } from "@/lib/money-input";
import { formatPriceInput } from "@/modules/pricing/domain/bulk-change";
import { formatDuration } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { isValidZonePrefix, normaliseZonePrefix } from "@/lib/postcode";

// How an admin types a travel zone: prefixes in one box, the fee in major units. Pure, so the rules are
// table-tested and shared by the zod schemas.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const DISTRICT = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;
const SECTOR_DIGIT = /^[0-9]$/;

export const MAX_PREFIXES = 200;

/**
 * "SW9, SE5 SE15\nsw9 8" → ["SW9", "SE5", "SE15", "SW9 8"]. Commas, semicolons and new lines always
 * separate; within a line spaces separate too, except that a lone digit after a district is that
 * district's sector ("SW9 8"), because a sector itself contains a space. Normalised, de-duplicated in
 * the order typed; the first token that is not an area, district or sector is named in the message.
 */
export function parsePrefixes(text: string): Parsed<string[]> {
  const tokens: string[] = [];
  for (const chunk of text.split(/[,;\n\r]+/)) {
    let previousIsDistrict = false;
    for (const word of chunk.trim().split(/\s+/)) {
      if (!word) continue;
      const last = tokens.length - 1;
      if (previousIsDistrict && SECTOR_DIGIT.test(word) && last >= 0) {
        tokens[last] = `${tokens[last]} ${word}`;
        previousIsDistrict = false;
        continue;
      }
      tokens.push(word);
      previousIsDistrict = DISTRICT.test(word.toUpperCase());
    }
  }
  if (tokens.length === 0) return { ok: false, message: "Enter at least one postcode prefix, e.g. SW9." };
  const out: string[] = [];
  for (const token of tokens) {
    if (!isValidZonePrefix(token))
      return {
        ok: false,
        message: `"${token}" isn't a postcode area, district or sector — e.g. SE, SW9 or SW9 8.`,
      };
    const prefix = normaliseZonePrefix(token);
    if (!out.includes(prefix)) out.push(prefix);
  }
  if (out.length > MAX_PREFIXES)
    return { ok: false, message: `Use at most ${MAX_PREFIXES} prefixes in one zone.` };
  return { ok: true, value: out };
}

/** The prefixes as the admin's box shows them again. */
export const formatPrefixes = (prefixes: readonly string[]) => prefixes.join(", ");

const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * An amount typed in major units → integer minor units (2 decimal places), without floating point:
 * "4.50" → 450, "4" → 400, ".5" → 50, "" → 0. A leading "£" and spaces are ignored.
 */
export function parseMoneyInput(text: string, subject = "The amount"): Parsed<number> {
  const compact = text.replace(/\s+/g, "").replace(/^£/, "");
  if (compact === "") return { ok: true, value: 0 };
  if (compact.startsWith("-")) return { ok: false, message: `${subject} can't be negative.` };
  const m = AMOUNT.exec(compact);
  const whole = m?.[1] ?? "";
  const fraction = m?.[2] ?? "";
  if (!m || (whole === "" && fraction === "")) return { ok: false, message: "Enter an amount like 4.50." };
  if (fraction.length > 2) return { ok: false, message: "Use at most 2 decimal places, like 4.50." };
  // Long enough to be over any sensible limit, short enough to stay an exact integer.
  if (whole.length > 9) return { ok: false, message: `${subject} is too large.` };
  const minor = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return isMoneyWithinLimit(minor) ? { ok: true, value: minor } : { ok: false, message: MONEY_TOO_LARGE };
}

/** Minor units back to what the admin typed: 450 → "4.50", 0 → "0.00". */
export function formatMoneyInput(minor: number): string {
  return formatPriceInput(minor, 2);
}

/** Whole minutes typed as text or a number: "" → 0, "15" → 15; null when it isn't a whole number. */
export function parseWholeMinutes(input: string | number): number | null {
  if (typeof input === "number") return Number.isInteger(input) ? input : null;
  const t = input.trim();
  if (t === "") return 0;
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

/** "£4.50 travel fee, +15 min" — how a zone's terms read in the admin, in the list and the check alike. */
export function describeZoneTerms(
  zone: { travelFeeMinor: number; travelBufferMinutes: number },
  currency: string,
): string {
  const fee =
    zone.travelFeeMinor > 0 ? `${formatMoney(zone.travelFeeMinor, currency)} travel fee` : "no travel fee";
  const time =
    zone.travelBufferMinutes > 0 ? `+${formatDuration(zone.travelBufferMinutes)}` : "no extra time";
  return `${fee}, ${time}`;
}
