import { addDays, localDateOf, localToInstant, toLocalParts } from "@/lib/dates";

// When a booking's reminder goes (issue 17, ADR 0027). The setting is a lead time in hours. A lead of
// whole days means "the same time of day, that many days before" on the business's wall clock — a job at
// 09:00 on the Sunday the clocks go forward is reminded at 09:00 on the Saturday (23 real hours before),
// which is what "the day before" means to people. Any other lead is exact elapsed hours. A wall time the
// clocks skip falls back to elapsed hours.
//
// A booking whose time was chosen (made, or moved) after its reminder's instant gets none: the customer
// has just been told the time.

const HOUR = 3_600_000;

export function reminderDueAt(startsAt: Date, leadHours: number, timeZone: string): Date {
  const elapsed = new Date(startsAt.getTime() - leadHours * HOUR);
  if (leadHours % 24 !== 0) return elapsed;
  const local = toLocalParts(startsAt, timeZone);
  const minutes = local.hour * 60 + local.minute;
  const sameTime = localToInstant(
    addDays(localDateOf(startsAt, timeZone), -leadHours / 24),
    minutes,
    timeZone,
  );
  if (!sameTime) return elapsed;
  return new Date(sameTime.getTime() + local.second * 1000 + (startsAt.getTime() % 1000));
}

export type ReminderState =
  /** The time was chosen inside the lead time: no reminder. */
  | "none"
  /** Its instant has not come yet. */
  | "planned"
  /** Send it now. */
  | "due"
  /** The job has started: too late. */
  | "missed";

export type ReminderPlanInput = {
  startsAt: Date;
  /** When the current time was chosen: the move's instant, or the booking's creation. */
  chosenAt: Date;
  leadHours: number;
  timeZone: string;
  now: Date;
};

export function reminderPlan(input: ReminderPlanInput): { state: ReminderState; dueAt: Date } {
  const dueAt = reminderDueAt(input.startsAt, input.leadHours, input.timeZone);
  const state: ReminderState =
    input.chosenAt.getTime() >= dueAt.getTime()
      ? "none"
      : input.now.getTime() >= input.startsAt.getTime()
        ? "missed"
        : input.now.getTime() >= dueAt.getTime()
          ? "due"
          : "planned";
  return { state, dueAt };
}
