import { describe, expect, it } from "vitest";
import { localToInstant } from "@/lib/dates";
import {
  DAY_MINUTES,
  formatRanges,
  isInsideRanges,
  localSpanOf,
  parseTimeInput,
  rangeIssues,
  rangesForDate,
  toTimeInputValue,
  utilisationPercent,
  weekdayName,
} from "@/lib/time-ranges";

const h = (hh: number, mm = 0) => hh * 60 + mm;
const LONDON = "Europe/London";
const at = (date: string, minutes: number) => localToInstant(date, minutes, LONDON) as Date;

describe("parseTimeInput", () => {
  it.each([
    ["08:00", "opens", h(8)],
    ["8:00", "opens", h(8)],
    [" 8.30 ", "opens", h(8, 30)],
    ["0830", "opens", h(8, 30)],
    ["830", "opens", h(8, 30)],
    ["8", "opens", h(8)],
    ["00:00", "opens", 0],
    ["00:00", "closes", DAY_MINUTES],
    ["24:00", "closes", DAY_MINUTES],
    ["23:55", "closes", h(23, 55)],
  ] as const)("%s as %s → %i minutes", (text, role, minutes) => {
    expect(parseTimeInput(text, role)).toEqual({ ok: true, minutes });
  });

  it.each([
    ["", "opens", "Enter a time, like 08:00."],
    ["noon", "opens", "Enter a time as hours and minutes, like 08:00."],
    ["8:0", "opens", "Enter a time as hours and minutes, like 08:00."],
    ["25:00", "closes", "Use a time from 00:00 to 24:00."],
    ["24:05", "closes", "Use a time from 00:00 to 24:00."],
    ["08:60", "opens", "Use a time from 00:00 to 24:00."],
    ["24:00", "opens", "Opening time must be before 24:00."],
    ["08:03", "opens", "Use a multiple of 5 minutes, like 08:05 or 08:10."],
  ] as const)("refuses %j as %s", (text, role, message) => {
    expect(parseTimeInput(text, role)).toEqual({ ok: false, message });
  });
});

describe("rangeIssues", () => {
  it.each([
    ["one range", [[h(8), h(18)]], []],
    [
      "a break",
      [
        [h(8), h(12, 30)],
        [h(13), h(18)],
      ],
      [],
    ],
    [
      "touching ranges",
      [
        [h(8), h(12)],
        [h(12), h(18)],
      ],
      [],
    ],
    ["closes before it opens", [[h(18), h(8)]], [{ index: 0, field: "closes" }]],
    ["closes when it opens", [[h(8), h(8)]], [{ index: 0, field: "closes" }]],
    [
      "overlap entered out of order",
      [
        [h(13), h(18)],
        [h(8), h(13, 30)],
      ],
      [{ index: 0, field: "opens" }],
    ],
    [
      "a range inside another",
      [
        [h(8), h(18)],
        [h(10), h(11)],
        [h(19), h(20)],
      ],
      [{ index: 1, field: "opens" }],
    ],
  ] as const)("%s", (_label, ranges, expected) => {
    const issues = rangeIssues(ranges.map(([opens, closes]) => ({ opens, closes })));
    expect(issues.map(({ index, field }) => ({ index, field }))).toEqual(expected);
  });

  it("names the range it overlaps", () => {
    expect(
      rangeIssues([
        { opens: h(8), closes: h(12, 30) },
        { opens: h(12), closes: h(18) },
      ]),
    ).toEqual([{ index: 1, field: "opens", message: "Overlaps range 1 (08:00–12:30)." }]);
  });
});

describe("isInsideRanges", () => {
  const day = [
    { opens: h(8), closes: h(12, 30) },
    { opens: h(13), closes: h(18) },
  ];
  it.each([
    [h(8), h(12, 30), true],
    [h(9), h(10), true],
    [h(13), h(18), true],
    [h(12), h(13, 30), true], // across the lunch break (ADR 0054)
    [h(8), h(16, 30), true],
    [h(12, 40), h(14), false], // starts in the break
    [h(10), h(12, 45), false], // ends in the break
    [h(7, 30), h(9), false],
    [h(17), h(18, 30), false],
  ])("[%i, %i) → %s", (start, end, inside) => {
    expect(isInsideRanges(day, start, end)).toBe(inside);
  });
  it("nothing is inside a closed day", () => {
    expect(isInsideRanges([], h(9), h(10))).toBe(false);
  });
});

describe("localSpanOf", () => {
  it("reads wall-clock minutes in the zone, in winter and in summer", () => {
    expect(localSpanOf(at("2026-01-13", h(9)), at("2026-01-13", h(12)), LONDON)).toEqual({
      date: "2026-01-13",
      start: h(9),
      end: h(12),
    });
    expect(localSpanOf(at("2026-07-14", h(9)), at("2026-07-14", h(12)), LONDON)).toEqual({
      date: "2026-07-14",
      start: h(9),
      end: h(12),
    });
  });

  it("keeps wall-clock minutes on the day the clocks go forward", () => {
    // 29 March 2026: 01:00 GMT → 02:00 BST. A job from 00:30 to 03:30 wall clock lasts two hours.
    const span = localSpanOf(at("2026-03-29", h(0, 30)), at("2026-03-29", h(3, 30)), LONDON);
    expect(span).toEqual({ date: "2026-03-29", start: h(0, 30), end: h(3, 30) });
  });

  it("counts an end at midnight as 24:00, and anything later as outside the day", () => {
    expect(localSpanOf(at("2026-01-13", h(22)), at("2026-01-14", 0), LONDON).end).toBe(DAY_MINUTES);
    expect(localSpanOf(at("2026-01-13", h(22)), at("2026-01-14", h(1)), LONDON).end).toBe(h(25));
    expect(localSpanOf(at("2026-01-13", h(22)), at("2026-01-16", h(1)), LONDON).end).toBe(Infinity);
  });
});

describe("rangesForDate and formatting", () => {
  const weekly = [{ opens: h(8), closes: h(18) }];
  it("an override replaces the weekday's ranges; a closed override has none", () => {
    expect(rangesForDate(weekly, null)).toBe(weekly);
    expect(rangesForDate(weekly, { isClosed: true, ranges: weekly })).toEqual([]);
    const special = [{ opens: h(10), closes: h(14) }];
    expect(rangesForDate(weekly, { isClosed: false, ranges: special })).toBe(special);
  });

  it("formats ranges in order, midnight as 24:00 on screen and 00:00 in a time input", () => {
    expect(
      formatRanges([
        { opens: h(13), closes: DAY_MINUTES },
        { opens: h(8), closes: h(12, 30) },
      ]),
    ).toBe("08:00–12:30, 13:00–24:00");
    expect(formatRanges([])).toBe("Closed");
    expect(toTimeInputValue(DAY_MINUTES)).toBe("00:00");
    expect(toTimeInputValue(h(8, 5))).toBe("08:05");
    expect(weekdayName(1)).toBe("Monday");
    expect(weekdayName(7)).toBe("Sunday");
  });
});

describe("utilisationPercent", () => {
  it.each([
    [240, 960, 25],
    [0, 960, 0],
    [1000, 960, 104],
    [60, 0, null],
  ])("utilisation %i booked of %i open = %s%%", (booked, open, expected) => {
    expect(utilisationPercent(booked, open)).toBe(expected);
  });
});
