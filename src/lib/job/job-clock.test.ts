import { describe, expect, it } from "vitest";
import {
  distanceInWords,
  earlyActionInWords,
  isEarlyJobAction,
  isEarlyReasonGiven,
  isEarlyStart,
  isOnCrewDays,
  offCrewDaysMessage,
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

describe("early Start and early Complete: one rule", () => {
  it("Start is early before the lead; Complete is early before the booked start", () => {
    expect(isEarlyJobAction("start", START, minutes(-61), 60)).toBe(true);
    expect(isEarlyJobAction("start", START, minutes(-30), 60)).toBe(false);
    // Started early with a reason, then completed five days before the booked start: early too.
    expect(isEarlyJobAction("complete", START, minutes(-5 * 1440), 60)).toBe(true);
    expect(isEarlyJobAction("complete", START, minutes(-1), 60)).toBe(true);
    expect(isEarlyJobAction("complete", START, START, 60)).toBe(false);
    expect(isEarlyJobAction("complete", START, minutes(90), 60)).toBe(false);
  });

  it("says which action is early, and wants a reason of a few characters", () => {
    expect(earlyActionInWords("start", 60)).toBe("Starting more than 1 h before it");
    expect(earlyActionInWords("complete", 60)).toBe("Completing before it");
    expect(isEarlyReasonGiven(undefined)).toBe(false);
    expect(isEarlyReasonGiven("  ok ")).toBe(false);
    expect(isEarlyReasonGiven("asked")).toBe(true);
  });
});

describe("a technician's days: today and tomorrow (business zone)", () => {
  const now = new Date("2026-12-08T08:00:00Z"); // Tue 8 Dec, 08:00 GMT
  const job = (start: string, hours = 2) => {
    const startsAt = new Date(start);
    return { startsAt, endsAt: new Date(startsAt.getTime() + hours * 3_600_000) };
  };

  it.each([
    ["today", "2026-12-08T14:00:00Z", 2, true],
    ["tomorrow", "2026-12-09T09:00:00Z", 2, true],
    ["tomorrow, last minute", "2026-12-09T23:30:00Z", 0.25, true],
    ["the day after tomorrow", "2026-12-10T00:00:00Z", 2, false],
    ["three weeks ahead", "2026-12-29T09:00:00Z", 2, false],
    ["yesterday", "2026-12-07T09:00:00Z", 2, false],
    ["a visit begun yesterday that runs into today", "2026-12-07T09:00:00Z", 30, true],
    ["a job that ended at midnight", "2026-12-07T22:00:00Z", 2, false],
  ] as const)("%s: %s", (_, start, hours, allowed) => {
    expect(isOnCrewDays(job(start, hours), now, TZ)).toBe(allowed);
  });

  it("uses the business's day, not UTC's", () => {
    const summer = new Date("2026-07-08T23:30:00Z"); // 00:30 BST on 9 July
    expect(isOnCrewDays(job("2026-07-10T22:30:00Z"), summer, TZ)).toBe(true); // 23:30 BST on 10 July
    expect(isOnCrewDays(job("2026-07-10T23:30:00Z"), summer, TZ)).toBe(false); // 00:30 BST on 11 July
  });

  it("says when the job is", () => {
    expect(offCrewDaysMessage(START, minutes(-3 * 1440), TZ)).toBe(
      "This job is on Tue 8 Dec at 09:00 GMT. On your phone you can work on today's and tomorrow's jobs only: ask the office.",
    );
    expect(offCrewDaysMessage(START, minutes(2 * 1440), TZ)).toMatch(/^This job was on Tue 8 Dec/);
  });
});
