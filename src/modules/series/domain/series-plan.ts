import { addDays, formatCalendarDate, localToInstant, toLocalParts } from "@/lib/dates";

// A repeat booking's occurrences (issue 31, ADR 0052), as pure rules: the dates every N weeks from the
// first visit up to a last date, each at the first visit's wall-clock time (so a visit at 09:00 stays at
// 09:00 across the clock changes), and the nearest other times of a day when that time is taken. Issue 40
// §5: a series reaches up to 12 months (or runs until ended, a rolling 12-month window); the dates inside
// the booking horizon are held when it is made, the later ones by the daily job as the horizon reaches them.

export const MIN_INTERVAL_WEEKS = 1;
export const MAX_INTERVAL_WEEKS = 12;
/** How far a repeat booking reaches: its last date at most this many months after its first visit. */
export const MAX_SERIES_MONTHS = 12;
/** The most dates one rule gives (every week for 12 months; the first visit, already booked, not counted). */
export const MAX_OCCURRENCES = 53;
/** The most dates the daily job holds for one series in one run (a horizon suddenly lengthened). */
export const MAX_DUE_PER_RUN = 26;
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

/** `date` plus whole months, the day clamped to the month's last (31 January + 1 month = 28 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The latest date a repeat booking may reach: 12 months after its first visit (or the visit a change starts from). */
export function latestUntil(first: string): string {
  return addMonths(first, MAX_SERIES_MONTHS);
}

/** The end of a "until I end it" series' rolling window, seen from `today`. */
export function rollingUntil(today: string): string {
  return addMonths(today, MAX_SERIES_MONTHS);
}

/** The last date the business takes bookings for, seen from `today` (its booking horizon). */
export function horizonEnd(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

/** The day a visit beyond the horizon is held automatically: when the horizon reaches its date. */
export function heldFromDate(date: string, horizonDays: number): string {
  return addDays(date, -horizonDays);
}

/**
 * The rule's dates the daily job holds now: after what is already dealt with (`heldThrough`), up to the
 * horizon and the series' last date, at most `max` (the rest wait for the next run).
 */
export function dueDates(
  rule: { anchorDate: string; intervalWeeks: number; untilDate: string; heldThrough: string },
  reach: string,
  max = MAX_DUE_PER_RUN,
): string[] {
  const last = rule.untilDate < reach ? rule.untilDate : reach;
  const out: string[] = [];
  for (
    let d = addDays(rule.anchorDate, 7 * rule.intervalWeeks);
    d <= last && out.length < max;
    d = addDays(d, 7 * rule.intervalWeeks)
  )
    if (d > rule.heldThrough) out.push(d);
  return out;
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

/** What the customer is told of the visits beyond the horizon, or null when every visit is already held. */
export function laterVisitsSentence(s: {
  heldThrough: string;
  untilDate: string;
  openEnded: boolean;
}): string | null {
  if (!s.openEnded && s.heldThrough >= s.untilDate) return null;
  const until = s.openEnded ? "until you end it" : `until ${formatCalendarDate(s.untilDate)}`;
  return `The visits after ${formatCalendarDate(s.heldThrough)} (${until}) are held for you automatically as our booking calendar opens for their dates; if a time isn't free then, we email you the nearest free times.`;
}
