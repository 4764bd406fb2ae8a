import { addDays } from "@/lib/dates";
import { type HoursQuery, MINUTE, type OpenSpan, openSpansOf, rangesFor, workEnd } from "@/lib/open-spans";

// A visit longer than a working day (issue 40 §2, ADR 0056) runs over consecutive working days of one
// team. Each day's part is the team's time from its start to its end, the day's breaks held with it (as
// for a job of one day, ADR 0054). The first part starts at the visit's start and runs to the day's last
// closing less the buffer; each next working day — a date with open hours, closed days and bank holidays
// skipped — starts at its first opening plus the buffer and runs to its closing less the buffer, until the
// work is done. Work is counted in real time between the ranges' instants, so a clock change inside a
// part neither gains nor loses work. Pure: the hours come in.

/** One day's part of a visit, in epoch milliseconds, half-open. */
export type PartInterval = { start: number; end: number };

/** How many calendar days after its first a visit may reach (three weeks of five working days). */
export const MAX_VISIT_SPAN_DAYS = 21;

type VisitHours = HoursQuery & { timeZone: string };

/** A date's open time as instants, and the earliest and latest its work may run with the buffers kept. */
function workingDay(q: VisitHours, date: string, buffer: number) {
  const spans = openSpansOf(date, q.timeZone, rangesFor(q, date));
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return null;
  return { spans, earliest: first.opensAt + buffer, latest: last.closesAt - buffer };
}

/** The work that fits in the spans between `from` and `to`, breaks left out. */
function workBetween(spans: readonly OpenSpan[], from: number, to: number): number {
  let total = 0;
  for (const s of spans) total += Math.max(0, Math.min(s.closesAt, to) - Math.max(s.opensAt, from));
  return total;
}

/**
 * Where `work` ms from `start` (an instant inside the open hours of `date`) falls, day by day: one part
 * when the day holds it, else parts over the next working days. Null when the work isn't done within
 * MAX_VISIT_SPAN_DAYS or the start isn't inside the day's working time.
 */
export function visitParts(
  q: VisitHours,
  date: string,
  start: number,
  work: number,
  buffer: number,
): PartInterval[] | null {
  const parts: PartInterval[] = [];
  let left = work;
  for (let n = 0; n <= MAX_VISIT_SPAN_DAYS && left > 0; n++) {
    const day = addDays(date, n);
    const hours = workingDay(q, day, buffer);
    if (n === 0 && (!hours || start < hours.earliest || start >= hours.latest)) return null;
    if (!hours) continue;
    const from = n === 0 ? start : hours.earliest;
    const room = workBetween(hours.spans, from, hours.latest);
    if (room <= 0) {
      if (n === 0) return null;
      continue;
    }
    if (left <= room) {
      const index = hours.spans.findIndex((s) => s.closesAt > from);
      const at = Math.max(from, (hours.spans[index] as OpenSpan).opensAt);
      const done = workEnd(hours.spans, index, at, left, true);
      if (!done) return null; // not reached: the room was measured in the same spans
      parts.push({ start: from, end: done.end });
      left = 0;
    } else {
      parts.push({ start: from, end: hours.latest });
      left -= room;
    }
  }
  return left > 0 ? null : parts;
}

/**
 * Where a visit over several days starts on a date: the date's first opening plus the buffer (the team
 * arrives, or the vehicle is dropped off, when the day begins). Null on a closed date.
 */
export function visitStartOn(q: VisitHours, date: string, bufferMinutes: number): number | null {
  return workingDay(q, date, bufferMinutes * MINUTE)?.earliest ?? null;
}

/** The most work a date's spans hold from the first opening to the last closing, less the buffers, in ms. */
export function roomOfSpans(spans: readonly OpenSpan[], buffer: number): number {
  const first = spans[0];
  const last = spans.at(-1);
  return first && last ? workBetween(spans, first.opensAt + buffer, last.closesAt - buffer) : 0;
}

/**
 * Whether a job runs over several days when it starts on a date: when it may span breaks and the date
 * can't hold its work even from the first opening to the last closing. The one rule the slot engine,
 * reserve() and an admin's move all read (ADR 0056).
 */
export function runsSeveralDays(
  spans: readonly OpenSpan[],
  job: { work: number; buffer: number; spansBreaks: boolean },
): boolean {
  return job.spansBreaks && spans.length > 0 && roomOfSpans(spans, job.buffer) < job.work;
}

/**
 * Whether work can never be booked under these working-day limits (ADR 0054, 0056): work that may span
 * breaks runs over several days when it is longer than one, so only a business with no working day fails
 * it; work that may not must fit one stretch of a day. The one rule the wizard, the owner's warning and a
 * request for a time read.
 */
export function fitsNoWorkingDay(
  workMinutes: number,
  spansBreaks: boolean,
  limits: { spanning: number; oneStretch: number },
): boolean {
  return spansBreaks ? limits.spanning <= 0 : workMinutes > limits.oneStretch;
}
