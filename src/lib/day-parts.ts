import { formatDuration, formatJobLength, formatLongDate, formatTime, localDateOf } from "./dates";

// A booking's parts (ADR 0056): the team's time on each working day of its visit. A visit of one day has
// one part, [starts_at, ends_at); a visit over several keeps each day's part in `day_parts`, first to last,
// and its allocations hold exactly those. Every reader that places a booking on a day (Today, the
// technician's day, the calendar file, the emails, utilisation) takes its parts from here.

export type DayPart = { start: Date; end: Date };

/** The stored shape of `bookings.day_parts`: ISO instants. */
export type StoredDayParts = { start: string; end: string }[] | null;

export function bookingParts(b: { startsAt: Date; endsAt: Date; dayParts: StoredDayParts }): DayPart[] {
  const stored = b.dayParts;
  if (!stored || stored.length < 2) return [{ start: b.startsAt, end: b.endsAt }];
  return stored.map((p) => ({ start: new Date(p.start), end: new Date(p.end) }));
}

/** What `day_parts` keeps for a visit's parts: null for one day (its part is the booking's own span). */
export function storedDayParts(parts: readonly DayPart[]): StoredDayParts {
  return parts.length < 2
    ? null
    : parts.map((p) => ({ start: p.start.toISOString(), end: p.end.toISOString() }));
}

/** Minutes of the team's time a booking takes (each day's part, not the nights between). */
export function partsMinutes(parts: readonly DayPart[]): number {
  return parts.reduce((sum, p) => sum + (p.end.getTime() - p.start.getTime()) / 60_000, 0);
}

/**
 * The part of a visit on the local day [dayStart, dayEnd), with its place ("Day 2 of 2"); null when the
 * visit has no part that day.
 */
export function partOnDay(
  parts: readonly DayPart[],
  dayStart: Date,
  dayEnd: Date,
): { part: DayPart; day: number; of: number } | null {
  const i = parts.findIndex((p) => p.start < dayEnd && p.end > dayStart);
  const part = parts[i];
  return part ? { part, day: i + 1, of: parts.length } : null;
}

/**
 * The team's time the booking holds, part by part: what doesn't count as taken when its own alternatives
 * are looked for (a move, a reschedule's hold, a weather offer).
 */
export function ownTimeOf(b: {
  teamId: string;
  startsAt: Date;
  endsAt: Date;
  dayParts: StoredDayParts;
}): { teamId: string; start: Date; end: Date }[] {
  return bookingParts(b).map((p) => ({ teamId: b.teamId, start: p.start, end: p.end }));
}

const hm = (d: Date, tz: string) => formatTime(d, tz).split(" ")[0] ?? "";

/** "Mon 7 Dec" in the business zone. */
export function formatShortDay(d: Date, tz: string): string {
  return shortDay(d, tz);
}

function shortDay(d: Date, tz: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    weekday: "short",
    day: "numeric",
    month: "short",
  }).format(d);
}

/**
 * A visit's times in words, the one way every screen, email and receipt says them (ADR 0056):
 * `summary` "Mon 7 Dec 08:00 → Tue 8 Dec 12:00 · 2 days" (null for a visit of one day, whose screens say
 * its date and times as before), `range` the same after the first day's date ("08:00 → Tue 8 Dec 12:00 ·
 * 2 days"); `days` each day's part, "Mon 7 Dec, 08:00–18:00"; `how` what the customer
 * should expect from the visit's mode.
 */
export function visitTimesInWords(
  parts: readonly DayPart[],
  tz: string,
  mode: "mobile" | "drop_off",
  /** Where a vehicle staying with the business is dropped off (its base address). */
  place?: string,
): { summary: string | null; range: string | null; days: string[]; how: string | null } {
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last || parts.length < 2) return { summary: null, range: null, days: [], how: null };
  const summary = `${shortDay(first.start, tz)} ${hm(first.start, tz)} → ${shortDay(last.end, tz)} ${hm(last.end, tz)} · ${parts.length} days`;
  // After the first day's date: "08:00 → Tue 8 Dec 12:00 · 2 days".
  const range = `${hm(first.start, tz)} → ${shortDay(last.end, tz)} ${hm(last.end, tz)} · ${parts.length} days`;
  const days = parts.map((p) => `${shortDay(p.start, tz)}, ${hm(p.start, tz)}–${hm(p.end, tz)}`);
  const how =
    mode === "drop_off"
      ? `Drop your vehicle off ${place ? `at ${place} ` : "with us "}at ${hm(first.start, tz)} on ${shortDay(first.start, tz)}; it stays with us and is ready to collect at ${hm(last.end, tz)} on ${shortDay(last.end, tz)}.`
      : `Our team comes to you on each of these ${parts.length} days, at the times shown.`;
  return { summary, range, days, how };
}

/** A booking's length in words: "8 h of work (30 min break)", or "16 h of work over 2 days" (ADR 0056). */
export function formatVisitLength(workMinutes: number, parts: readonly DayPart[]): string {
  const first = parts[0];
  const last = parts.at(-1);
  if (!first || !last) return formatDuration(workMinutes);
  if (parts.length > 1) return `${formatDuration(workMinutes)} of work over ${parts.length} days`;
  return formatJobLength(workMinutes, first.start, last.end);
}

/**
 * "Tuesday 8 December 2026, 09:00 – 11:00"; a visit over several days (ADR 0056) "Monday 7 December
 * 2026, 08:00 → Tuesday 8 December 2026, 12:00 · 2 days".
 */
export function whenLabel(start: Date, end: Date, timeZone: string, days = 1): string {
  if (localDateOf(start, timeZone) === localDateOf(new Date(end.getTime() - 1), timeZone))
    return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
  return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} → ${formatLongDate(end, timeZone)}, ${formatTime(end, timeZone)}${days > 1 ? ` · ${days} days` : ""}`;
}
