import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates";
import {
  latestUntil,
  MAX_OCCURRENCES,
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
    expect(occurrenceDates("2027-01-05", 1, "2028-01-05")).toHaveLength(MAX_OCCURRENCES);
    expect(occurrenceCount("2027-01-05", 1, "2028-01-05")).toBe(52);
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

describe("latestUntil", () => {
  it("is six months after the first visit, or the business's horizon when that is nearer", () => {
    expect(latestUntil("2027-01-05", "2027-01-01", 365)).toBe("2027-07-06");
    expect(latestUntil("2027-01-05", "2027-01-01", 60)).toBe("2027-03-02");
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
