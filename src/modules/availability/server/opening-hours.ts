import "server-only";
import { between, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { dateOverrideRanges, dateOverrides, workingHours } from "@/server/db/schema";
import type { TimeRange } from "../domain/slots";

export type OpeningHours = {
  /** ISO weekday (1 = Monday) → the week's opening ranges. */
  weeklyHours: Record<number, TimeRange[]>;
  /** Local date → that date's ranges ([] = closed), for the dates that have an override. */
  overrides: Record<string, TimeRange[]>;
};

/** The weekly hours and the date overrides of a window of local dates (inclusive), in two queries. */
export async function loadOpeningHours(
  db: DbOrTx,
  window: { from: string; to: string },
): Promise<OpeningHours> {
  const [hourRows, overrideRows] = await Promise.all([
    db.select().from(workingHours),
    db
      .select({
        date: dateOverrides.date,
        isClosed: dateOverrides.isClosed,
        opens: dateOverrideRanges.opensMinute,
        closes: dateOverrideRanges.closesMinute,
      })
      .from(dateOverrides)
      .leftJoin(dateOverrideRanges, eq(dateOverrideRanges.overrideId, dateOverrides.id))
      .where(between(dateOverrides.date, window.from, window.to)),
  ]);
  const weeklyHours: Record<number, TimeRange[]> = {};
  for (const h of hourRows)
    (weeklyHours[h.weekday] ??= []).push({ opens: h.opensMinute, closes: h.closesMinute });
  const overrides: Record<string, TimeRange[]> = {};
  for (const o of overrideRows) {
    const list = (overrides[o.date] ??= []);
    if (!o.isClosed && o.opens !== null && o.closes !== null) list.push({ opens: o.opens, closes: o.closes });
  }
  return { weeklyHours, overrides };
}
