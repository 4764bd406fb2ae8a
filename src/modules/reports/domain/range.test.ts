import { describe, expect, it } from "vitest";
import { addMonths, parseReportRange, presetDates, presetRange, rangeOf, rangeQuery } from "./range";

const LONDON = "Europe/London";
const params = (q: string) => new URLSearchParams(q);
const iso = (d: Date) => d.toISOString();

describe("range presets (local dates, inclusive)", () => {
  // Wednesday 25 November 2026.
  const today = "2026-11-25";
  it.each([
    ["today", "2026-11-25", "2026-11-25"],
    ["this_week", "2026-11-23", "2026-11-29"],
    ["last_week", "2026-11-16", "2026-11-22"],
    ["this_month", "2026-11-01", "2026-11-30"],
    ["last_month", "2026-10-01", "2026-10-31"],
    ["this_quarter", "2026-10-01", "2026-12-31"],
    ["this_year", "2026-01-01", "2026-12-31"],
    ["last_12_months", "2025-11-26", "2026-11-25"],
  ] as const)("%s on %s", (preset, from, to) => {
    expect(presetDates(preset, today)).toEqual({ fromDate: from, toDate: to });
  });

  it("crosses year ends: last week and last month of 1 January, this week of 31 December", () => {
    expect(presetDates("last_month", "2027-01-01")).toEqual({ fromDate: "2026-12-01", toDate: "2026-12-31" });
    // Friday 1 January 2027: the ISO week started on Monday 28 December.
    expect(presetDates("this_week", "2027-01-01")).toEqual({ fromDate: "2026-12-28", toDate: "2027-01-03" });
    expect(presetDates("last_week", "2027-01-01")).toEqual({ fromDate: "2026-12-21", toDate: "2026-12-27" });
    expect(presetDates("this_quarter", "2026-12-31")).toEqual({
      fromDate: "2026-10-01",
      toDate: "2026-12-31",
    });
    expect(presetDates("this_quarter", "2027-01-01")).toEqual({
      fromDate: "2027-01-01",
      toDate: "2027-03-31",
    });
  });

  it("knows month lengths and leap years", () => {
    expect(presetDates("last_month", "2028-03-31")).toEqual({ fromDate: "2028-02-01", toDate: "2028-02-29" });
    expect(presetDates("this_month", "2027-02-14")).toEqual({ fromDate: "2027-02-01", toDate: "2027-02-28" });
    expect(presetDates("this_quarter", "2026-05-31")).toEqual({
      fromDate: "2026-04-01",
      toDate: "2026-06-30",
    });
    // Twelve months back from 29 February is 28 February, so the range starts on 1 March.
    expect(presetDates("last_12_months", "2028-02-29")).toEqual({
      fromDate: "2027-03-01",
      toDate: "2028-02-29",
    });
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2026-01-31", 13)).toBe("2027-02-28");
    expect(addMonths("2026-01-15", -13)).toBe("2024-12-15");
  });
});

