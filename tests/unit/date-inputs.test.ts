import { describe, expect, it } from "vitest";
import { isRealDate } from "@/lib/dates";
import { dateInput } from "@/lib/field-inputs";
import { pauseSeriesInput } from "@/modules/series/schemas";
import { holidayDateInput } from "@/modules/availability/schedule-schemas";
import { bookingSlotDayInput } from "@/modules/booking-moves/schemas";

// Issue 41 §7: one date-input rule for every date field — the date must exist and be inside the product's
// range. "2026-13-45" and "9999-12-31" answered INTERNAL (a RangeError) when pausing a series, and
// "2026-02-31" was accepted and silently moved to March.

const SERIES = "4f9a3c0e-8a1b-4c2d-9e3f-0a1b2c3d4e5f";
const BOOKING = "5f9a3c0e-8a1b-4c2d-9e3f-0a1b2c3d4e5f";

describe("isRealDate", () => {
  it.each(["2026-02-28", "2028-02-29", "2000-01-01", "2999-12-31", "2026-12-25"])("%s is a date", (d) => {
    expect(isRealDate(d)).toBe(true);
  });
  it.each([
    "2026-02-31",
    "2027-02-29",
    "2026-13-45",
    "2026-00-10",
    "9999-12-31",
    "1999-12-31",
    "26-1-1",
    "",
    "2026-1-01",
  ])("%j is not", (d) => {
    expect(isRealDate(d)).toBe(false);
  });
});

describe("every date field reads it", () => {
  it("refuses a date that doesn't exist or is out of range with the field's message", () => {
    for (const bad of ["2026-13-45", "9999-12-31", "2026-02-31"]) {
      const paused = pauseSeriesInput.safeParse({ seriesId: SERIES, from: bad, until: "2026-12-20" });
      expect(paused.success).toBe(false);
      expect(paused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["from", "Choose a date."],
      ]);
      expect(holidayDateInput.safeParse({ date: bad }).error?.issues[0]?.message).toBe(
        "Enter a date, like 2026-12-25.",
      );
      expect(bookingSlotDayInput.safeParse({ bookingId: BOOKING, date: bad }).success).toBe(false);
    }
    expect(pauseSeriesInput.parse({ seriesId: SERIES, from: " 2026-12-07 ", until: "2026-12-20" }).from).toBe(
      "2026-12-07",
    );
    expect(dateInput().safeParse(42).success).toBe(false);
  });
});
