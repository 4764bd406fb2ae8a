import "server-only";
import {
  addDays,
  formatDateTime,
  formatLongDate,
  formatMinutes,
  formatTime,
  isoWeekday,
  isRealDate,
  localDateOf,
  toLocalParts,
} from "@/lib/dates";

// The schedule calendar's dates and words: which view and date a request asks for, the days a view shows
// and its neighbours, and how its times are written. Pure; calendar.ts reads the database.

export const CALENDAR_VIEWS = ["day", "week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export type CalendarQuery = { view: CalendarView; date?: string };

/** A real YYYY-MM-DD date in the product's range (the URL is typed by people): lib/dates' isRealDate. */
export const isCalendarDate = (v: unknown): v is string => typeof v === "string" && isRealDate(v);

/** URL values → a query; anything unexpected falls back to the day view of today. */
export function parseCalendarParams(sp: { view?: string; date?: string }): CalendarQuery {
  const view = CALENDAR_VIEWS.find((v) => v === sp.view) ?? "day";
  return { view, date: isCalendarDate(sp.date) ? sp.date : undefined };
}

function firstOfMonth(date: string, monthDelta = 0): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + monthDelta, 1)).toISOString().slice(0, 10);
}

export function windowDays(
  view: CalendarView,
  date: string,
): { days: string[]; inPeriod: (d: string) => boolean } {
  if (view === "day") return { days: [date], inPeriod: () => true };
  if (view === "week") {
    const monday = addDays(date, 1 - isoWeekday(date));
    return { days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)), inPeriod: () => true };
  }
  const first = firstOfMonth(date);
  const last = addDays(firstOfMonth(date, 1), -1);
  const gridStart = addDays(first, 1 - isoWeekday(first));
  const gridEnd = addDays(last, 7 - isoWeekday(last));
  const days: string[] = [];
  for (let d = gridStart; d <= gridEnd; d = addDays(d, 1)) days.push(d);
  return { days, inPeriod: (d) => d >= first && d <= last };
}

export function neighbours(view: CalendarView, date: string): { prevDate: string; nextDate: string } {
  if (view === "day") return { prevDate: addDays(date, -1), nextDate: addDays(date, 1) };
  if (view === "week") return { prevDate: addDays(date, -7), nextDate: addDays(date, 7) };
  return { prevDate: firstOfMonth(date, -1), nextDate: firstOfMonth(date, 1) };
}

/** "09:00" — a wall-clock time in the zone, without its name (shown once beside the calendar). */
export function localClock(instant: Date, timeZone: string): string {
  const l = toLocalParts(instant, timeZone);
  return formatMinutes(l.hour * 60 + l.minute);
}

/** "Tue 3 Mar" (the date part of the shared formatDateTime). */
export function shortDate(instant: Date, timeZone: string): string {
  return formatDateTime(instant, timeZone).split(", ")[0] ?? "";
}

/** "March 2026" (from the shared formatLongDate: "Sunday 1 March 2026"). */
export function monthTitle(instant: Date, timeZone: string): string {
  return formatLongDate(instant, timeZone).split(" ").slice(2).join(" ");
}

/** The zone's short name at an instant ("GMT", "BST"). */
export function zoneName(instant: Date, timeZone: string): string {
  return formatTime(instant, timeZone).split(" ").slice(1).join(" ");
}

/**
 * "10:00–12:00 GMT", or with the date ("Tuesday 3 March 2026, 10:00–12:00 GMT") when `withDate`;
 * a span crossing midnight names both ends in full.
 */
export function formatTimeSpan(start: Date, end: Date, timeZone: string, withDate = false): string {
  const sameDay = localDateOf(start, timeZone) === localDateOf(new Date(end.getTime() - 1), timeZone);
  if (!sameDay)
    return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatLongDate(end, timeZone)}, ${formatTime(end, timeZone)}`;
  const zones = zoneName(start, timeZone) === zoneName(end, timeZone);
  const from = zones ? localClock(start, timeZone) : formatTime(start, timeZone);
  const span = `${from}–${formatTime(end, timeZone)}`;
  return withDate ? `${formatLongDate(start, timeZone)}, ${span}` : span;
}
