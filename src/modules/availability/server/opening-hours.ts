import "server-only";
import { between, eq } from "drizzle-orm";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { dateOverrideRanges, dateOverrides, workingHours } from "@/server/db/schema";
import { publicHolidays } from "@/modules/holidays/domain/holidays";
import type { TimeRange } from "../domain/slots";

export type OpeningHours = {
  /** ISO weekday (1 = Monday) → the week's opening ranges. */
  weeklyHours: Record<number, TimeRange[]>;
  /**
   * Local date → that date's ranges ([] = closed), for the dates that have an override, and for the
   * public holidays of the business's region that have none (closed: ADR 0055).
   */
  overrides: Record<string, TimeRange[]>;
  /** Local date → the public holiday's name, for the window's holidays (open anyway or not). */
  holidays: Record<string, string>;
};

/** The weekly hours, date overrides and public holidays of a window of local dates (inclusive). */
export async function loadOpeningHours(
  db: DbOrTx,
  window: { from: string; to: string },
): Promise<OpeningHours> {
  const [settings, hourRows, overrideRows] = await Promise.all([
    getSettingsOrThrow(db),
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
  // An admin's own entry for a date wins: "Open anyway" is an override with that weekday's hours.
  const holidays: Record<string, string> = {};
  for (const h of publicHolidays(settings.holidayRegion, window.from, window.to)) {
    holidays[h.date] = h.name;
    overrides[h.date] ??= [];
  }
  return { weeklyHours, overrides, holidays };
}
