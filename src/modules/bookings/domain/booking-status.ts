import type { AllocationStatus, BookingStatus } from "@/lib/enums";

// The booking state machine of PRODUCT.md §3.1 — the only transitions that exist. Every use case that
// changes a booking's status checks it here and then compares-and-swaps on the current status.

export const BOOKING_TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_payment: ["confirmed", "expired", "cancelled"],
  awaiting_approval: ["confirmed", "declined", "cancelled"],
  confirmed: ["in_progress", "cancelled", "no_show"],
  in_progress: ["completed"],
  completed: [],
  cancelled: [],
  declined: [],
  expired: [],
  no_show: [],
};

export const TERMINAL_STATUSES = [
  "completed",
  "cancelled",
  "declined",
  "expired",
  "no_show",
] as const satisfies readonly BookingStatus[];

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

export function isTerminal(status: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[status].length === 0;
}

/** Statuses in which the booking holds its team's time (mirrored by its allocation). */
export function holdsTime(status: BookingStatus): boolean {
  return (
    status === "pending_payment" ||
    status === "awaiting_approval" ||
    status === "confirmed" ||
    status === "in_progress"
  );
}

/** The allocation status that mirrors a booking status: live bookings hold time, the others do not. */
export function allocationStatusFor(status: BookingStatus): AllocationStatus {
  switch (status) {
    case "pending_payment":
    case "awaiting_approval":
    case "confirmed":
    case "in_progress":
      return status;
    case "expired":
      return "expired";
    default:
      return "released";
  }
}

export type TransitionRole = "admin" | "customer" | "system";

/**
 * The statuses a booking passes through to reach `to`, or null when it may not get there. One step is
 * the table above; the one shortcut (ADR 0014) lets an admin complete a confirmed job that nobody
 * started — it still passes through `in_progress`, so the timeline shows both changes.
 */
export function transitionSteps(
  from: BookingStatus,
  to: BookingStatus,
  role: TransitionRole,
): BookingStatus[] | null {
  if (canTransition(from, to)) return [to];
  if (role === "admin" && from === "confirmed" && to === "completed") return ["in_progress", "completed"];
  return null;
}
