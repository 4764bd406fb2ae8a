import { describe, expect, it } from "vitest";
import {
  contrastWithWhite,
  dateOverrideInput,
  TEAM_COLOURS,
  teamInput,
  weeklyHoursInput,
} from "./schedule-schemas";

const fieldErrors = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("weeklyHoursInput", () => {
  it("turns typed times into sorted minute ranges", () => {
    expect(
      weeklyHoursInput.parse({
        weekday: "6",
        ranges: [
          { opens: "13:00", closes: "16:00" },
          { opens: "9:00", closes: "1230" },
        ],
      }),
    ).toEqual({
      weekday: 6,
      ranges: [
        { opens: 540, closes: 750 },
        { opens: 780, closes: 960 },
      ],
      confirmStranded: false,
    });
  });

  it("an empty day is closed", () => {
    expect(weeklyHoursInput.parse({ weekday: 7, ranges: [] }).ranges).toEqual([]);
  });

  it("answers every problem under its field", () => {
    const result = weeklyHoursInput.safeParse({
      weekday: 8,
      ranges: [
        { opens: "08:00", closes: "12:30" },
        { opens: "12:00", closes: "18:00" },
        { opens: "19:00", closes: "18:00" },
        { opens: "20:02", closes: "" },
      ],
    });
    expect(fieldErrors(result)).toEqual({
      weekday: "Choose a day of the week.",
      "ranges.3.opens": "Use a multiple of 5 minutes, like 08:05 or 08:10.",
      "ranges.3.closes": "Enter a time, like 08:00.",
    });
    const overlaps = weeklyHoursInput.safeParse({
      weekday: 1,
      ranges: [
        { opens: "08:00", closes: "12:30" },
        { opens: "12:00", closes: "18:00" },
        { opens: "19:00", closes: "18:00" },
      ],
    });
    expect(fieldErrors(overlaps)).toEqual({
      "ranges.1.opens": "Overlaps range 1 (08:00–12:30).",
      "ranges.2.closes": "Closing time must be after opening time.",
    });
  });
});

describe("dateOverrideInput", () => {
  it("a closed day drops any ranges sent with it", () => {
    expect(
      dateOverrideInput.parse({
        date: "2026-12-25",
        isClosed: "closed",
        ranges: [{ opens: "bad", closes: "" }],
        note: " Christmas ",
      }),
    ).toEqual({ date: "2026-12-25", isClosed: true, ranges: [], note: "Christmas", confirmStranded: false });
  });

  it("special hours need at least one valid range", () => {
    expect(fieldErrors(dateOverrideInput.safeParse({ date: "2026-12-24", isClosed: "open" }))).toEqual({
      ranges: "Add at least one opening range, or choose “Closed all day”.",
    });
    expect(
      fieldErrors(
        dateOverrideInput.safeParse({
          date: "2026-02-30",
          isClosed: false,
          ranges: [{ opens: "10:00", closes: "09:00" }],
        }),
      ),
    ).toEqual({
      date: "Enter a date, like 2026-12-25.",
      "ranges.0.closes": "Closing time must be after opening time.",
    });
    expect(
      dateOverrideInput.parse({
        date: "2026-12-24",
        isClosed: "open",
        ranges: [{ opens: "09:00", closes: "00:00" }],
      }).ranges,
    ).toEqual([{ opens: 540, closes: 1440 }]);
  });
});

describe("team colours", () => {
  it.each(TEAM_COLOURS.map((c) => [c.name, c.value]))("%s is readable against white", (_name, value) => {
    expect(contrastWithWhite(value)).toBeGreaterThanOrEqual(4.5);
  });

  it("accepts a dark hex, refuses a light one or a non-colour", () => {
    expect(teamInput.parse({ name: " Van 3 ", colour: "#1E3A8A" })).toEqual({
      name: "Van 3",
      colour: "#1e3a8a",
    });
    expect(fieldErrors(teamInput.safeParse({ name: "", colour: "#fde047" }))).toEqual({
      name: "Enter a name, like Van 1.",
      colour: "This colour is too light to see against white. Choose a darker one.",
    });
    expect(fieldErrors(teamInput.safeParse({ name: "Van", colour: "red" }))).toEqual({
      colour: "Choose a colour.",
    });
  });
});
