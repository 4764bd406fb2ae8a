import { addDays, dateFormat, formatDuration, formatTime, localDateOf } from "../dates";
import type { BookingStatus } from "../enums";

// When the admin may start and complete a job (ADR 0043), pure: the booking page decides which dialog to
// show with it and the use case checks it again in the transaction.
// - Start is open from `leadMinutes` before the job's start (business settings, default 60). Earlier is
//   an override: it needs a reason, which goes on the timeline and the audit log.
// - Complete follows Start. A confirmed job nobody started may be completed in one step (start and
//   complete, both on the timeline) once its start time has passed — the past job nobody marked.

export const DEFAULT_START_LEAD_MINUTES = 60;

/** The first instant a job may be started without a reason. */
export function startOpensAt(startsAt: Date, leadMinutes: number): Date {
  return new Date(startsAt.getTime() - leadMinutes * 60_000);
}

/** "more than 1 h before it" / "before it" (a lead of 0): how early is too early, in words. */
export function tooEarlyInWords(leadMinutes: number): string {
  return leadMinutes > 0 ? `more than ${formatDuration(leadMinutes)} before it` : "before it";
}

/** Starting now would be earlier than the lead allows: the admin must give a reason. */
export function isEarlyStart(startsAt: Date, now: Date, leadMinutes: number): boolean {
  return now.getTime() < startOpensAt(startsAt, leadMinutes).getTime();
}

/** The two buttons of a job's clock: the admin's booking page and the technician's phone. */
export type JobClockVerb = "start" | "complete";

/**
 * The one rule for "early" (ADR 0043): Start before the business's lead, or Complete before the job's
 * booked start (it was started early). An early Start or Complete needs a reason, kept on the timeline
 * and the audit log; the pages ask for it with this and the use case checks it again.
 */
export function isEarlyJobAction(
  verb: JobClockVerb,
  startsAt: Date,
  now: Date,
  leadMinutes: number,
): boolean {
  return verb === "start" ? isEarlyStart(startsAt, now, leadMinutes) : now.getTime() < startsAt.getTime();
}

/** "Starting more than 1 h before it" / "Completing before it": the early action, in words. */
export function earlyActionInWords(verb: JobClockVerb, leadMinutes: number): string {
  return verb === "start" ? `Starting ${tooEarlyInWords(leadMinutes)}` : "Completing before it";
}

/** A reason for an early action: at least a few words' worth (the start schema's own limit). */
export const isEarlyReasonGiven = (reason: string | undefined): boolean => (reason?.trim().length ?? 0) >= 3;

/**
 * A technician acts (start, complete, money, notes, photos) only on the days their phone shows: today's
 * and tomorrow's jobs in the business's zone (ADR 0053). A visit over several days counts on each of
 * its days, so one begun yesterday is still today's. An admin is not bound by it.
 */
export function isOnCrewDays(job: { startsAt: Date; endsAt: Date }, now: Date, timeZone: string): boolean {
  const today = localDateOf(now, timeZone);
  const lastDay = localDateOf(new Date(Math.max(job.startsAt.getTime(), job.endsAt.getTime() - 1)), timeZone);
  return localDateOf(job.startsAt, timeZone) <= addDays(today, 1) && lastDay >= today;
}

/** Why a technician may not act on a job outside those days, saying when it is. */
export function offCrewDaysMessage(startsAt: Date, now: Date, timeZone: string): string {
  const is = startsAt.getTime() < now.getTime() ? "was" : "is";
  return `This job ${is} ${whenInWords(startsAt, now, timeZone)}. On your phone you can work on today's and tomorrow's jobs only: ask the office.`;
}

/**
 * May a job in `status` be completed now? One in progress, always; a confirmed one (the one-step
 * shortcut) only once its start has passed — before that it must be started first.
 */
export function mayCompleteNow(status: BookingStatus, startsAt: Date, now: Date): boolean {
  if (status === "in_progress") return true;
  return status === "confirmed" && now.getTime() >= startsAt.getTime();
}

/** Why Complete is refused for a confirmed job whose start is still ahead. */
export const COMPLETE_BEFORE_START =
  "This job hasn't started yet: start it first, then complete it when the work is done.";

/**
 * When a job starts, relative to now, in the business zone: "today at 09:00 GMT", "tomorrow at 09:00
 * GMT", "yesterday at 09:00 GMT", or "on Fri 5 Dec at 09:00 GMT".
 */
export function whenInWords(startsAt: Date, now: Date, timeZone: string): string {
  const day = localDateOf(startsAt, timeZone);
  const today = localDateOf(now, timeZone);
  const time = formatTime(startsAt, timeZone);
  if (day === today) return `today at ${time}`;
  if (day === addDays(today, 1)) return `tomorrow at ${time}`;
  if (day === addDays(today, -1)) return `yesterday at ${time}`;
  const date = dateFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" })
    .format(startsAt)
    .replace(",", "");
  return `on ${date} at ${time}`;
}

/** "in 2 h 30 min" / "3 h 15 min ago" / "now": how far the start is from now, to the minute. */
export function distanceInWords(startsAt: Date, now: Date): string {
  const minutes = Math.round((startsAt.getTime() - now.getTime()) / 60_000);
  if (minutes === 0) return "now";
  const span =
    Math.abs(minutes) >= 48 * 60
      ? `${Math.round(Math.abs(minutes) / 1440)} days`
      : formatDuration(Math.abs(minutes));
  return minutes > 0 ? `in ${span}` : `${span} ago`;
}

/** The sentence every Start/Complete dialog opens with: "This job starts tomorrow at 09:00 GMT (in 20 h)." */
export function jobTimeSentence(startsAt: Date, now: Date, timeZone: string): string {
  const verb = now.getTime() >= startsAt.getTime() ? "was booked to start" : "starts";
  return `This job ${verb} ${whenInWords(startsAt, now, timeZone)} (${distanceInWords(startsAt, now)}).`;
}

/**
 * The part of a done job's held time the owner may free (ADR 0043): from now (to the next whole minute)
 * to the end of what it holds. Never time already worked or past, never a job still to happen or in
 * progress, and nothing before the job's time has begun. Null: nothing to free.
 */
export function freeableRemainder(
  status: BookingStatus,
  held: { start: Date; end: Date },
  now: Date,
): { from: Date; to: Date } | null {
  if (status !== "completed" && status !== "no_show") return null;
  const from = new Date(Math.ceil(now.getTime() / 60_000) * 60_000);
  if (now.getTime() <= held.start.getTime() || from.getTime() >= held.end.getTime()) return null;
  return { from, to: held.end };
}
