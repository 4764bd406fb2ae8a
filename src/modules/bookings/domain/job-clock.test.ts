import { describe, expect, it } from "vitest";
import {
  distanceInWords,
  isEarlyStart,
  jobTimeSentence,
  mayCompleteNow,
  startOpensAt,
  tooEarlyInWords,
  whenInWords,
} from "./job-clock";

const TZ = "Europe/London";
const START = new Date("2026-12-08T09:00:00Z");
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe("the Start lead (ADR 0043)", () => {
  it("opens Start the lead's minutes before the job, not a minute earlier", () => {
    expect(startOpensAt(START, 60)).toEqual(minutes(-60));
    expect(isEarlyStart(START, minutes(-61), 60)).toBe(true);
    expect(isEarlyStart(START, minutes(-60), 60)).toBe(false);
    expect(isEarlyStart(START, minutes(30), 60)).toBe(false);
  });

  it("with a lead of 0, only from the start time itself", () => {
    expect(isEarlyStart(START, minutes(-1), 0)).toBe(true);
    expect(isEarlyStart(START, START, 0)).toBe(false);
  });

  it("days before the job, Start is early whatever a normal lead", () => {
    expect(isEarlyStart(START, minutes(-3 * 1440), 60)).toBe(true);
    expect(isEarlyStart(START, minutes(-3 * 1440), 1440)).toBe(true);
  });
});

describe("too early, in words", () => {
  it("names the lead, or just the start when the lead is 0", () => {
    expect(tooEarlyInWords(60)).toBe("more than 1 h before it");
    expect(tooEarlyInWords(90)).toBe("more than 1 h 30 min before it");
    expect(tooEarlyInWords(0)).toBe("before it");
  });
});

describe("Complete only after Start", () => {
  it.each([
    ["in_progress", -120, true],
    ["in_progress", 30, true],
    ["confirmed", -1, false],
    ["confirmed", -3 * 1440, false],
    ["confirmed", 0, true],
    ["confirmed", 2 * 1440, true],
    ["completed", 30, false],
    ["awaiting_approval", 30, false],
  ] as const)("%s, %i minutes from the start: %s", (status, at, allowed) => {
    expect(mayCompleteNow(status, START, minutes(at))).toBe(allowed);
  });
});

describe("the date in words, relative to now", () => {
  it("says today, tomorrow, yesterday, or the date", () => {
    expect(whenInWords(START, minutes(-120), TZ)).toBe("today at 09:00 GMT");
    expect(whenInWords(START, minutes(-1440), TZ)).toBe("tomorrow at 09:00 GMT");
    expect(whenInWords(START, minutes(1440), TZ)).toBe("yesterday at 09:00 GMT");
    expect(whenInWords(START, minutes(-3 * 1440), TZ)).toBe("on Tue 8 Dec at 09:00 GMT");
  });

  it("uses the business's calendar day, not UTC's (23:30 local is still today)", () => {
    const late = new Date("2026-07-08T22:30:00Z"); // 23:30 BST on 8 July
    expect(whenInWords(late, new Date("2026-07-08T08:00:00Z"), TZ)).toBe("today at 23:30 BST");
  });

  it("says how far, to the minute, then in days", () => {
    expect(distanceInWords(START, minutes(-45))).toBe("in 45 min");
    expect(distanceInWords(START, minutes(-150))).toBe("in 2 h 30 min");
    expect(distanceInWords(START, minutes(90))).toBe("1 h 30 min ago");
    expect(distanceInWords(START, minutes(-3 * 1440))).toBe("in 3 days");
    expect(distanceInWords(START, START)).toBe("now");
  });

  it("opens the dialogs with one sentence", () => {
    expect(jobTimeSentence(START, minutes(-1440 - 30), TZ)).toBe(
      "This job starts tomorrow at 09:00 GMT (in 24 h 30 min).",
    );
    expect(jobTimeSentence(START, minutes(1440), TZ)).toBe(
      "This job was booked to start yesterday at 09:00 GMT (24 h ago).",
    );
  });
});
