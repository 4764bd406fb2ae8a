import { describe, expect, it } from "vitest";
import {
  changeSentence,
  formatDayKey,
  formatMonthKey,
  heatGrid,
  heatLevel,
  leadBucket,
  percentChange,
  periodKeys,
  previousRange,
  rateSentence,
  trendGrain,
} from "./analytics";
import { presetRange, rangeOf } from "./range";

const LONDON = "Europe/London";
const money = (n: number) => `£${(n / 100).toFixed(2)}`;

describe("previousRange", () => {
  it("is the same number of local days, ending the day before", () => {
    const r = previousRange(rangeOf("this_month", "2026-11-01", "2026-11-30", LONDON));
    expect([r.fromDate, r.toDate, r.days]).toEqual(["2026-10-02", "2026-10-31", 30]);
  });

  it("spans a clock change by local midnights (25 hours longer in October)", () => {
    const r = previousRange(rangeOf("custom", "2026-11-01", "2026-11-07", LONDON));
    expect([r.fromDate, r.toDate]).toEqual(["2026-10-25", "2026-10-31"]);
    expect(r.from.toISOString()).toBe("2026-10-24T23:00:00.000Z"); // midnight BST
    expect(r.to.toISOString()).toBe("2026-11-01T00:00:00.000Z"); // midnight GMT
  });

  it("a year back from the last 12 months, across a leap day", () => {
    const last12 = presetRange("last_12_months", new Date("2028-06-15T12:00:00Z"), LONDON);
    const r = previousRange(last12);
    expect([last12.fromDate, last12.days]).toEqual(["2027-06-16", 366]);
    expect([r.fromDate, r.toDate, r.days]).toEqual(["2026-06-15", "2027-06-15", 366]);
  });
});

describe("trend grain and keys", () => {
  it("by day up to a quarter, by month beyond", () => {
    expect(trendGrain({ days: 92 })).toBe("day");
    expect(trendGrain({ days: 93 })).toBe("month");
  });

  it("every day or month of the range, across a year end", () => {
    expect(periodKeys({ fromDate: "2026-12-30", toDate: "2027-01-02" }, "day")).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(periodKeys({ fromDate: "2026-11-24", toDate: "2027-02-03" }, "month")).toEqual([
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
  });

  it("labels months and days in the business locale", () => {
    expect(formatMonthKey("2046-12")).toBe("Dec 2046");
    expect(formatMonthKey("2027-01")).toBe("Jan 2027");
    expect(formatDayKey("2026-10-25")).toBe("25 Oct");
    expect(formatDayKey("2026-10-25", "en-GB", true)).toBe("Sun 25 Oct");
  });
});

describe("change sentences", () => {
  const base = { label: "Revenue", none: "revenue", days: 30, format: money };

  it("up or down in whole per cent, with both figures", () => {
    expect(changeSentence({ ...base, current: 112000, previous: 100000 })).toBe(
      "Revenue up 12% on the previous 30 days (£1120.00, against £1000.00).",
    );
    expect(changeSentence({ ...base, current: 9000, previous: 10000 })).toBe(
      "Revenue down 10% on the previous 30 days (£90.00, against £100.00).",
    );
    expect(changeSentence({ ...base, current: 10040, previous: 10000 })).toBe(
      "Revenue £100.40, level with the previous 30 days (£100.00).",
    );
  });

  it("never Infinity% when the previous period had none", () => {
    expect(percentChange(5, 0)).toBeNull();
    expect(changeSentence({ ...base, current: 12000, previous: 0 })).toBe(
      "Revenue £120.00; no revenue in the previous 30 days.",
    );
    expect(changeSentence({ ...base, current: 0, previous: 0 })).toBe(
      "No revenue in this period or the previous 30 days.",
    );
    expect(changeSentence({ ...base, current: 0, previous: 5000, days: 1 })).toBe(
      "No revenue in this period, against £50.00 in the previous day.",
    );
  });

  it("rates in points, and none to count", () => {
    const r = { label: "Cancellation rate", days: 7, of: "bookings" };
    expect(rateSentence({ ...r, part: 1, whole: 4, previousPart: 1, previousWhole: 5 })).toBe(
      "Cancellation rate 25.0% (1 of 4 bookings), up 5.0 points on the previous 7 days (20.0%).",
    );
    expect(rateSentence({ ...r, part: 1, whole: 10, previousPart: 1, previousWhole: 11 })).toBe(
      "Cancellation rate 10.0% (1 of 10 bookings), up 0.9 points on the previous 7 days (9.1%).",
    );
    expect(rateSentence({ ...r, part: 1, whole: 4, previousPart: 0, previousWhole: 0 })).toBe(
      "Cancellation rate 25.0% (1 of 4 bookings); no bookings in the previous 7 days.",
    );
    expect(rateSentence({ ...r, part: 0, whole: 0, previousPart: 0, previousWhole: 0 })).toBe(
      "Cancellation rate: no bookings in this period or the previous 7 days.",
    );
    expect(rateSentence({ ...r, part: 0, whole: 0, previousPart: 1, previousWhole: 2 })).toBe(
      "Cancellation rate: no bookings in this period.",
    );
  });
});

describe("buckets", () => {
  it("lead time in local days", () => {
    expect([-1, 0, 1, 2, 6, 7, 13, 14, 27, 28, 400].map(leadBucket)).toEqual([
      0, 0, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
  });

  it("the weekday × hour grid: 08:00–17:00 at least, widened to every hour with a job", () => {
    const g = heatGrid([
      { weekday: 1, hour: 7, jobs: 2 },
      { weekday: 7, hour: 19, jobs: 5 },
      { weekday: 3, hour: 12, jobs: 1 },
    ]);
    expect([g.hours[0], g.hours.at(-1), g.hours.length]).toEqual([7, 19, 13]);
    expect(g.rows[0]?.[0]).toBe(2);
    expect(g.rows[6]?.[12]).toBe(5);
    expect(g.busiest).toEqual({ weekday: 7, hour: 19, jobs: 5 });
    expect(heatGrid([]).hours).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(heatGrid([]).busiest).toBeNull();
    expect([0, 1, 2, 3, 5].map((n) => heatLevel(n, 5))).toEqual([0, 1, 2, 3, 4]);
  });
});
