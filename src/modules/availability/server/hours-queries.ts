import "server-only";
import { asc, desc, gte, inArray, lt } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/server/db";
import { dateOverrideRanges, dateOverrides, workingHours } from "@/server/db/schema";
import type { MinuteRange } from "@/lib/time-ranges";

// Reads of the opening hours: the week and the date overrides, for the hours page and the use cases.

export type WeekdayHours = { weekday: number; ranges: MinuteRange[] };
export type AdminOverride = {
  id: string;
  date: string;
  isClosed: boolean;
  note: string;
  ranges: MinuteRange[];
};

/** Monday…Sunday, each with its ranges in order (none = closed). */
export async function loadWeeklyHours(db: DbOrTx): Promise<WeekdayHours[]> {
  const rows = await db
    .select()
    .from(workingHours)
    .orderBy(asc(workingHours.weekday), asc(workingHours.opensMinute));
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    ranges: rows
      .filter((r) => r.weekday === weekday)
      .map((r) => ({ opens: r.opensMinute, closes: r.closesMinute })),
  }));
}

export async function getWeeklyHours(): Promise<WeekdayHours[]> {
  return loadWeeklyHours(await getDb());
}

/** Overrides on or after `from` (soonest first), or before `before` (latest first), with their ranges. */
export async function loadOverrides(
  db: DbOrTx,
  opts: { from: string; limit?: number } | { before: string; limit?: number },
): Promise<AdminOverride[]> {
  const upcoming = "from" in opts;
  const rows = await db
    .select()
    .from(dateOverrides)
    .where(upcoming ? gte(dateOverrides.date, opts.from) : lt(dateOverrides.date, opts.before))
    .orderBy(upcoming ? asc(dateOverrides.date) : desc(dateOverrides.date))
    .limit(opts.limit ?? 500);
  if (rows.length === 0) return [];
  const ranges = await db
    .select()
    .from(dateOverrideRanges)
    .where(
      inArray(
        dateOverrideRanges.overrideId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(dateOverrideRanges.opensMinute));
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    isClosed: r.isClosed,
    note: r.note,
    ranges: ranges
      .filter((x) => x.overrideId === r.id)
      .map((x) => ({ opens: x.opensMinute, closes: x.closesMinute })),
  }));
}

/** For the hours page: overrides from `from` (a local date) on, soonest first. */
export async function listOverrides(from: string): Promise<AdminOverride[]> {
  return loadOverrides(await getDb(), { from });
}

/** For the hours page: the latest overrides before `before`, latest first. */
export async function listPastOverrides(before: string, limit = 20): Promise<AdminOverride[]> {
  return loadOverrides(await getDb(), { before, limit });
}
