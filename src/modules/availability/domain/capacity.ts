import { addDays, localToInstant } from "@/lib/dates";
import { rangesFor, type SlotQuery } from "./slots";

// How much team time the schedule offers: per local date, the open minutes of the day (weekly hours or
// the date's override) times the number of active teams. Pure; the minutes are real elapsed time, so a
// range that spans a clock change counts the hour that was skipped or repeated correctly.

export type OpeningRules = Pick<SlotQuery, "weeklyHours" | "overrides"> & { timeZone: string };

/** Open minutes of one local date for one team. */
export function openMinutesOn(rules: OpeningRules, date: string): number {
  let total = 0;
  for (const r of rangesFor(rules, date)) {
    const opens = localToInstant(date, r.opens, rules.timeZone);
    // A closing time of 24:00 is the next day's midnight.
    const closes =
      r.closes >= 1440
        ? localToInstant(addDays(date, 1), 0, rules.timeZone)
        : localToInstant(date, r.closes, rules.timeZone);
    // A bound inside the skipped hour does not exist; count the range by its wall-clock length then.
    total += opens && closes ? Math.round((closes.getTime() - opens.getTime()) / 60_000) : r.closes - r.opens;
  }
  return total;
}

/** Open team minutes per local date from `from` to `to` (inclusive). */
export function openTeamMinutesByDate(
  rules: OpeningRules,
  activeTeams: number,
  from: string,
  to: string,
): Map<string, number> {
  const out = new Map<string, number>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.set(d, openMinutesOn(rules, d) * activeTeams);
  return out;
}
