import type { BookingStatus } from "@/lib/enums";
import { mayTransition, transitionSteps } from "./booking-status";
import { mayCompleteNow } from "@/lib/job/job-clock";

// The lifecycle buttons of the admin's booking page: each is one change of the transition table
// (booking-status.ts) that an admin may make, plus the one shortcut (complete a confirmed job, ADR 0014).
// The page shows the buttons the booking's status allows; the use case checks again in the transaction.

export const ADMIN_BOOKING_VERBS = ["approve", "decline", "start", "complete", "no_show", "cancel"] as const;
export type AdminBookingVerb = (typeof ADMIN_BOOKING_VERBS)[number];

export const VERB_TARGET: Record<AdminBookingVerb, BookingStatus> = {
  approve: "confirmed",
  decline: "declined",
  start: "in_progress",
  complete: "completed",
  no_show: "no_show",
  cancel: "cancelled",
};

/** Decline and cancel are told to the customer in the admin's words. */
export const VERB_NEEDS_REASON: Record<AdminBookingVerb, boolean> = {
  approve: false,
  decline: true,
  start: false,
  complete: false,
  no_show: false,
  cancel: true,
};

/** May an admin make this change from `status` (the table, or the completion shortcut)? */
export function adminMay(verb: AdminBookingVerb, status: BookingStatus): boolean {
  const to = VERB_TARGET[verb];
  return mayTransition(status, to, "admin") || transitionSteps(status, to, "admin") !== null;
}

/**
 * The buttons a booking in `status` shows: a no-show only once its start time has passed; Complete only
 * after Start, or on a confirmed job whose start has passed (ADR 0043). Start is always shown on a
 * confirmed job — before its lead it asks for a reason (`isEarlyStart`).
 */
export function adminVerbsFor(status: BookingStatus, startsAt: Date, now: Date): AdminBookingVerb[] {
  const started = now.getTime() >= startsAt.getTime();
  return ADMIN_BOOKING_VERBS.filter(
    (verb) =>
      adminMay(verb, status) &&
      (verb !== "no_show" || started) &&
      (verb !== "complete" || mayCompleteNow(status, startsAt, now)),
  );
}
