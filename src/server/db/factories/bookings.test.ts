import { describe, expect, it } from "vitest";
import { ALLOCATION_HOLDING_STATUSES, BOOKING_STATUSES } from "@/lib/enums";
import { holdsTime } from "@/modules/bookings/domain/booking-status";
import { allocationStatusFor } from "./bookings";

describe("allocationStatusFor", () => {
  it.each(BOOKING_STATUSES.map((s) => [s]))("%s holds time only while the booking is live", (status) => {
    const holds = holdsTime(status);
    expect((ALLOCATION_HOLDING_STATUSES as readonly string[]).includes(allocationStatusFor(status))).toBe(
      holds,
    );
  });
});
