import { describe, expect, it } from "vitest";
import {
  addDays,
  dateFormat,
  formatCalendarDate,
  formatJobLength,
  formatLocalStamp,
  startsInWords,
  sumDates,
  formatDateTime,
  formatTime,
  isoWeekday,
  localDateOf,
  localDayStart,
  localToInstant,
  toLocalParts,
  zoneOffsetMinutes,
} from "./dates";

const LONDON = "Europe/London";

describe("localToInstant in Europe/London", () => {
  it.each([
    ["winter (GMT)", "2026-01-15", 9 * 60, "2026-01-15T09:00:00.000Z"],
    ["summer (BST)", "2026-07-15", 9 * 60, "2026-07-15T08:00:00.000Z"],
    ["spring-forward day, before the jump", "2026-03-29", 0 * 60 + 30, "2026-03-29T00:30:00.000Z"],
    ["spring-forward day, after the jump", "2026-03-29", 9 * 60, "2026-03-29T08:00:00.000Z"],
    ["fall-back day, after the change", "2026-10-25", 9 * 60, "2026-10-25T09:00:00.000Z"],
    ["midnight", "2026-06-01", 0, "2026-05-31T23:00:00.000Z"],
  ])("%s", (_name, date, minutes, iso) => {
    expect(localToInstant(date, minutes, LONDON)?.toISOString()).toBe(iso);
  });

  it("returns null for 01:30 on the spring-forward Sunday (that wall time does not exist)", () => {
    expect(localToInstant("2026-03-29", 90, LONDON)).toBeNull();
  });

  it("resolves 01:30 on the fall-back Sunday to its first occurrence (BST)", () => {
    expect(localToInstant("2026-10-25", 90, LONDON)?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("makes a 09:00–17:00 day 8 hours long on both DST Sundays", () => {
    for (const day of ["2026-03-29", "2026-10-25"]) {
      const open = localToInstant(day, 9 * 60, LONDON) as Date;
      const close = localToInstant(day, 17 * 60, LONDON) as Date;
      expect(close.getTime() - open.getTime()).toBe(8 * 3600_000);
    }
  });

  it("works for zones east of UTC and with half-hour offsets", () => {
    expect(localToInstant("2026-01-15", 9 * 60, "Asia/Kolkata")?.toISOString()).toBe(
      "2026-01-15T03:30:00.000Z",
    );
    expect(localToInstant("2026-07-01", 0, "Australia/Sydney")?.toISOString()).toBe(
      "2026-06-30T14:00:00.000Z",
    );
  });
});

describe("calendar helpers", () => {
  it("reads offsets and local dates", () => {
    expect(zoneOffsetMinutes(new Date("2026-07-01T12:00:00Z"), LONDON)).toBe(60);
    expect(zoneOffsetMinutes(new Date("2026-01-01T12:00:00Z"), LONDON)).toBe(0);
    expect(localDateOf(new Date("2026-06-30T23:30:00Z"), LONDON)).toBe("2026-07-01");
  });

  it("adds days across month ends and DST, and names ISO weekdays", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(isoWeekday("2026-11-22")).toBe(7);
    expect(isoWeekday("2026-11-23")).toBe(1);
  });

  it("formats times with the zone's name", () => {
    expect(formatTime(new Date("2026-01-15T09:30:00Z"), LONDON)).toBe("09:30 GMT");
    expect(formatTime(new Date("2026-07-15T08:30:00Z"), LONDON)).toBe("09:30 BST");
    expect(formatDateTime(new Date("2026-03-03T09:30:00Z"), LONDON)).toBe("Tue 3 Mar, 09:30 GMT");
  });
});

describe("startsInWords", () => {
  const now = new Date("2030-01-01T10:00:00Z");
  const later = (min: number) => new Date(now.getTime() + min * 60_000);
  it.each([
    [-5, "now"],
    [0, "now"],
    [1, "in 1 minute"],
    [45, "in 45 minutes"],
    [60, "in 1 hour"],
    [5 * 60 + 20, "in 5 hours"],
    [24 * 60, "tomorrow"],
    [3 * 24 * 60 + 60, "in 3 days"],
  ])("%i minutes ahead reads %s", (min, words) => {
    expect(startsInWords(later(min), now)).toBe(words);
  });
});

describe("formatLocalStamp", () => {
  it("gives the local date, time and zone name, and the same instant in two zones apart", () => {
    const instant = new Date("2026-03-29T01:30:00Z"); // London has just gone forward
    expect(formatLocalStamp(instant, "Europe/London")).toBe("2026-03-29 02:30 BST");
    expect(formatLocalStamp(instant, "America/New_York")).toBe("2026-03-28 21:30 GMT-4");
    // Asked again (now from the memo), the answers stay the zone's own.
    expect(formatLocalStamp(instant, "Europe/London")).toBe("2026-03-29 02:30 BST");
    expect(formatLocalStamp(new Date("2026-10-25T01:30:00Z"), "Europe/London")).toBe("2026-10-25 01:30 GMT");
  });
});

describe("kept formatters and wall-clock answers", () => {
  it("makes one formatter per locale and options, and a different one when they differ", () => {
    const a = dateFormat("en-GB", { month: "long", timeZone: "UTC" });
    expect(dateFormat("en-GB", { month: "long", timeZone: "UTC" })).toBe(a);
    expect(dateFormat("en-GB", { month: "short", timeZone: "UTC" })).not.toBe(a);
    expect(dateFormat("en-US", { month: "long", timeZone: "UTC" })).not.toBe(a);
  });

  it("answers the same instant again from memory with a copy, so a caller's change doesn't stick", () => {
    const at = new Date("2026-10-25T00:30:00Z"); // 01:30 BST, the fall-back night's first 01:30
    const first = toLocalParts(at, LONDON);
    first.hour = 23;
    expect(toLocalParts(at, LONDON)).toEqual({
      year: 2026,
      month: 10,
      day: 25,
      hour: 1,
      minute: 30,
      second: 0,
    });
    // The same instant in another zone is its own answer, not the kept London one.
    expect(toLocalParts(at, "Asia/Kolkata")).toMatchObject({ day: 25, hour: 6, minute: 0 });
    // An hour later London shows 01:30 again (GMT now).
    expect(toLocalParts(new Date("2026-10-25T01:30:00Z"), LONDON)).toMatchObject({ hour: 1, minute: 30 });
  });

  it("formats a calendar date with no zone involved", () => {
    expect(formatCalendarDate("2027-03-03")).toBe("3 March 2027");
    expect(formatCalendarDate("2026-12-31")).toBe("31 December 2026");
  });
});

describe("formatJobLength", () => {
  const start = new Date("2026-12-08T08:00:00Z");
  it("says the work, and the break when the job's span is longer than its work", () => {
    expect(formatJobLength(480, start, new Date("2026-12-08T16:00:00Z"))).toBe("8 h");
    expect(formatJobLength(480, start, new Date("2026-12-08T16:30:00Z"))).toBe("8 h of work (30 min break)");
    expect(formatJobLength(90, start, new Date("2026-12-08T10:30:00Z"))).toBe(
      "1 h 30 min of work (1 h break)",
    );
  });
});

describe("localDayStart: the instant a local day begins", () => {
  it("is midnight on an ordinary day and on London's change days (the change is at 01:00 there)", () => {
    expect(localDayStart("2026-01-15", LONDON).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(localDayStart("2026-07-01", LONDON).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(localDayStart("2026-03-29", LONDON).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(localDayStart("2026-10-25", LONDON).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });

  // Clocks go forward at 00:00: midnight doesn't exist, the day begins at 01:00 (the moment of the change).
  it.each([
    ["America/Santiago", "2026-09-06", "2026-09-06T04:00:00.000Z"],
    ["Asia/Beirut", "2026-03-29", "2026-03-28T22:00:00.000Z"],
    ["Africa/Cairo", "2026-04-24", "2026-04-23T22:00:00.000Z"],
  ])("in %s on %s (no midnight) begins at 01:00", (zone, date, iso) => {
    expect(localToInstant(date, 0, zone)).toBeNull();
    const start = localDayStart(date, zone);
    expect(start.toISOString()).toBe(iso);
    expect(localDateOf(start, zone)).toBe(date);
    expect(toLocalParts(start, zone)).toMatchObject({ hour: 1, minute: 0 });
    // Nothing of the date comes before it: a minute earlier is the day before.
    expect(localDateOf(new Date(start.getTime() - 60_000), zone)).toBe(addDays(date, -1));
  });

  it("is midnight on the day after a change at midnight, and on a day the clocks go back there", () => {
    expect(localDayStart("2026-09-07", "America/Santiago").toISOString()).toBe("2026-09-07T03:00:00.000Z");
    // Beirut goes back at 00:00 on the last Sunday of October: 00:00 +02 is the day's one midnight.
    expect(localDayStart("2026-10-25", "Asia/Beirut").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(localDateOf(new Date(Date.parse("2026-10-24T22:00:00Z") - 60_000), "Asia/Beirut")).toBe(
      "2026-10-24",
    );
  });
});

describe("sumDates", () => {
  it("sums a per-date map over a period", () => {
    const m = new Map([
      ["2026-11-23", 100],
      ["2026-11-24", 50],
      ["2026-11-30", 999],
    ]);
    expect(sumDates(m, "2026-11-23", 7)).toBe(150);
    expect(sumDates(m, "2026-11-24", 1)).toBe(50);
  });
});
