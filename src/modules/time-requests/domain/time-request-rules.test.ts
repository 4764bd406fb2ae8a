import { describe, expect, it } from "vitest";
import {
  allDaysPassed,
  askableDays,
  checkAskedDays,
  DAY_MESSAGES,
  formatAskedDay,
  MAX_ASKED_DAYS,
  statusesBefore,
  TIME_REQUEST_STATUSES,
  TIME_REQUEST_STEPS,
  timeRequestStepAllowed,
  type TimeRequestStatus,
  WITHDRAWABLE,
} from "./time-request-rules";

const today = "2026-12-01"; // a Tuesday
const c = { today, horizonDays: 60 };
const day = (date: string, part: "any" | "morning" | "afternoon" = "any") => ({ date, part });

describe("the days a customer may ask for", () => {
  it("runs from tomorrow to the booking horizon", () => {
    expect(askableDays(today, 60)).toEqual({ first: "2026-12-02", last: "2027-01-30" });
  });

  it("accepts 1 to 14 distinct days in range, sorted by date, each with its part of the day", () => {
    const r = checkAskedDays([day("2026-12-09", "afternoon"), day("2026-12-02", "morning")], c);
    expect(r).toEqual({
      ok: true,
      days: [day("2026-12-02", "morning"), day("2026-12-09", "afternoon")],
    });
    const fourteen = Array.from({ length: MAX_ASKED_DAYS }, (_, i) =>
      day(`2026-12-${String(i + 2).padStart(2, "0")}`),
    );
    expect(checkAskedDays(fourteen, c).ok).toBe(true);
    expect(checkAskedDays([day("2027-01-30")], c).ok).toBe(true);
  });

  it.each([
    ["no days", [], { days: [DAY_MESSAGES.none] }],
    [
      "too many days",
      Array.from({ length: 15 }, (_, i) => day(`2026-12-${String(i + 2).padStart(2, "0")}`)),
      { days: [DAY_MESSAGES.tooMany] },
    ],
    ["today", [day(today)], { "days.0.date": [DAY_MESSAGES.past] }],
    ["a past day", [day("2026-11-20")], { "days.0.date": [DAY_MESSAGES.past] }],
    ["past the horizon", [day("2027-01-31")], { "days.0.date": [DAY_MESSAGES.far("2027-01-30")] }],
    ["not a date", [day("2026-02-30")], { "days.0.date": [DAY_MESSAGES.date] }],
    ["not a date at all", [day("next tuesday")], { "days.0.date": [DAY_MESSAGES.date] }],
    [
      "the same day twice",
      [day("2026-12-03"), day("2026-12-03", "morning")],
      { "days.1.date": [DAY_MESSAGES.twice] },
    ],
  ])("refuses %s with a field error", (_name, days, errors) => {
    expect(checkAskedDays(days as { date: string; part: "any" }[], c)).toEqual({ ok: false, errors });
  });

  it("says a day's part in words, and knows when every day asked for has passed", () => {
    expect(formatAskedDay(day("2026-12-08", "morning"))).toBe("Tue 8 Dec, morning");
    expect(formatAskedDay(day("2026-12-08"))).toBe("Tue 8 Dec");
    expect(allDaysPassed([day("2026-11-30"), day("2026-12-01")], today)).toBe(false);
    expect(allDaysPassed([day("2026-11-29"), day("2026-11-30")], today)).toBe(true);
    expect(allDaysPassed([], today)).toBe(false);
  });
});

describe("a request's steps", () => {
  const pairs = TIME_REQUEST_STATUSES.flatMap((from) =>
    TIME_REQUEST_STATUSES.map((to) => [from, to] as const),
  );
  const allowed = new Set([
    "open>proposed",
    "open>withdrawn",
    "open>closed",
    "proposed>booked",
    "proposed>declined",
    "proposed>expired",
    "proposed>withdrawn",
    "declined>proposed",
    "declined>withdrawn",
    "declined>closed",
    "expired>proposed",
    "expired>withdrawn",
    "expired>closed",
  ]);
  it.each(pairs)("%s → %s", (from: TimeRequestStatus, to: TimeRequestStatus) => {
    expect(timeRequestStepAllowed(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it("booked, withdrawn and closed are final; a time may be proposed again after a decline or a lapse", () => {
    for (const s of ["booked", "withdrawn", "closed"] as const) expect(TIME_REQUEST_STEPS[s]).toEqual([]);
    expect(statusesBefore("proposed")).toEqual(["open", "declined", "expired"]);
    expect(WITHDRAWABLE).toEqual(["open", "proposed", "declined", "expired"]);
  });
});
