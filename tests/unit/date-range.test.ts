import { describe, expect, it } from "vitest";
import { isDateInRange, isInstantInRange } from "@/lib/dates";
import {
  computeSlots,
  countSlotsByDate,
  type SlotQuery,
  teamsFreeAt,
} from "@/modules/availability/domain/slots";
import { parseWizardState } from "@/modules/wizard/domain/wizard-state";

// Issue 10 #5: dates far outside the product's range were a RangeError (a 500) in the slot code, and a
// far-past window walked every day since then. Out of range is "no slots" / "not chosen".
const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  timeZone: "Europe/London",
  weeklyHours: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [{ opens: 540, closes: 1020 }]])),
  overrides: {},
  teams: ["van1"],
  held: [],
  slotIntervalMinutes: 60,
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 1000,
  durationMinutes: 60,
  now: new Date("2026-11-22T00:00:00Z"),
  from: "2026-12-07",
  to: "2026-12-07",
  ...over,
});

describe("the product's date range", () => {
  it("bounds dates and instants", () => {
    expect(isDateInRange("2026-12-07")).toBe(true);
    for (const d of ["1999-12-31", "3000-01-01", "9999-12-31", "+010000-01-01", "abc", ""])
      expect(isDateInRange(d)).toBe(false);
    expect(isInstantInRange(new Date("2026-12-07T10:00:00Z"))).toBe(true);
    expect(isInstantInRange(new Date("9999-12-30T10:00:00Z"))).toBe(false);
    expect(isInstantInRange(new Date("1000-01-01T00:00:00Z"))).toBe(false);
    expect(isInstantInRange(new Date(Number.NaN))).toBe(false);
  });

  it("the slot code answers 'nothing' for far-future and far-past requests instead of throwing", () => {
    expect(teamsFreeAt(query(), new Date("9999-12-30T10:00:00Z"))).toEqual([]);
    expect(teamsFreeAt(query(), new Date("0500-06-01T10:00:00Z"))).toEqual([]);
    expect(computeSlots(query({ from: "9999-12-01", to: "9999-12-31" })).size).toBe(0);
    expect(countSlotsByDate(query({ from: "9999-12-01", to: "9999-12-31" })).size).toBe(0);
    const started = performance.now();
    const slots = computeSlots(query({ from: "0001-01-01", to: "2026-12-07" }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect([...slots.keys()][0]).toBe("2026-11-22");
  });

  it("the /book address treats out-of-range dates as not chosen", () => {
    const s = parseWizardState({ month: "9999-12", date: "9999-12-31", start: "9999-12-31T23:59:59.000Z" });
    expect([s.month, s.date, s.start]).toEqual([null, null, null]);
    const ok = parseWizardState({ month: "2026-12", date: "2026-12-07", start: "2026-12-07T10:00:00.000Z" });
    expect([ok.month, ok.date, ok.start]).toEqual(["2026-12", "2026-12-07", "2026-12-07T10:00:00.000Z"]);
  });
});
