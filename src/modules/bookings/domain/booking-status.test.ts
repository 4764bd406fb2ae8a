import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import { canTransition, isLive, isTerminal, TERMINAL_STATUSES } from "./booking-status";

// The full table of PRODUCT.md §3.1: every pair not listed here must be refused.
const allowed = new Set<string>([
  "pending_payment>confirmed",
  "pending_payment>expired",
  "pending_payment>cancelled",
  "awaiting_approval>confirmed",
  "awaiting_approval>declined",
  "awaiting_approval>cancelled",
  "confirmed>in_progress",
  "confirmed>cancelled",
  "confirmed>no_show",
  "in_progress>completed",
]);

const pairs = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.map((to) => [from, to] as [BookingStatus, BookingStatus]),
);

describe("booking status transitions", () => {
  it.each(pairs)("%s → %s", (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("has exactly the terminal states of the spec", () => {
    expect(BOOKING_STATUSES.filter(isTerminal).sort()).toEqual([...TERMINAL_STATUSES].sort());
  });

  it("is live (still to happen or happening) only in these states", () => {
    expect(BOOKING_STATUSES.filter(isLive).sort()).toEqual([
      "awaiting_approval",
      "confirmed",
      "in_progress",
      "pending_payment",
    ]);
  });
});
