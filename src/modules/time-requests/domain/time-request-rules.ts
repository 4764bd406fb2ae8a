import { addDays, dateFormat } from "@/lib/dates";

// "Ask for a time" (issue 40 §3, ADR 0057): when a visit fits no day the customer can book online, they
// name the days that suit them (each with a part of the day) and leave the visit's details; the business
// proposes a time, held as a booking waiting for payment, and the customer pays for it (or declines).
// Pure rules: the days that may be asked for, the request's statuses and the steps between them.

export const TIME_REQUEST_STATUSES = [
  "open",
  "proposed",
  "booked",
  "declined",
  "expired",
  "withdrawn",
  "closed",
] as const;
export type TimeRequestStatus = (typeof TIME_REQUEST_STATUSES)[number];

/**
 * Where a request can go, and who takes the step. The business proposes a time to an open request, and again
 * after the customer declined one or let it lapse; the booking's own life answers a proposal (paid → booked,
 * its hold lapsed → expired, cancelled → declined); the customer withdraws, the business closes (it can't
 * arrange the visit). Booked, withdrawn and closed are final.
 */
export const TIME_REQUEST_STEPS: Record<TimeRequestStatus, readonly TimeRequestStatus[]> = {
  open: ["proposed", "withdrawn", "closed"],
  proposed: ["booked", "declined", "expired", "withdrawn"],
  declined: ["proposed", "withdrawn", "closed"],
  expired: ["proposed", "withdrawn", "closed"],
  booked: [],
  withdrawn: [],
  closed: [],
};

export function timeRequestStepAllowed(from: TimeRequestStatus, to: TimeRequestStatus): boolean {
  return TIME_REQUEST_STEPS[from].includes(to);
}

/** The statuses a step to `to` is taken from. */
export function statusesBefore(to: TimeRequestStatus): TimeRequestStatus[] {
  return TIME_REQUEST_STATUSES.filter((from) => timeRequestStepAllowed(from, to));
}

/** What waits for the business: a request with no time proposed, or whose proposal was declined or lapsed. */
export const WAITING_FOR_BUSINESS: readonly TimeRequestStatus[] = ["open", "declined", "expired"];
/** What the customer may still withdraw. */
export const WITHDRAWABLE: readonly TimeRequestStatus[] = statusesBefore("withdrawn");

export const TIME_REQUEST_LABELS: Record<TimeRequestStatus, string> = {
  open: "Waiting for a time",
  proposed: "Time proposed",
  booked: "Booked",
  declined: "Proposal declined",
  expired: "Proposal expired",
  withdrawn: "Withdrawn",
  closed: "Closed",
};

export const DAY_PARTS = ["any", "morning", "afternoon"] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const DAY_PART_LABELS: Record<DayPart, string> = {
  any: "Any time",
  morning: "Morning",
  afternoon: "Afternoon",
};

export type AskedDay = { date: string; part: DayPart };

/** At most this many days in one request: enough to say "any weekday in the next fortnight". */
export const MAX_ASKED_DAYS = 14;
/** A proposal's booking holds its time this long for the customer to pay from the email. */
export const PROPOSAL_HOLD_HOURS = 48;
export const NOTE_MAX = 1000;

export const DAY_MESSAGES = {
  none: "Choose at least one day that suits you.",
  tooMany: `Choose at most ${MAX_ASKED_DAYS} days.`,
  date: "Choose a date.",
  past: "Choose a day from tomorrow on.",
  far: (last: string) => `We book up to ${formatAskedDate(last)}: choose a day until then.`,
  twice: "You chose this day twice.",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The days that may be asked for: from tomorrow (in the business's zone) up to the booking horizon. */
export function askableDays(today: string, horizonDays: number): { first: string; last: string } {
  return { first: addDays(today, 1), last: addDays(today, horizonDays) };
}

/**
 * Checks the days asked for against today and the horizon: field errors under `days` (the whole list) and
 * `days.<i>.date` (one day), or the days sorted by date. A proposal goes through reserve(), which books
 * nothing past the horizon, so a day beyond it could never be offered.
 */
export function checkAskedDays(
  days: readonly { date: string; part: DayPart }[],
  c: { today: string; horizonDays: number },
): { ok: true; days: AskedDay[] } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (days.length === 0) add("days", DAY_MESSAGES.none);
  if (days.length > MAX_ASKED_DAYS) add("days", DAY_MESSAGES.tooMany);
  const { first, last } = askableDays(c.today, c.horizonDays);
  const seen = new Set<string>();
  days.forEach((d, i) => {
    const field = `days.${i}.date`;
    if (!isCalendarDate(d.date)) add(field, DAY_MESSAGES.date);
    else if (d.date < first) add(field, DAY_MESSAGES.past);
    else if (d.date > last) add(field, DAY_MESSAGES.far(last));
    else if (seen.has(d.date)) add(field, DAY_MESSAGES.twice);
    seen.add(d.date);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, days: [...days].sort((a, b) => a.date.localeCompare(b.date)) };
}

/** "Tue 8 Dec" — a calendar date as the request lists it (no zone: it is the business's local date). */
export function formatAskedDate(date: string): string {
  return dateFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** "Tue 8 Dec, morning" */
export function formatAskedDay(d: AskedDay): string {
  return d.part === "any" ? formatAskedDate(d.date) : `${formatAskedDate(d.date)}, ${d.part}`;
}

/** Whether every day asked for has passed (the business should propose another day, or close it). */
export function allDaysPassed(days: readonly AskedDay[], today: string): boolean {
  return days.length > 0 && days.every((d) => d.date < today);
}

/** Why a visit could not be booked online, as the request keeps it. */
export const ASK_REASONS = ["too_long", "no_times"] as const;
export type AskReason = (typeof ASK_REASONS)[number];
