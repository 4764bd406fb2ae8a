import { describe, expect, it } from "vitest";
import { ALLOCATION_HOLDING_STATUSES, BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import { allocationStatusFor, BOOKING_TRANSITIONS, holdsTime, transitionSteps } from "./booking-status";

const holding = ALLOCATION_HOLDING_STATUSES as readonly string[];

describe("allocationStatusFor", () => {
  it.each(BOOKING_STATUSES.map((s) => [s]))("%s holds time only while the booking is live", (status) => {
    expect(holding.includes(allocationStatusFor(status))).toBe(holdsTime(status));
  });

  it("marks a lapsed hold expired and every other ending released", () => {
    expect(allocationStatusFor("expired")).toBe("expired");
    for (const s of ["completed", "cancelled", "declined", "no_show"] as const)
      expect(allocationStatusFor(s)).toBe("released");
  });
});

const pairs = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.map((to) => [from, to] as [BookingStatus, BookingStatus]),
);

describe("transitionSteps", () => {
  it.each(pairs)("%s → %s is one step exactly when the table allows it", (from, to) => {
    const allowed = BOOKING_TRANSITIONS[from].includes(to);
    for (const role of ["customer", "system"] as const)
      expect(transitionSteps(from, to, role)).toEqual(allowed ? [to] : null);
    if (!(from === "confirmed" && to === "completed"))
      expect(transitionSteps(from, to, "admin")).toEqual(allowed ? [to] : null);
  });

  it("lets only an admin complete a confirmed job, through in_progress", () => {
    expect(transitionSteps("confirmed", "completed", "admin")).toEqual(["in_progress", "completed"]);
    expect(transitionSteps("confirmed", "completed", "customer")).toBeNull();
    expect(transitionSteps("confirmed", "completed", "system")).toBeNull();
    expect(transitionSteps("awaiting_approval", "completed", "admin")).toBeNull();
  });
});
