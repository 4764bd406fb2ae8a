import {
  addDays,
  FIRST_DATE,
  isDateInRange,
  isInstantInRange,
  isoWeekday,
  LAST_DATE,
  localDateOf,
  localToInstant,
} from "@/lib/dates";

// The slot engine (PRODUCT.md §4): which start instants can be booked, per local date of the business,
// and which teams are free for each. Pure: everything it needs is passed in, "now" included.
//
// A job is minutes of *work* (ADR 0054). It starts inside an open range of its local date and works
// until the range closes; when it may span breaks (`spansBreaks`, the services' rule) it goes on at the
// next range's opening, until its work is done — so 8 h from 08:00 with a 12:30–13:00 lunch ends at
// 16:30. Its footprint [start − buffer, end + buffer) must have the before-buffer inside the range it
// starts in and the after-buffer inside the range it ends in, and overlap nothing the team holds: the
// break in the middle is the team's, held with the job, never another customer's. Starts step by the
// slot interval from each range's opening, in wall-clock time: on the spring-forward day the skipped
// wall times simply do not exist, on the fall-back day a repeated wall time is offered once (its first
// occurrence). Work is counted in real time between the ranges' instants, so a clock change inside a
// range neither gains nor loses work. A job never runs past its date's last range (midnight included).

/** Wall-clock minutes after local midnight; `closes` may be 1440 (midnight at the end of the day). */
export type TimeRange = { opens: number; closes: number };

/** Time a team holds (a booking, a hold or a block), in epoch milliseconds, half-open. */
export type HeldInterval = { teamId: string; start: number; end: number };

export type SlotQuery = {
  timeZone: string;
  /** ISO weekday (1 = Monday … 7 = Sunday) → open ranges. */
  weeklyHours: Partial<Record<number, TimeRange[]>>;
  /** Local date → its own ranges (an empty list = closed). Replaces the weekly hours for that date. */
  overrides: Record<string, TimeRange[]>;
  /** Active team ids, in the business's order. */
  teams: readonly string[];
  held: readonly HeldInterval[];
  /**
   * Weather closures (ADR 0036): a team can't work a job overlapping one (its buffers may: travel is not
   * the job). Unlike `held`, nothing is allocated: the bookings already there are being moved out.
   */
  closed?: readonly HeldInterval[];
  slotIntervalMinutes: number;
  /** Business buffer + the zone's travel buffer, before and after the job. */
  bufferMinutes: number;
  minNoticeMinutes: number;
  /** Latest bookable local date = today (in the zone) + horizonDays. */
  horizonDays: number;
  /** Minutes of work. */
  durationMinutes: number;
  /** Whether the work may go on after a break of its day (default true). */
  spansBreaks?: boolean;
  now: Date;
  /** Local dates, inclusive. */
  from: string;
  to: string;
};

export type Slot = { start: Date; end: Date; teamIds: string[] };

const MINUTE = 60_000;

/** Converts wall-clock minutes of one local date to instants, fast on ordinary days, exact on DST days. */
export function dayClock(date: string, timeZone: string): (minutes: number) => number | null {
  const midnight = localToInstant(date, 0, timeZone);
  const next = localToInstant(addDays(date, 1), 0, timeZone);
  if (midnight && next && next.getTime() - midnight.getTime() === 1440 * MINUTE) {
    const base = midnight.getTime();
    return (m) => base + m * MINUTE;
  }
  return (m) => {
    if (m >= 1440) return localToInstant(addDays(date, 1), m - 1440, timeZone)?.getTime() ?? null;
    return localToInstant(date, m, timeZone)?.getTime() ?? null;
  };
}

