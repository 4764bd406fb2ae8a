import {
  type AllocationStatus,
  BOOKING_STATUSES,
  type BookingStatus,
  isIn,
  LIVE_STATUSES,
  takesTime,
  TERMINAL_STATUSES,
} from "@/lib/enums";

// The booking state machine of PRODUCT.md §3.1 — the only transitions that exist, and who may make each.
// Every status change goes through transitionBooking, which checks it here and then compares-and-swaps
// on the current status (ADR 0014).

/**
 * Who asks for a change: a signed-in customer (or the holder of their booking link) acting on their own
 * booking, an admin, a technician (staff) on a job of one of their teams, the system (a job), or the
 * payment provider reporting money.
 */
export type TransitionRole = "customer" | "admin" | "staff" | "system" | "payment";

export const TRANSITION_ROLE_NAMES = [
  "customer",
  "admin",
  "staff",
  "system",
  "payment",
] as const satisfies readonly TransitionRole[];

/** from → to → the roles that may make that change. A pair that is not listed does not exist. */
export const TRANSITION_ROLES: Record<
  BookingStatus,
  Partial<Record<BookingStatus, readonly TransitionRole[]>>
> = {
  pending_payment: {
    // The money arrived; an admin may also confirm one whose payment was taken another way.
    confirmed: ["payment", "admin"],
    expired: ["system"],
    cancelled: ["customer", "admin"],
  },
  awaiting_approval: { confirmed: ["admin"], declined: ["admin"], cancelled: ["customer", "admin"] },
  // Whether a customer is still within the cancellation policy is the cancelling screen's question.
  // The technician on the job starts and completes it from their phone (ADR 0053); nothing else.
  confirmed: { in_progress: ["admin", "staff"], cancelled: ["customer", "admin"], no_show: ["admin"] },
  in_progress: { completed: ["admin", "staff"] },
  completed: {},
  cancelled: {},
  declined: {},
  expired: {},
  no_show: {},
};

/** The transitions alone, whoever makes them. */
export const BOOKING_TRANSITIONS = {} as Record<BookingStatus, readonly BookingStatus[]>;
for (const from of BOOKING_STATUSES)
  BOOKING_TRANSITIONS[from] = BOOKING_STATUSES.filter((to) => TRANSITION_ROLES[from][to]);

export { TERMINAL_STATUSES };

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

export function isTerminal(status: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[status].length === 0;
}

/**
 * Live (LIVE_STATUSES): the booking is still to happen or happening, so its requested reschedule time and
 * its time request still matter; a transition out of it ends them. Not the same as taking time — see
 * `takesTime` (ADR 0043) — nor as being movable (UPCOMING_STATUSES: a job in progress is not moved).
 */
export function isLive(status: BookingStatus): boolean {
  return isIn(LIVE_STATUSES, status);
}

/**
 * The allocation status that mirrors a booking status: a booking that takes time (`takesTime`, ADR 0043)
 * — including a completed or missed one — keeps holding it under the same name; the others do not.
 */
export function allocationStatusFor(status: BookingStatus): AllocationStatus {
  if (takesTime(status)) return status;
  return status === "expired" ? "expired" : "released";
}

/** May `role` make the one-step change `from → to`? */
export function mayTransition(from: BookingStatus, to: BookingStatus, role: TransitionRole): boolean {
  return TRANSITION_ROLES[from][to]?.includes(role) ?? false;
}

/**
 * The statuses a booking passes through to reach `to`, or null when `role` may not get it there. One
 * step is the table above; the one shortcut (ADR 0014) lets an admin complete a confirmed job that nobody
 * started — it still passes through `in_progress`, so the timeline shows both changes.
 */
export function transitionSteps(
  from: BookingStatus,
  to: BookingStatus,
  role: TransitionRole,
): BookingStatus[] | null {
  if (mayTransition(from, to, role)) return [to];
  if (role === "admin" && from === "confirmed" && to === "completed") return ["in_progress", to];
  return null;
}
