import { describe, expect, it } from "vitest";
import { ALLOCATION_HOLDING_STATUSES, BOOKING_STATUSES } from "@/lib/enums";
import { allocationStatusFor, holdsTime } from "./booking-status";

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