/** The first instant at or after a wall time that exists (a range opening inside a DST gap). */
function existingInstant(clock: (m: number) => number | null, minutes: number): number | null {
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

/**
 * The most work one date with these ranges can hold: the whole of its open time when a job may span its
 * breaks, else its longest range — less the buffers before and after. In wall minutes (a clock-change
 * day holds an hour more or less). Used to say why a long job fits no day, and to warn the admin.
 */
export function maxWorkMinutes(
  ranges: readonly TimeRange[],
  bufferMinutes: number,
  spansBreaks: boolean,
): number {
  if (ranges.length === 0) return 0;
  const lengths = ranges.map((r) => r.closes - r.opens);
  const open = spansBreaks ? lengths.reduce((a, b) => a + b, 0) : Math.max(...lengths);
  return Math.max(0, open - 2 * bufferMinutes);
}

/**
 * The most work any date from `from` to `to` can hold under these hours (its weekday's, or its own
 * override's), for a job that may or may not span breaks: what a long job is compared with to say
 * why it fits no day (ADR 0054). 0 when every date is closed.
 */
export function longestDayMinutes(
  q: Pick<SlotQuery, "weeklyHours" | "overrides" | "bufferMinutes" | "spansBreaks">,
  from: string,
  to: string,
): number {
  let best = 0;
  for (let date = from, n = 0; date <= to && n < 400; date = addDays(date, 1), n++)
    best = Math.max(best, maxWorkMinutes(rangesFor(q, date), q.bufferMinutes, q.spansBreaks ?? true));
  return best;
}

type TeamIndex = { starts: number[]; maxEnds: number[] };

/** Per team: held intervals sorted by start, with the running maximum of their ends. */
export function indexHeld(held: readonly HeldInterval[]): Map<string, TeamIndex> {
  const byTeam = new Map<string, HeldInterval[]>();
  for (const h of held) {
    const list = byTeam.get(h.teamId);
    if (list) list.push(h);
    else byTeam.set(h.teamId, [h]);
  }
  const out = new Map<string, TeamIndex>();
  for (const [team, list] of byTeam) {
    list.sort((a, b) => a.start - b.start);
    const starts: number[] = [];
    const maxEnds: number[] = [];
    let max = -Infinity;
    for (const h of list) {
      starts.push(h.start);
      max = Math.max(max, h.end);
      maxEnds.push(max);
    }
    out.set(team, { starts, maxEnds });
  }
  return out;
}

/** Whether [from, to) overlaps anything in the index: O(log n). */
export function overlapsHeld(index: TeamIndex | undefined, from: number, to: number): boolean {
  if (!index) return false;
  // i = number of intervals starting before `to`; they overlap iff one of them ends after `from`.
  let lo = 0;
  let hi = index.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((index.starts[mid] as number) < to) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && (index.maxEnds[lo - 1] as number) > from;
}

export function rangesFor(q: Pick<SlotQuery, "weeklyHours" | "overrides">, date: string): TimeRange[] {
  return q.overrides[date] ?? q.weeklyHours[isoWeekday(date)] ?? [];
}

/**
 * Bookable starts per local date from `from` to `to` (dates without any are omitted), each with the teams
 * free for it in the given team order.
 */
export function computeSlots(q: SlotQuery): Map<string, Slot[]> {
  const out = new Map<string, Slot[]>();
  if (q.teams.length === 0 || q.durationMinutes <= 0) return out;
  const index_ = indexHeld(q.held);
  const closed = indexHeld(q.closed ?? []);
  const earliest = q.now.getTime() + q.minNoticeMinutes * MINUTE;
  const lastDate = addDays(localDateOf(q.now, q.timeZone), q.horizonDays);
  const duration = q.durationMinutes * MINUTE;
  const buffer = q.bufferMinutes * MINUTE;
  const step = Math.max(5, q.slotIntervalMinutes);
  // Nothing before today can be booked, and nothing outside the product's dates is computed: a window
  // asked for by a request (years back, or year 9999) costs at most the horizon.
  const today = addDays(localDateOf(q.now, q.timeZone), -1);
  const first = [q.from, today, FIRST_DATE].reduce((a, b) => (a > b ? a : b));
  const end = [q.to, lastDate, LAST_DATE].reduce((a, b) => (a < b ? a : b));
  if (!isDateInRange(first) || !isDateInRange(end)) return out;

  const spansBreaks = q.spansBreaks ?? true;
  for (let date = first; date <= end; date = addDays(date, 1)) {
    const ranges = rangesFor(q, date);
    if (ranges.length === 0) continue;
    const clock = dayClock(date, q.timeZone);
    const spans = openSpansOf(date, q.timeZone, ranges);
    const slots: Slot[] = [];
    const seen = new Set<number>();
    for (const range of [...ranges].sort((a, b) => a.opens - b.opens)) {
      const opensAt = existingInstant(clock, range.opens);
      const index = spans.findIndex((sp) => sp.opensAt === opensAt);
      const span = spans[index];
      if (!span) continue;
      for (let m = range.opens; m < range.closes; m += step) {
        const start = clock(m);
        if (start === null || seen.has(start)) continue; // a wall time that does not exist today
        if (start < span.opensAt || start >= span.closesAt) continue;
        const from = start - buffer;
        if (from < span.opensAt || start < earliest) continue;
        const done = workEnd(spans, index, start, duration, spansBreaks);
        if (!done) break; // a later start in this range can't fit either
        const to = done.end + buffer;
        if (to > (spans[done.endSpan] as OpenSpan).closesAt) continue;
        const teamIds = q.teams.filter(
          (t) => !overlapsHeld(index_.get(t), from, to) && !overlapsHeld(closed.get(t), start, done.end),
        );
        if (teamIds.length === 0) continue;
        seen.add(start);
        slots.push({ start: new Date(start), end: new Date(done.end), teamIds });
      }
    }
    if (slots.length)
      out.set(
        date,
        slots.sort((a, b) => a.start.getTime() - b.start.getTime()),
      );
  }
  return out;
}

/** The month view: per local date in the window, how many starts can be booked (0 = none). */
export function countSlotsByDate(q: SlotQuery): Map<string, number> {
  const slots = computeSlots(q);
  const out = new Map<string, number>();
  if (!isDateInRange(q.from) || !isDateInRange(q.to)) return out;
  for (let date = q.from; date <= q.to; date = addDays(date, 1)) out.set(date, slots.get(date)?.length ?? 0);
  return out;
}

/** The bookable slot that starts exactly then — its end and its free teams — or null. */
export function slotAt(q: Omit<SlotQuery, "from" | "to">, start: Date): Slot | null {
  if (!isInstantInRange(start)) return null;
  const date = localDateOf(start, q.timeZone);
  const slots = computeSlots({ ...q, from: date, to: date }).get(date) ?? [];
  return slots.find((s) => s.start.getTime() === start.getTime()) ?? null;
}

/**
 * Where the job's work ends if it starts then, by the date's hours alone (not what is held, nor notice):
 * through the breaks it may span, or start + work when the start is outside the hours (an admin's
 * override) or the hours can't hold it.
 */
export function endOfWork(
  q: Pick<SlotQuery, "timeZone" | "weeklyHours" | "overrides" | "durationMinutes" | "spansBreaks">,
  start: Date,
): Date {
  const work = q.durationMinutes * MINUTE;
  const plain = new Date(start.getTime() + work);
  if (!isInstantInRange(start)) return plain;
  const date = localDateOf(start, q.timeZone);
  const spans = openSpansOf(date, q.timeZone, rangesFor(q, date));
  const t = start.getTime();
  const index = spans.findIndex((s) => s.opensAt <= t && t < s.closesAt);
  if (index < 0) return plain;
  const done = workEnd(spans, index, t, work, q.spansBreaks ?? true);
  return done ? new Date(done.end) : plain;
}

/** The teams free for exactly this start (empty when it is not a bookable start). */
export function teamsFreeAt(q: Omit<SlotQuery, "from" | "to">, start: Date): string[] {
  return slotAt(q, start)?.teamIds ?? [];
}
