// CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds a comma,
// a quote or a line break, quotes doubled. The file starts with a UTF-8 byte-order mark so Excel reads
// names like "Zoë" correctly. Text that people typed can start a formula in a spreadsheet ("=HYPERLINK…",
// "+1…", "@SUM…"), so such a cell gets a leading apostrophe: it is shown as text, never evaluated (OWASP
// "CSV injection").
import { formatLocalStamp } from "@/lib/dates";

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell: neutralised against formula injection, then quoted when RFC 4180 needs it. */
export function csvText(value: string | null | undefined): string {
  let v = value ?? "";
  if (FORMULA_START.test(v)) v = `'${v}`;
  return NEEDS_QUOTES.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** One record, CRLF-terminated. Every cell goes through `csvText`; numbers are written by `csvDecimal`. */
export function csvRow(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvText).join(",")}\r\n`;
}

/** A number the file writes as is (a negative amount is a number, not a formula). */
export type CsvNumber = { number: string };
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One record of text and number cells: text through `csvText`, numbers unquoted (a non-number as text). */
export function csvRecord(cells: (string | CsvNumber)[]): string {
  return `${cells.map((c) => (typeof c === "string" ? csvText(c) : NUMBER.test(c.number) ? c.number : csvText(c.number))).join(",")}\r\n`;
}

const fractionDigits = new Map<string, number>();

/** Minor units as a plain decimal in the currency's own precision: 8550 GBP → "85.50", 1200 JPY → "1200". */
export function csvDecimal(minor: number, currency: string): string {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2;
    fractionDigits.set(currency, digits);
  }
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, "0")}`;
}

/**
 * "2026-03-29 09:30 BST": the wall-clock time in the business zone with the zone's short name, which
 * tells the reader the offset on either side of a daylight-saving change. Sorts as text within a zone.
 */
export function csvDateTime(instant: Date, timeZone: string): string {
  return formatLocalStamp(instant, timeZone);
}
