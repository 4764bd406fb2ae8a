import { addDays, FIRST_DATE, isDateInRange, isInstantInRange, LAST_DATE, localDateOf } from "@/lib/dates";
import {
  dayClock,
  existingInstant,
  MINUTE,
  type OpenSpan,
  openSpansOf,
  rangesFor,
  type TimeRange,
  workEnd,
} from "@/lib/open-spans";
import { runsSeveralDays, visitParts, visitStartOn } from "@/lib/visit-days";

export { dayClock, type OpenSpan, openSpansOf, rangesFor, type TimeRange, workEnd } from "@/lib/open-spans";

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

/** One day's part of a visit: the team's time that day, its breaks included. */
export type VisitPart = { start: Date; end: Date };

/**
 * A bookable start: where the work ends (the last part's end), the teams free for all of it, and — for a
 * visit over several days (ADR 0056) — each day's part, in order.
 */
export type Slot = { start: Date; end: Date; teamIds: string[]; parts?: VisitPart[] };

/** A slot's parts: its own when it runs over several days, else the one [start, end). */
export function partsOfSlot(slot: Pick<Slot, "start" | "end" | "parts">): VisitPart[] {
  return slot.parts ?? [{ start: slot.start, end: slot.end }];
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
    if (runsSeveralDays(spans, { work: duration, buffer, spansBreaks })) {
      const slot = severalDaysSlot(q, date, { earliest, index: index_, closed });
      if (slot) out.set(date, [slot]);
      continue;
    }
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

/**
 * A visit over several days starting on a date (ADR 0056): one start, at the day's first opening plus
 * the buffer, free for a team whose held time and weather closures leave every part free.
 */
function severalDaysSlot(
  q: SlotQuery,
  date: string,
  ctx: { earliest: number; index: Map<string, TeamIndex>; closed: Map<string, TeamIndex> },
): Slot | null {
  const buffer = q.bufferMinutes * MINUTE;
  const start = visitStartOn(q, date, q.bufferMinutes);
  if (start === null || start < ctx.earliest) return null;
  const parts = visitParts(q, date, start, q.durationMinutes * MINUTE, buffer);
  const last = parts?.at(-1);
  if (!parts || !last) return null;
  const teamIds = q.teams.filter((t) =>
    parts.every(
      (p) =>
        !overlapsHeld(ctx.index.get(t), p.start - buffer, p.end + buffer) &&
        !overlapsHeld(ctx.closed.get(t), p.start, p.end),
    ),
  );
  if (teamIds.length === 0) return null;
  return {
    start: new Date(start),
    end: new Date(last.end),
    teamIds,
    parts: parts.map((p) => ({ start: new Date(p.start), end: new Date(p.end) })),
  };
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
 * The job's parts if it starts then, by the dates' hours alone (not what is held, nor notice): one part
 * through the breaks it may span; parts over the next working days when the date can't hold it (ADR
 * 0056); or [start, start + work) when the start is outside the hours (an admin's override) or the hours
 * can't hold it.
 */
export function partsOfWork(
  q: Pick<
    SlotQuery,
    "timeZone" | "weeklyHours" | "overrides" | "durationMinutes" | "spansBreaks" | "bufferMinutes"
  >,
  start: Date,
): VisitPart[] {
  const work = q.durationMinutes * MINUTE;
  const plain = [{ start, end: new Date(start.getTime() + work) }];
  if (!isInstantInRange(start)) return plain;
  const date = localDateOf(start, q.timeZone);
  const spans = openSpansOf(date, q.timeZone, rangesFor(q, date));
  const t = start.getTime();
  const spansBreaks = q.spansBreaks ?? true;
  const buffer = q.bufferMinutes * MINUTE;
  if (runsSeveralDays(spans, { work, buffer, spansBreaks })) {
    const parts = visitParts(q, date, t, work, buffer);
    return parts ? parts.map((p) => ({ start: new Date(p.start), end: new Date(p.end) })) : plain;
  }
  const index = spans.findIndex((s) => s.opensAt <= t && t < s.closesAt);
  if (index < 0) return plain;
  const done = workEnd(spans, index, t, work, spansBreaks);
  return done ? [{ start, end: new Date(done.end) }] : plain;
}

/** Where the job's work ends if it starts then, by the dates' hours alone: its last part's end. */
export function endOfWork(q: Parameters<typeof partsOfWork>[0], start: Date): Date {
  return (partsOfWork(q, start).at(-1) as VisitPart).end;
}

/**
 * The held time without the caller's own (each part of the booking being moved): the overlap guard
 * allows one holding row per (team, range), so a row matching a part exactly is that part.
 */
export function withoutOwnTime(
  held: readonly HeldInterval[],
  own: readonly { teamId: string; start: Date; end: Date }[],
): HeldInterval[] {
  if (!own.length) return [...held];
  return held.filter(
    (h) =>
      !own.some((o) => h.teamId === o.teamId && h.start === o.start.getTime() && h.end === o.end.getTime()),
  );
}

/** The teams free for exactly this start (empty when it is not a bookable start). */
export function teamsFreeAt(q: Omit<SlotQuery, "from" | "to">, start: Date): string[] {
  return slotAt(q, start)?.teamIds ?? [];
}
