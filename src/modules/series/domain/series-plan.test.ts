import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import {
  addMonths,
  dueDates,
  heldFromDate,
  horizonEnd,
  laterVisitsSentence,
  latestUntil,
  MAX_DUE_PER_RUN,
  MAX_OCCURRENCES,
  rollingUntil,
  minutesOfDay,
  nearestStarts,
  occurrenceCount,
  occurrenceDates,
  occurrenceStart,
} from "./series-plan";

describe("occurrenceDates", () => {
  it("is every N weeks after the first visit, up to and including the last date", () => {
    expect(occurrenceDates("2027-01-05", 2, "2027-03-02")).toEqual([
      "2027-01-19",
      "2027-02-02",
      "2027-02-16",
      "2027-03-02",
    ]);
    expect(occurrenceDates("2027-01-05", 2, "2027-03-01")).toHaveLength(3);
    expect(occurrenceDates("2027-01-05", 12, "2027-03-01")).toEqual([]);
  });
  it("stops at the limit, and says how many the rule would have made", () => {
    // Every week for the 12 months a series may reach: 52 dates, within the limit.
    expect(occurrenceDates("2027-01-05", 1, latestUntil("2027-01-05"))).toHaveLength(52);
    expect(occurrenceDates("2027-01-05", 1, "2029-01-05")).toHaveLength(MAX_OCCURRENCES);
    expect(occurrenceCount("2027-01-05", 1, "2029-01-05")).toBe(104);
  });
  it("property: every date is the first plus a whole number of intervals, ascending, within the range", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 400 }), (weeks, span) => {
        const first = "2027-03-01";
        const until = addDays(first, span);
        const dates = occurrenceDates(first, weeks, until);
        expect(dates.length).toBe(Math.min(MAX_OCCURRENCES, occurrenceCount(first, weeks, until)));
        dates.forEach((d, i) => {
          expect(d).toBe(addDays(first, 7 * weeks * (i + 1)));
          expect(d <= until).toBe(true);
        });
      }),
    );
  });
});

describe("occurrenceStart", () => {
  it("keeps the wall-clock time across the clocks going forward and back (London)", () => {
    const first = new Date("2027-03-23T09:00:00Z"); // 09:00 GMT, a Tuesday
    const minutes = minutesOfDay(first, "Europe/London");
    expect(minutes).toBe(9 * 60);
    // After 28 March London is on BST: 09:00 local is 08:00 UTC.
    expect(occurrenceStart("2027-04-06", minutes, "Europe/London")?.toISOString()).toBe(
      "2027-04-06T08:00:00.000Z",
    );
    expect(occurrenceStart("2027-11-02", minutes, "Europe/London")?.toISOString()).toBe(
      "2027-11-02T09:00:00.000Z",
    );
  });
});

describe("latestUntil, rollingUntil, addMonths", () => {
  it("is 12 months after the first visit, whatever the booking horizon", () => {
    expect(latestUntil("2027-01-05")).toBe("2028-01-05");
    expect(rollingUntil("2027-03-01")).toBe("2028-03-01");
  });
  it.each([
    ["2027-01-31", 1, "2027-02-28"],
    ["2028-02-29", 12, "2029-02-28"],
    ["2027-11-15", 3, "2028-02-15"],
    ["2027-12-31", 12, "2028-12-31"],
  ])("%s plus %i months is %s", (d, n, out) => expect(addMonths(d, n)).toBe(out));
});

describe("the horizon and the daily job's dates", () => {
  const rule = {
    anchorDate: "2027-01-12",
    intervalWeeks: 2,
    untilDate: "2027-12-31",
    heldThrough: "2027-03-08",
  };
  it("holds the dates after what is dealt with, up to the horizon and the last date", () => {
    expect(horizonEnd("2027-01-11", 56)).toBe("2027-03-08");
    // A fortnight on, the horizon has reached two more of the rule's dates.
    expect(dueDates(rule, horizonEnd("2027-01-26", 56))).toEqual(["2027-03-09", "2027-03-23"]);
    expect(dueDates(rule, "2027-03-08")).toEqual([]);
    expect(dueDates({ ...rule, untilDate: "2027-03-10" }, "2027-06-01")).toEqual(["2027-03-09"]);
  });
  it("never returns a date twice across runs, and at most a run's worth", () => {
    const first = dueDates(rule, "2027-04-30");
    const second = dueDates({ ...rule, heldThrough: first.at(-1) as string }, "2027-04-30");
    expect(second).toEqual([]);
    expect(dueDates({ ...rule, intervalWeeks: 1, heldThrough: "2027-01-12" }, "2027-12-31")).toHaveLength(
      MAX_DUE_PER_RUN,
    );
  });
  it("property: a date held later is a rule date after what was held, on the day the horizon reaches it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 7, max: 120 }), (weeks, horizon) => {
        const r = {
          anchorDate: "2027-01-04",
          intervalWeeks: weeks,
          untilDate: "2027-12-31",
          heldThrough: "2027-01-04",
        };
        for (const d of dueDates(r, horizonEnd("2027-06-01", horizon), 1000)) {
          expect(d > r.heldThrough && d <= horizonEnd("2027-06-01", horizon)).toBe(true);
          expect(heldFromDate(d, horizon) <= "2027-06-01").toBe(true);
          const days = (Date.parse(`${d}T00:00:00Z`) - Date.parse("2027-01-04T00:00:00Z")) / 86_400_000;
          expect(days % (7 * weeks)).toBe(0);
        }
      }),
    );
  });
  it("tells the customer of the later visits only when there are some", () => {
    expect(
      laterVisitsSentence({ heldThrough: "2027-03-08", untilDate: "2027-03-08", openEnded: false }),
    ).toBeNull();
    expect(
      laterVisitsSentence({ heldThrough: "2027-03-08", untilDate: "2027-12-31", openEnded: true }),
    ).toMatch(/^The visits after 8 March 2027 \(until you end it\) are held for you automatically/);
  });
});

describe("nearestStarts", () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2027, 0, 19, h, m));
  it("offers the nearest other times of the day, in time order", () => {
    const starts = [at(8), at(8, 30), at(11), at(13), at(15)];
    expect(nearestStarts(starts, at(9))).toEqual([at(8), at(8, 30), at(11)]);
    expect(nearestStarts(starts, at(14), 2)).toEqual([at(13), at(15)]);
    expect(nearestStarts([], at(9))).toEqual([]);
  });
});
