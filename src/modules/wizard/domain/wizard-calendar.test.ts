import { describe, expect, it } from "vitest";
import {
  addMonths,
  clampMonth,
  dateLabel,
  groupByPartOfDay,
  lastOfMonth,
  monthGrid,
  monthLabel,
  partOfDay,
} from "./wizard-calendar";

describe("months", () => {
  it.each([
    ["2026-12", 1, "2027-01"],
    ["2026-01", -1, "2025-12"],
    ["2026-05", 0, "2026-05"],
    ["2026-11", 14, "2028-01"],
  ])("%s + %i = %s", (m, n, expected) => {
    expect(addMonths(m, n)).toBe(expected);
  });

  it.each([
    ["2026-02", "2026-02-28"],
    ["2028-02", "2028-02-29"],
    ["2026-12", "2026-12-31"],
    ["2026-04", "2026-04-30"],
  ])("the last day of %s is %s", (m, last) => {
    expect(lastOfMonth(m)).toBe(last);
  });

  it("names months and dates in English", () => {
    expect(monthLabel("2026-12")).toBe("December 2026");
    expect(dateLabel("2026-12-08")).toBe("Tuesday 8 December");
  });

  it.each([
    ["2026-10", "2026-11-22", "2027-01-21", "2026-11"],
    ["2027-03", "2026-11-22", "2027-01-21", "2027-01"],
    ["2026-12", "2026-11-22", "2027-01-21", "2026-12"],
  ])("clamps %s into the window", (asked, first, last, expected) => {
    expect(clampMonth(asked, first, last)).toBe(expected);
  });
});

describe("monthGrid", () => {
  it("lays out weeks from Monday, padding outside the month", () => {
    const grid = monthGrid("2026-12"); // 1 December 2026 is a Tuesday
    expect(grid[0]).toEqual([
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(grid.at(-1)).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", null, null, null]);
    expect(grid.flat().filter(Boolean)).toHaveLength(31);
    for (const week of grid) expect(week).toHaveLength(7);
  });

  it("starts on the first cell when the month starts on a Monday", () => {
    expect(monthGrid("2027-02")[0]?.[0]).toBe("2027-02-01");
    expect(monthGrid("2027-02")).toHaveLength(4);
  });
});

describe("parts of the day", () => {
  it.each([
    [0, "Morning"],
    [11 * 60 + 59, "Morning"],
    [12 * 60, "Afternoon"],
    [16 * 60 + 30, "Afternoon"],
    [17 * 60, "Evening"],
  ] as const)("%i minutes → %s", (minutes, part) => {
    expect(partOfDay(minutes)).toBe(part);
  });

  it("groups consecutive slots", () => {
    const groups = groupByPartOfDay([8 * 60, 9 * 60, 13 * 60, 18 * 60], (m) => m);
    expect(groups).toEqual([
      { part: "Morning", items: [480, 540] },
      { part: "Afternoon", items: [780] },
      { part: "Evening", items: [1080] },
    ]);
  });
});
