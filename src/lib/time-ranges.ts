import { addDays, formatMinutes, localDateOf, localToInstant, toLocalParts } from "@/lib/dates";

// Opening ranges (a shared kernel, like dates.ts: availability, holidays and the hours screens read it) are
// wall-clock minutes after local midnight in the business time zone, [opens, closes).
// These helpers parse what the admin types, check a day's ranges, and decide whether a booking's local
// span lies inside a day's ranges. Pure: no database, no clock.

/** Booked minutes ÷ open team minutes, as a whole percentage; null when the schedule was closed. */
export function utilisationPercent(bookedMinutes: number, openMinutes: number): number | null {
  if (openMinutes <= 0) return null;
  return Math.round((bookedMinutes * 100) / openMinutes);
}

export type MinuteRange = { opens: number; closes: number };

export const DAY_MINUTES = 24 * 60;
export const TIME_STEP_MINUTES = 5;
export const MAX_RANGES_PER_DAY = 12;

export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** "Monday" for ISO weekday 1 … "Sunday" for 7. */
export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? `Day ${weekday}`;
}

export type ParsedTime = { ok: true; minutes: number } | { ok: false; message: string };

/**
 * What an admin types as a time: "08:00", "8:00", "8.30", "0830", "830", "8" or "24:00". A closing time
 * of "00:00" means midnight at the end of the day (a time input cannot show 24:00).
 */
export function parseTimeInput(text: string, role: "opens" | "closes"): ParsedTime {
  const value = text.trim();
  if (value === "") return { ok: false, message: "Enter a time, like 08:00." };
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?$/.exec(value) ?? /^(\d{1,2})(\d{2})$/.exec(value);
  if (!m) return { ok: false, message: "Enter a time as hours and minutes, like 08:00." };
  const hours = Number(m[1]);
  const mins = Number(m[2] ?? "0");
  if (mins > 59 || hours > 24 || (hours === 24 && mins > 0))
    return { ok: false, message: "Use a time from 00:00 to 24:00." };
  let minutes = hours * 60 + mins;
  if (role === "closes" && minutes === 0) minutes = DAY_MINUTES;
  if (role === "opens" && minutes === DAY_MINUTES)
    return { ok: false, message: "Opening time must be before 24:00." };
  if (minutes % TIME_STEP_MINUTES !== 0)
    return { ok: false, message: "Use a multiple of 5 minutes, like 08:05 or 08:10." };
  return { ok: true, minutes };
}

/** The value for an `<input type="time">`: it cannot hold 24:00, so midnight at the end is "00:00". */
export function toTimeInputValue(minutes: number): string {
  return formatMinutes(minutes === DAY_MINUTES ? 0 : minutes);
}

/** "08:00–12:30"; the end of the day reads "24:00". */
export function formatRange(range: MinuteRange): string {
  return `${formatMinutes(range.opens)}–${formatMinutes(range.closes)}`;
}

/** "08:00–12:30, 13:00–18:00", or "Closed" for none. */
export function formatRanges(ranges: readonly MinuteRange[]): string {
  return ranges.length === 0 ? "Closed" : sortRanges(ranges).map(formatRange).join(", ");
}

export function sortRanges<T extends MinuteRange>(ranges: readonly T[]): T[] {
  return [...ranges].sort((a, b) => a.opens - b.opens || a.closes - b.closes);
}

export type RangeIssue = { index: number; field: "opens" | "closes"; message: string };

/**
 * What is wrong with a day's ranges, by position as entered: a range must open before it closes, and
 * no two ranges may overlap (touching is fine: 08:00–12:30 and 12:30–18:00 is one long day with no
 * gap). An overlap is reported on the later range's opening time, naming the range it overlaps.
 */
export function rangeIssues(ranges: readonly MinuteRange[]): RangeIssue[] {
  const issues: RangeIssue[] = [];
  const valid: { index: number; range: MinuteRange }[] = [];
  ranges.forEach((range, index) => {
    if (range.closes <= range.opens)
      issues.push({ index, field: "closes", message: "Closing time must be after opening time." });
    else valid.push({ index, range });
  });
  const ordered = [...valid].sort((a, b) => a.range.opens - b.range.opens || a.index - b.index);
  for (let i = 1; i < ordered.length; i++) {
    const current = ordered[i];
    // Compare with every earlier range that is still open when this one starts.
    const clash = ordered.slice(0, i).find((p) => current && p.range.closes > current.range.opens);
    if (current && clash)
      issues.push({
        index: current.index,
        field: "opens",
        message: `Overlaps range ${clash.index + 1} (${formatRange(clash.range)}).`,
      });
  }
  return issues.sort((a, b) => a.index - b.index);
}

/**
 * True when a job over [start, end) still fits these ranges: it starts inside one and ends inside the
 * same or a later one — the breaks between are the team's (ADR 0054), so a job booked across lunch is
 * not stranded by hours that keep its start and its end open.
 */
export function isInsideRanges(ranges: readonly MinuteRange[], start: number, end: number): boolean {
  return (
    ranges.some((r) => r.opens <= start && start < r.closes) &&
    ranges.some((r) => r.opens < end && end <= r.closes && r.closes > start)
  );
}

export type LocalSpan = { date: string; start: number; end: number };

/**
 * The local date of an instant span's start, and its start and end as wall-clock minutes after that
 * date's midnight. An end on the next day counts from 1440 (so it fits only a range closing at 24:00
 * when it ends exactly at midnight); an end later than that is never inside a day.
 */
export function localSpanOf(startsAt: Date, endsAt: Date, timeZone: string): LocalSpan {
  const date = localDateOf(startsAt, timeZone);
  const s = toLocalParts(startsAt, timeZone);
  const e = toLocalParts(endsAt, timeZone);
  const endDate = localDateOf(endsAt, timeZone);
  const endOfDay = e.hour * 60 + e.minute;
  const end =
    endDate === date
      ? endOfDay
      : endDate === addDays(date, 1)
        ? DAY_MINUTES + endOfDay
        : Number.POSITIVE_INFINITY;
  return { date, start: s.hour * 60 + s.minute, end };
}

export type DayOverride = { isClosed: boolean; ranges: readonly MinuteRange[] };

/** The ranges that apply on a date: its override's (none when closed), else its weekday's. */
export function rangesForDate(
  weekdayRanges: readonly MinuteRange[],
  override: DayOverride | null | undefined,
): readonly MinuteRange[] {
  if (!override) return weekdayRanges;
  return override.isClosed ? [] : override.ranges;
}

/** A local date's noon as an instant, to format the date in words (noon is never in a DST gap). */
export function dateAsInstant(date: string, timeZone: string): Date {
  return localToInstant(date, 12 * 60, timeZone) ?? new Date(`${date}T12:00:00Z`);
}
