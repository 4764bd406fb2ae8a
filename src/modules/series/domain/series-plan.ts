import { addDays, localToInstant, toLocalParts } from "@/lib/dates";

// A repeat booking's occurrences (issue 31, ADR 0052), as pure rules: the dates every N weeks from the
// first visit up to a last date, each at the first visit's wall-clock time (so a visit at 09:00 stays at
// 09:00 across the clock changes), and the nearest other times of a day when that time is taken.

export const MIN_INTERVAL_WEEKS = 1;
export const MAX_INTERVAL_WEEKS = 12;
/** The most visits one repeat booking makes at once (the first, already booked, not counted). */
export const MAX_OCCURRENCES = 26;
/** How far ahead a repeat booking reaches by default, within the business's booking horizon. */
export const DEFAULT_HORIZON_DAYS = 182;
/** How many other times of the same day are offered for an occurrence whose time is taken. */
export const ALTERNATIVES_PER_DATE = 3;

/** The local dates after `first`, every `intervalWeeks` weeks, up to and including `until`. */
export function occurrenceDates(
  first: string,
  intervalWeeks: number,
  until: string,
  max = MAX_OCCURRENCES,
): string[] {
  const out: string[] = [];
  for (
    let d = addDays(first, 7 * intervalWeeks);
    d <= until && out.length < max;
    d = addDays(d, 7 * intervalWeeks)
  )
    out.push(d);
  return out;
}

/** How many occurrences the rule would make without the limit (to tell the customer it was cut). */
export function occurrenceCount(first: string, intervalWeeks: number, until: string): number {
  const days = (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
  return days < 0 ? 0 : Math.floor(days / (7 * intervalWeeks));
}

/** The first visit's wall-clock time (minutes after local midnight). */
export function minutesOfDay(start: Date, timeZone: string): number {
  const l = toLocalParts(start, timeZone);
  return l.hour * 60 + l.minute;
}

/** The instant of `minutes` after local midnight on `date`; null when that time does not exist that day. */
export function occurrenceStart(date: string, minutes: number, timeZone: string): Date | null {
  return localToInstant(date, minutes, timeZone);
}

/** The latest date a repeat booking may reach: the default horizon, within the business's. */
export function latestUntil(first: string, today: string, horizonDays: number): string {
  const business = addDays(today, horizonDays);
  const preferred = addDays(first, DEFAULT_HORIZON_DAYS);
  return preferred < business ? preferred : business;
}

/** The bookable starts nearest to `wanted` (before or after), nearest first, at most `n`. */
export function nearestStarts(starts: readonly Date[], wanted: Date, n = ALTERNATIVES_PER_DATE): Date[] {
  return [...starts]
    .filter((s) => s.getTime() !== wanted.getTime())
    .sort(
      (a, b) =>
        Math.abs(a.getTime() - wanted.getTime()) - Math.abs(b.getTime() - wanted.getTime()) ||
        a.getTime() - b.getTime(),
    )
    .slice(0, n)
    .sort((a, b) => a.getTime() - b.getTime());
}
