import type { ReportRange } from "./range";
import { formatMoney } from "@/lib/money";
import { type CsvNumber, csvDecimal } from "@/lib/csv";

// A report as one table model that both the page and its CSV download render, so the file holds exactly
// what the screen shows: the same columns, rows and totals row, numbers in plain form in the file.

export const REPORT_KEYS = [
  "revenue-by-month",
  "revenue-by-day",
  "ledger",
  "bookings-by-status",
  "services",
  "vehicle-sizes",
  "customers",
  "top-customers",
  "teams",
  "travel-zones",
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export function isReportKey(v: string): v is ReportKey {
  return (REPORT_KEYS as readonly string[]).includes(v);
}

/**
 * text: as is; money: minor units; count: an integer; percent: a number with one decimal (null: none);
 * hours: minutes, shown as hours with one decimal.
 */
export type ColumnKind = "text" | "money" | "count" | "percent" | "hours";
export type Column = { label: string; kind: ColumnKind };
/** A text cell may link somewhere on the page (the CSV writes its text). */
export type Cell = string | number | null | { text: string; href: string };

/** What every report table is computed for: the range and the business's currency. */
export type TableContext = { range: ReportRange; currency: string };

export type ReportTable = {
  key: ReportKey;
  title: string;
  /** One line: what the rows count. */
  description: string;
  columns: Column[];
  rows: Cell[][];
  /** The totals row (its first cell is "Total"), or null for a list with no sum (top customers). */
  totals: Cell[] | null;
  currency: string;
  /** Shown when there are no rows. */
  empty: string;
};

/** A share as a percentage with one decimal; null when the whole is zero. */
export function sharePercent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

function hours(minutes: number): string {
  return (Math.round(minutes / 6) / 10).toFixed(1);
}

/** A cell as the page shows it. */
export function cellText(cell: Cell, column: Column, currency: string): string {
  if (cell === null) return "—";
  if (typeof cell === "object") return cell.text;
  if (typeof cell === "string") return cell;
  switch (column.kind) {
    case "money":
      return formatMoney(cell, currency);
    case "percent":
      return `${cell.toFixed(1)}%`;
    case "hours":
      return `${hours(cell)} h`;
    default:
      return String(cell);
  }
}

/** A cell as the CSV writes it: plain numbers (85.50, 12.5, 3.0), text as shown, nothing for none. */
export function cellCsv(cell: Cell, column: Column, currency: string): string | CsvNumber {
  if (cell === null) return "";
  if (typeof cell === "object") return cell.text;
  if (typeof cell === "string") return cell;
  switch (column.kind) {
    case "money":
      return { number: csvDecimal(cell, currency) };
    case "percent":
      return { number: cell.toFixed(1) };
    case "hours":
      return { number: hours(cell) };
    default:
      return { number: String(cell) };
  }
}

/** A row of a table as the page shows it. */
export function rowText(table: Pick<ReportTable, "columns" | "currency">, row: Cell[]): string[] {
  return row.map((cell, i) =>
    cellText(cell, table.columns[i] ?? { label: "", kind: "text" }, table.currency),
  );
}
