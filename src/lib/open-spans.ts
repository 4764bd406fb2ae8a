import { addDays, isoWeekday, localDayStart, localToInstant } from "@/lib/dates";

// The open time of one local date, as instants (ADR 0054): its ranges under the weekly hours or the date's
// own override, and how minutes of work run through them — the pieces the slot engine (slots.ts) and a
// visit over several days (visit-days.ts) are built from.

export const MINUTE = 60_000;

/** Wall-clock minutes after local midnight; `closes` may be 1440 (midnight at the end of the day). */
export type TimeRange = { opens: number; closes: number };

/** The weekly hours and the dates' own overrides: what decides a date's open ranges. */
export type HoursQuery = {
  /** ISO weekday (1 = Monday … 7 = Sunday) → open ranges. */
  weeklyHours: Partial<Record<number, TimeRange[]>>;
  /** Local date → its own ranges (an empty list = closed). Replaces the weekly hours for that date. */
  overrides: Record<string, TimeRange[]>;
};

export function rangesFor(q: HoursQuery, date: string): TimeRange[] {
  return q.overrides[date] ?? q.weeklyHours[isoWeekday(date)] ?? [];
}

/** Converts wall-clock minutes of one local date to instants, fast on ordinary days, exact on DST days. */
export function dayClock(date: string, timeZone: string): (minutes: number) => number | null {
  const midnight = localDayStart(date, timeZone);
  const next = localDayStart(addDays(date, 1), timeZone);
  if (next.getTime() - midnight.getTime() === 1440 * MINUTE) {
    const base = midnight.getTime();
    return (m) => base + m * MINUTE;
  }
  return (m) => {
    if (m >= 1440) return localToInstant(addDays(date, 1), m - 1440, timeZone)?.getTime() ?? null;
    return localToInstant(date, m, timeZone)?.getTime() ?? null;
  };
}

/** The first instant at or after a wall time that exists (a range opening inside a DST gap). */
export function existingInstant(clock: (m: number) => number | null, minutes: number): number | null {
  for (let m = minutes; m <= Math.min(minutes + 120, 1440); m++) {
    const t = clock(m);
    if (t !== null) return t;
  }
  return null;
}

/** An open range of one date as instants, half-open. */
export type OpenSpan = { opensAt: number; closesAt: number };

/**
 * The date's open ranges as instants, in order (a range opening inside a DST gap opens at the first
 * wall time that exists; a range that can't be placed at all is left out).
 */
export function openSpansOf(date: string, timeZone: string, ranges: readonly TimeRange[]): OpenSpan[] {
  const clock = dayClock(date, timeZone);
  const out: OpenSpan[] = [];
  for (const range of [...ranges].sort((a, b) => a.opens - b.opens)) {
    const opensAt = existingInstant(clock, range.opens);
    const closesAt = existingInstant(clock, range.closes);
    if (opensAt !== null && closesAt !== null && closesAt > opensAt) out.push({ opensAt, closesAt });
  }
  return out;
}

/**
 * Where `work` ms of work that starts at `start`, inside span `index`, ends: in that span when it fits,
 * else — when it may span breaks — in a later span, each break between them skipped. Null when the
 * date's spans can't hold it (ranges that touch are one stretch, never a break). Returns the end and the span it ends in.
 */
export function workEnd(
  spans: readonly OpenSpan[],
  index: number,
  start: number,
  work: number,
  spansBreaks: boolean,
): { end: number; endSpan: number } | null {
  let left = work;
  let at = start;
  for (let i = index; i < spans.length; i++) {
    const span = spans[i] as OpenSpan;
    if (i > index) {
      // Ranges that touch are one stretch of work; a gap between them is a break.
      if (!spansBreaks && span.opensAt > at) return null;
      at = Math.max(at, span.opensAt);
    }
    const room = span.closesAt - at;
    if (left <= room) return { end: at + left, endSpan: i };
    left -= Math.max(0, room);
    at = Math.max(at, span.closesAt);
  }
  return null;
}
