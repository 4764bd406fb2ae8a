import { describe, expect, it } from "vitest";
import { openMinutesOn, openTeamMinutesByDate } from "./capacity";

const rules = {
  timeZone: "Europe/London",
  // Monday to Friday 08:00–12:30 and 13:00–18:00; Saturday 09:00–13:00; Sunday closed.
  weeklyHours: {
    1: [
      { opens: 480, closes: 750 },
      { opens: 780, closes: 1080 },
    ],
    2: [{ opens: 480, closes: 1080 }],
    6: [{ opens: 540, closes: 780 }],
    7: [{ opens: 0, closes: 1440 }],
  },
  overrides: {
    "2026-12-25": [],
    "2026-12-24": [{ opens: 480, closes: 720 }],
  } as Record<string, { opens: number; closes: number }[]>,
};

describe("open minutes of a date", () => {
  it.each([
    ["2026-11-23", 570], // Monday: 4 h 30 + 5 h
    ["2026-11-24", 600],
    ["2026-11-28", 240], // Saturday
    ["2026-11-26", 0], // Thursday: no hours
    ["2026-12-25", 0], // closed by an override
    ["2026-12-24", 240], // its own hours
    ["2026-11-29", 1440], // a Sunday open all day
    ["2026-03-29", 1380], // … on the day the clocks go forward: 23 hours
    ["2026-10-25", 1500], // … and back: 25 hours
  ])("%s → %i", (date, minutes) => {
    expect(openMinutesOn(rules, date)).toBe(minutes);
  });

  it("multiplies by the active teams, per date of the window", () => {
    const m = openTeamMinutesByDate(rules, 3, "2026-11-23", "2026-11-26");
    expect([...m.entries()]).toEqual([
      ["2026-11-23", 1710],
      ["2026-11-24", 1800],
      ["2026-11-25", 0],
      ["2026-11-26", 0],
    ]);
  });
});
