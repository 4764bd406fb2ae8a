import "server-only";
import { addDays, localDateOf } from "@/lib/dates";
import { bookingParts, type DayPart } from "@/lib/day-parts";
import { fitsNoWorkingDay } from "@/lib/visit-days";
import { computeSlots, longestDayMinutes, partsOfSlot, type Slot } from "@/modules/availability/domain/slots";
import type { RunBooking } from "@/modules/bookings/server";
import { type JobShape, loadSlotContext, slotQuery } from "@/modules/availability/server";
import type { DbOrTx } from "@/server/db";
import {
  addMonths,
  clampMonth,
  firstOfMonth,
  lastOfMonth,
  monthGrid,
  monthOf,
} from "../domain/wizard-calendar";

// The date step: one month of the calendar and the chosen day's times, computed in one pass of the slot
// engine over one window (five queries, whatever the month). Days with times are marked; the first of
// them is preselected when no day is chosen.

export type CalendarDay = { date: string; count: number };

export type DateStepTimes = {
  month: string;
  prevMonth: string | null;
  nextMonth: string | null;
  weeks: (CalendarDay | null)[][];
  today: string;
  /** The chosen day, or the first with times (null: nothing left this month). */
  selected: string | null;
  slots: Slot[];
  /** Whether the start in the URL is still bookable (null: none chosen, or not on a day looked at). */
  startBookable: boolean | null;
  /**
   * Set when the job is longer than any working day in the horizon can hold (ADR 0054): its work and
   * the longest day's, so the step says why there are no times instead of "none left".
   */
  tooLong: { workMinutes: number; dayMinutes: number } | null;
  /** Minutes of work of the job, to say how long each time is. */
  workMinutes: number;
};

export async function loadDateStep(
  db: DbOrTx,
  job: JobShape,
  want: { month: string | null; date: string | null; start: string | null },
  timeZone: string,
  horizonDays: number,
  now: Date,
): Promise<DateStepTimes> {
  const today = localDateOf(now, timeZone);
  const last = addDays(today, horizonDays);
  const asked = want.month ?? (want.date ? monthOf(want.date) : null);
  // No month asked for: look across the whole horizon, and open the month of the first day with times.
  const from = asked ? maxDate(firstOfMonth(clampMonth(asked, today, last)), today) : today;
  const to = asked ? minDate(lastOfMonth(clampMonth(asked, today, last)), last) : last;
  const ctx = await loadSlotContext(db, { from, to }, now);
  const query = slotQuery(ctx, job);
  const byDate = computeSlots(query);
  const dayMinutes = byDate.size > 0 ? null : longestDayMinutes(query, today, last);
  const firstAvailable = [...byDate.keys()].sort()[0] ?? null;
  const month = asked ? clampMonth(asked, today, last) : monthOf(firstAvailable ?? today);

  const inMonth = (d: string) => monthOf(d) === month && d >= today && d <= last;
  const selected =
    want.date && inMonth(want.date) ? want.date : ([...byDate.keys()].filter(inMonth).sort()[0] ?? null);
  const slots = selected ? (byDate.get(selected) ?? []) : [];
  let startBookable: boolean | null = null;
  if (want.start) {
    const startDate = localDateOf(new Date(want.start), timeZone);
    if (startDate >= from && startDate <= to)
      startBookable = (byDate.get(startDate) ?? []).some((s) => s.start.toISOString() === want.start);
  }
  return {
    month,
    prevMonth: month > monthOf(today) ? addMonths(month, -1) : null,
    nextMonth: month < monthOf(last) ? addMonths(month, 1) : null,
    weeks: monthGrid(month).map((week) =>
      week.map((date) =>
        date ? { date, count: inMonth(date) ? (byDate.get(date)?.length ?? 0) : 0 } : null,
      ),
    ),
    today,
    selected,
    slots,
    startBookable,
    // Work longer than a day that may span breaks runs over several (ADR 0056): never "too long" then.
    tooLong:
      dayMinutes !== null &&
      fitsNoWorkingDay(job.durationMinutes, job.spansBreaks ?? true, {
        spanning: dayMinutes,
        oneStretch: dayMinutes,
      })
        ? { workMinutes: job.durationMinutes, dayMinutes }
        : null,
    workMinutes: job.durationMinutes,
  };
}

/**
 * The slot at a start when it is still bookable for this job (the day's slots, exactly as reserve() will
 * check) — with its end, later than start + work when it spans a break — else null.
 */
export async function bookableSlot(
  db: DbOrTx,
  job: JobShape,
  start: string,
  timeZone: string,
  now: Date,
): Promise<Slot | null> {
  const date = localDateOf(new Date(start), timeZone);
  const ctx = await loadSlotContext(db, { from: date, to: date }, now);
  return (
    (computeSlots(slotQuery(ctx, job)).get(date) ?? []).find((s) => s.start.toISOString() === start) ?? null
  );
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * Whether the chosen start can still be booked, and where its visit ends (ADR 0054): the booking's own once
 * this run made it, else the slot's.
 */
export async function chosenStart(
  db: DbOrTx,
  job: JobShape | null,
  start: string | null,
  at: { tz: string; now: Date; made: RunBooking | null; booked: boolean },
): Promise<{ bookable: boolean; endsAt: Date | null; parts: DayPart[] }> {
  if (at.booked)
    return {
      bookable: true,
      endsAt: at.made?.endsAt ?? null,
      parts: at.made ? bookingParts(at.made) : [],
    };
  const slot = job && start ? await bookableSlot(db, job, start, at.tz, at.now) : null;
  return { bookable: slot !== null, endsAt: slot?.end ?? null, parts: slot ? partsOfSlot(slot) : [] };
}
