import { describe, expect, it } from "vitest";
import { ALLOCATION_HOLDING_STATUSES, BOOKING_STATUSES, takesTime, TIME_TAKING_STATUSES } from "@/lib/enums";
import { allocationStatusFor } from "./booking-status";
import { BOOKED_STATUSES } from "@/modules/today/domain/admin-today";

const holding = ALLOCATION_HOLDING_STATUSES as readonly string[];

describe("allocationStatusFor", () => {
  it.each(BOOKING_STATUSES.map((s) => [s]))("%s holds time exactly when the booking takes time", (status) => {
    expect(holding.includes(allocationStatusFor(status))).toBe(takesTime(status));
  });

  it("keeps a job in progress, completed or missed holding its time (ADR 0043)", () => {
    for (const s of ["in_progress", "completed", "no_show"] as const) {
      expect(takesTime(s)).toBe(true);
      expect(allocationStatusFor(s)).toBe(s);
    }
  });

  it("marks a lapsed hold expired and every ending that will not happen released", () => {
    expect(allocationStatusFor("expired")).toBe("expired");
    for (const s of ["cancelled", "declined"] as const) expect(allocationStatusFor(s)).toBe("released");
  });

  it("is the same list the board and Today count as booked", () => {
    expect([...BOOKED_STATUSES].sort()).toEqual([...TIME_TAKING_STATUSES].sort());
  });
});
