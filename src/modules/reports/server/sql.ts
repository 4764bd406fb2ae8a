import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { BOOKED_STATUSES } from "@/modules/today/domain/admin-today";
import type { DbOrTx } from "@/server/db";

// The SQL pieces every report and analytics query shares: the half-open range of instants, the booked
// statuses, local day and month keys in the business zone, and reading a statement's rows.

export type Range = { from: Date; to: Date; timeZone: string };

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
/** The ROLLUP's grand-total row is the one whose GROUPING() is 1. */
export const isTotal = (row: Record<string, unknown>) => num(row.g) === 1;

export const t = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
export const between = (col: SQL, r: Range) => sql`${col} >= ${t(r.from)} AND ${col} < ${t(r.to)}`;
export const booked = sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`);
/** Booked revenue (ADR 0022): the bookings that stand, at their charge — BOOKED_REVENUE_STATUSES in SQL. */
export const bookedRevenue = (status: SQL) => sql`booking_is_booked_revenue(${status})`;

/** An instant's wall-clock time in the business zone (a timestamp without zone; DST-exact). */
export const local = (col: SQL, r: Range) => sql`(${col} AT TIME ZONE ${r.timeZone})`;

/** A local date (day) or month key of an instant in the business zone. */
export const localKey = (col: SQL, r: Range, grain: "day" | "month") =>
  sql`to_char(${local(col, r)}::date, ${grain === "day" ? "YYYY-MM-DD" : "YYYY-MM"})`;

/**
 * The range's local dates as keys of the daily rollup (ADR 0037): from the local date of `from` up to, not
 * including, the local date of `to` — the same rows as `between` on the instants, because a report's range
 * runs from a local midnight to a local midnight of the business zone, the zone the rollup is keyed by.
 */
export const inDates = (col: SQL, r: Range) =>
  sql`${col} >= (${t(r.from)} AT TIME ZONE ${r.timeZone})::date AND ${col} < (${t(r.to)} AT TIME ZONE ${r.timeZone})::date`;

/** A rollup date's day or month key. */
export const dateKey = (col: SQL, grain: "day" | "month") =>
  sql`to_char(${col}, ${grain === "day" ? "YYYY-MM-DD" : "YYYY-MM"})`;

export async function rows(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  return (await db.execute<Record<string, unknown>>(query)).rows;
}

/** A ROLLUP's rows apart from its total row (or `empty` when there is none). */
export function split<T>(all: Record<string, unknown>[], map: (r: Record<string, unknown>) => T, empty: T) {
  const total = all.find(isTotal);
  return { rows: all.filter((r) => !isTotal(r)).map(map), total: total ? map(total) : empty };
}
