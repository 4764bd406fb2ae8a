import { addDays, isoWeekday, localDateOf, localDayStart, localToInstant, toLocalParts } from "@/lib/dates";
import {
  BOOKED_REVENUE_STATUSES,
  type BookingStatus,
  DEPOSIT_CHASED_STATUSES,
  isIn,
  LIVE_STATUSES,
  TIME_TAKING_STATUSES,
} from "@/lib/enums";
import { REVENUE_TERMS } from "@/lib/booking/revenue-terms";
import { type BookingMoneyInput, depositOwed } from "@/lib/booking/booking-money";

// The rules of the admin's today page, pure: the periods its numbers cover (days and ISO weeks in the
// business zone, exact across DST), what counts as booked, when an unpaid booking needs chasing, which
// job is next, and how a number compares with the period before, in words.

/** Bookings that take (or took) a team's time: everything but the ones that will not happen (ADR 0043). */
export const BOOKED_STATUSES = TIME_TAKING_STATUSES;

export { BOOKED_REVENUE_STATUSES };

/** What "booked" revenue means, in the words every report and the Today page show (lib/booking/revenue-terms). */
export const BOOKED_REVENUE_HELP = REVENUE_TERMS.booked.counts;

export type Period = { from: Date; to: Date };

/** A period, the one before it, and both cut at the same point ("so far today" vs "by this time yesterday"). */
export type ComparedPeriod = {
  /** First local date of each period, and the periods' length in days. */
  currentDate: string;
  previousDate: string;
  days: number;
  current: Period;
  previous: Period;
  currentToDate: Period;
  previousToDate: Period;
};

export type TodayPeriods = {
  today: string;
  tomorrow: string;
  day: ComparedPeriod;
  week: ComparedPeriod;
  /** Local dates covering every period above: Monday of last week … Sunday of this week. */
  window: { from: string; to: string };
};

function compared(
  currentStart: string,
  previousStart: string,
  days: number,
  now: Date,
  tz: string,
): ComparedPeriod {
  const current = {
    from: localDayStart(currentStart, tz),
    to: localDayStart(addDays(currentStart, days), tz),
  };
  const previous = { from: localDayStart(previousStart, tz), to: current.from };
  // The same wall-clock moment in the previous period: today 10:15 ↔ yesterday 10:15, even when one of
  // the two days is 23 or 25 hours long. If that moment does not exist (skipped hour), the same elapsed time.
  const l = toLocalParts(now, tz);
  const nowDate = localDateOf(now, tz);
  const offsetDays = Math.round(
    (Date.parse(`${nowDate}T00:00:00Z`) - Date.parse(`${currentStart}T00:00:00Z`)) / 86_400_000,
  );
  const sameMoment =
    localToInstant(addDays(previousStart, offsetDays), l.hour * 60 + l.minute, tz)?.getTime() ??
    previous.from.getTime() + (now.getTime() - current.from.getTime());
  const cut = new Date(
    Math.min(Math.max(sameMoment + l.second * 1000, previous.from.getTime()), previous.to.getTime()),
  );
  return {
    currentDate: currentStart,
    previousDate: previousStart,
    days,
    current,
    previous,
    currentToDate: { from: current.from, to: now },
    previousToDate: { from: previous.from, to: cut },
  };
}

export function todayPeriods(now: Date, timeZone: string): TodayPeriods {
  const today = localDateOf(now, timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  return {
    today,
    tomorrow: addDays(today, 1),
    day: compared(today, addDays(today, -1), 1, now, timeZone),
    week: compared(monday, addDays(monday, -7), 7, now, timeZone),
    window: { from: addDays(monday, -7), to: addDays(monday, 6) },
  };
}

export type Delta = {
  direction: "up" | "down" | "same";
  /** "Up £12.00 on yesterday", "Same as last week" */
  words: string;
};

/**
 * How `current` compares with `previous`, in words. `format` writes a difference ("£12.00", "3",
 * "12 points"); `against` names the previous period ("yesterday", "by this time last week").
 */
export function describeDelta(
  current: number | null,
  previous: number | null,
  format: (n: number) => string,
  against: string,
): Delta {
  if (current === null || previous === null)
    return { direction: "same", words: `No comparison: closed ${against}` };
  const diff = current - previous;
  if (diff === 0) return { direction: "same", words: `Same as ${against}` };
  return diff > 0
    ? { direction: "up", words: `Up ${format(diff)} on ${against}` }
    : { direction: "down", words: `Down ${format(-diff)} on ${against}` };
}

export type MoneyOwed = BookingMoneyInput & {
  startsAt: Date;
  depositDueMinor: number;
  holdExpiresAt: Date | null;
};

/**
 * An unpaid booking to chase: it still waits for the money due before the job (its checkout, or a
 * deposit/full payment the payment mode asks online) and starts within the notice window. Money due on
 * the day is not chased here: it is the job card's "to collect". The SQL in server/admin-today.ts says
 * the same thing; the integration tests hold the two together.
 */
export function isUnpaidSoon(b: MoneyOwed, now: Date, windowMinutes: number): boolean {
  if (!isIn(DEPOSIT_CHASED_STATUSES, b.status)) return false;
  if (depositOwed(b) <= 0) return false;
  // A lapsed hold is expiring (the job or the next writer expires it): nothing left to chase.
  if (b.status === "pending_payment" && b.holdExpiresAt && b.holdExpiresAt <= now) return false;
  const t = b.startsAt.getTime();
  return t > now.getTime() && t <= now.getTime() + windowMinutes * 60_000;
}

/**
 * The job to highlight: the first one, in time order, still to be done whose end has not passed — or one
 * being done, until someone completes it (a job overrunning its planned end is still the current one).
 */
export function nextJobId(
  jobs: readonly { id: string; status: BookingStatus; startsAt: Date; endsAt: Date }[],
  now: Date,
): string | null {
  const open = jobs
    .filter(
      (j) =>
        j.status === "in_progress" || (isIn(LIVE_STATUSES, j.status) && j.endsAt.getTime() > now.getTime()),
    )
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  return open[0]?.id ?? null;
}
