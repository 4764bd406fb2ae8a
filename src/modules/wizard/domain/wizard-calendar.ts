import { addDays, dateFormat, isoWeekday } from "@/lib/dates";

// The date step's month grid and slot grouping. Dates are the business's local calendar dates
// (YYYY-MM-DD); which days have times comes from the slot engine.

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function firstOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastOfMonth(month: string): string {
  return addDays(firstOfMonth(addMonths(month, 1)), -1);
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** "December 2026" */
export function monthLabel(month: string, locale = "en-GB"): string {
  return dateFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${firstOfMonth(month)}T12:00:00Z`),
  );
}

/** "Tuesday 8 December" for a local date (no time zone involved: it is a calendar date). */
export function dateLabel(date: string, locale = "en-GB"): string {
  return dateFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** Weeks (Monday first) of a month; days outside it are null. */
export function monthGrid(month: string): (string | null)[][] {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

export const WEEKDAY_NAMES = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

export type PartOfDay = "Morning" | "Afternoon" | "Evening";

/** Slots are grouped by the local wall-clock hour of their start. */
export function partOfDay(localMinutes: number): PartOfDay {
  if (localMinutes < 12 * 60) return "Morning";
  if (localMinutes < 17 * 60) return "Afternoon";
  return "Evening";
}

export function groupByPartOfDay<T>(
  items: readonly T[],
  localMinutesOf: (item: T) => number,
): { part: PartOfDay; items: T[] }[] {
  const groups: { part: PartOfDay; items: T[] }[] = [];
  for (const item of items) {
    const part = partOfDay(localMinutesOf(item));
    const last = groups[groups.length - 1];
    if (last && last.part === part) last.items.push(item);
    else groups.push({ part, items: [item] });
  }
  return groups;
}

/**
 * The window the calendar may show: from today's month to the horizon's. `requested` outside it (a
 * stale link) is clamped.
 */
export function clampMonth(requested: string, firstDate: string, lastDate: string): string {
  const lo = monthOf(firstDate);
  const hi = monthOf(lastDate);
  if (requested < lo) return lo;
  if (requested > hi) return hi;
  return requested;
}