describe("range instants in the business zone (half-open)", () => {
  it("a day when the clocks go forward is 23 hours", () => {
    const r = presetRange("today", new Date("2026-03-29T12:00:00Z"), LONDON);
    expect([iso(r.from), iso(r.to), r.days]).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T23:00:00.000Z",
      1,
    ]);
  });

  it("a day when the clocks go back is 25 hours", () => {
    const r = presetRange("today", new Date("2026-10-25T12:00:00Z"), LONDON);
    expect([iso(r.from), iso(r.to)]).toEqual(["2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"]);
  });

  it("a week across each change starts and ends at local midnight", () => {
    const spring = presetRange("this_week", new Date("2026-03-26T12:00:00Z"), LONDON);
    expect([spring.fromDate, spring.toDate, iso(spring.from), iso(spring.to)]).toEqual([
      "2026-03-23",
      "2026-03-29",
      "2026-03-23T00:00:00.000Z",
      "2026-03-29T23:00:00.000Z",
    ]);
    const autumn = presetRange("this_week", new Date("2026-10-21T12:00:00Z"), LONDON);
    expect([iso(autumn.from), iso(autumn.to), autumn.days]).toEqual([
      "2026-10-18T23:00:00.000Z",
      "2026-10-26T00:00:00.000Z",
      7,
    ]);
  });

  it("a month in summer time starts an hour before UTC midnight", () => {
    const r = presetRange("this_month", new Date("2026-07-15T12:00:00Z"), LONDON);
    expect([iso(r.from), iso(r.to), r.days]).toEqual([
      "2026-06-30T23:00:00.000Z",
      "2026-07-31T23:00:00.000Z",
      31,
    ]);
  });

  it("uses the business's date, not UTC's: 00:30 BST on 1 June is still June there", () => {
    const r = presetRange("last_month", new Date("2026-05-31T23:30:00Z"), LONDON);
    expect([r.fromDate, r.toDate]).toEqual(["2026-05-01", "2026-05-31"]);
  });

  it("a year and 12 months in New York, across both US changes", () => {
    const y = presetRange("this_year", new Date("2026-01-01T05:00:00Z"), "America/New_York");
    expect([y.fromDate, iso(y.from), iso(y.to), y.days]).toEqual([
      "2026-01-01",
      "2026-01-01T05:00:00.000Z",
      "2027-01-01T05:00:00.000Z",
      365,
    ]);
    // 04:59 UTC on 1 January is still 31 December in New York.
    expect(presetRange("today", new Date("2026-01-01T04:59:00Z"), "America/New_York").fromDate).toBe(
      "2025-12-31",
    );
    const r = rangeOf("custom", "2026-03-08", "2026-11-01", "America/New_York");
    expect([iso(r.from), iso(r.to)]).toEqual(["2026-03-08T05:00:00.000Z", "2026-11-02T05:00:00.000Z"]);
  });
});

describe("the range in the URL", () => {
  const now = new Date("2026-11-25T10:00:00Z");
  it("a preset, or this month when it is missing or unknown", () => {
    const r = parseReportRange(params("range=last_week"), now, LONDON);
    expect(r.ok && [r.range.preset, r.range.fromDate, r.range.toDate]).toEqual([
      "last_week",
      "2026-11-16",
      "2026-11-22",
    ]);
    for (const q of ["", "range=forever"]) {
      const d = parseReportRange(params(q), now, LONDON);
      expect(d.ok && [d.range.preset, d.range.fromDate]).toEqual(["this_month", "2026-11-01"]);
    }
  });

  it("custom dates, round-tripped through rangeQuery", () => {
    const r = parseReportRange(params("range=custom&from=2026-02-01&to=2026-04-30"), now, LONDON);
    expect(r.ok && [r.range.fromDate, r.range.toDate, r.range.days]).toEqual([
      "2026-02-01",
      "2026-04-30",
      89,
    ]);
    expect(r.ok && rangeQuery(r.range)).toBe("range=custom&from=2026-02-01&to=2026-04-30");
    expect(rangeQuery({ preset: "today", fromDate: "x", toDate: "y" })).toBe("range=today");
  });

  it("field messages for a bad custom range", () => {
    const bad = (q: string) => {
      const r = parseReportRange(params(`range=custom&${q}`), now, LONDON);
      return r.ok ? null : r.errors;
    };
    expect(bad("from=2026-05-01&to=2026-04-30")).toEqual({
      to: "The last date must be on or after the first.",
    });
    expect(bad("from=2026-02-30&to=2026-04-30")).toEqual({
      from: "Enter the first date as a real date, for example 2026-03-01.",
    });
    expect(bad("from=&to=yesterday")).toEqual({
      from: "Enter the first date.",
      to: "Enter the last date as a real date, for example 2026-03-01.",
    });
    expect(bad("from=1066-10-14&to=2026-01-01")?.from).toMatch(/real date/);
    // Three years is the limit: 1 Jan 2024 … 31 Dec 2026 is fine, one more day is not.
    expect(bad("from=2024-01-01&to=2026-12-31")).toBeNull();
    expect(bad("from=2024-01-01&to=2027-01-01")).toEqual({
      to: "Choose at most 3 years: the last date must be before 2027-01-01.",
    });
    const r = parseReportRange(params("range=custom&from=2026-05-01&to=2026-04-30"), now, LONDON);
    expect(!r.ok && r.input).toEqual({ from: "2026-05-01", to: "2026-04-30" });
  });
});
