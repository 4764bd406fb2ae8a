import type { BookingStatus } from "@/lib/enums";

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
