import { isoWeekday } from "@/lib/dates";
import { describe, expect, it } from "vitest";
import { easterSunday, holidayMap, publicHolidays, ruleHolidaysOfYear } from "./holidays";
import { officialChangesOf } from "./official-holidays";

const allDatesOf = (region: string, year: number) =>
  publicHolidays(region, `${year}-01-01`, `${year}-12-31`).map((h) => h.date);
/** The bank holidays as GOV.UK lists them: weekdays only (a weekend holiday's substitute, not the day). */
const datesOf = (region: string, year: number) => allDatesOf(region, year).filter((d) => isoWeekday(d) < 6);

describe("publicHolidays", () => {
  it.each([
    [
      "GB-ENG",
      2026,
      [
        "2026-01-01",
        "2026-04-03",
        "2026-04-06",
        "2026-05-04",
        "2026-05-25",
        "2026-08-31",
        "2026-12-25",
        "2026-12-28",
      ],
    ],
    [
      "GB-ENG",
      2027,
      [
        "2027-01-01",
        "2027-03-26",
        "2027-03-29",
        "2027-05-03",
        "2027-05-31",
        "2027-08-30",
        "2027-12-27",
        "2027-12-28",
      ],
    ],
    // GOV.UK's lists for the years they cover.
    [
      "GB-ENG",
      2021,
      [
        "2021-01-01",
        "2021-04-02",
        "2021-04-05",
        "2021-05-03",
        "2021-05-31",
        "2021-08-30",
        "2021-12-27",
        "2021-12-28",
      ],
    ],
    [
      "GB-SCT",
      2026,
      [
        "2026-01-01",
        "2026-01-02",
        "2026-04-03",
        "2026-05-04",
        "2026-05-25",
        "2026-08-03",
        "2026-11-30",
        "2026-12-25",
        "2026-12-28",
      ],
    ],
    [
      "GB-SCT",
      2027,
      [
        "2027-01-01",
        "2027-01-04",
        "2027-03-26",
        "2027-05-03",
        "2027-05-31",
        "2027-08-02",
        "2027-11-30",
        "2027-12-27",
        "2027-12-28",
      ],
    ],
    [
      "GB-NIR",
      2026,
      [
        "2026-01-01",
        "2026-03-17",
        "2026-04-03",
        "2026-04-06",
        "2026-05-04",
        "2026-05-25",
        "2026-07-13",
        "2026-08-31",
        "2026-12-25",
        "2026-12-28",
      ],
    ],
    ["none", 2026, []],
    ["XX-NOPE", 2026, []],
  ])("%s %i", (region, year, dates) => {
    expect(datesOf(region, year)).toEqual(dates);
  });

  it("keeps a weekend holiday closed as well as its substitute day", () => {
    expect(allDatesOf("GB-ENG", 2027).slice(-4)).toEqual([
      "2027-12-25",
      "2027-12-26",
      "2027-12-27",
      "2027-12-28",
    ]);
    expect(allDatesOf("GB-NIR", 2026)).toContain("2026-07-12");
  });

  it("names the days, substitutes included", () => {
    const names = holidayMap("GB-ENG", "2026-12-01", "2027-01-31");
    expect(Object.fromEntries(names)).toEqual({
      "2026-12-25": "Christmas Day",
      "2026-12-26": "Boxing Day",
      "2026-12-28": "Boxing Day (substitute day)",
      "2027-01-01": "New Year’s Day",
    });
    expect(holidayMap("GB-SCT", "2027-01-01", "2027-01-05").get("2027-01-04")).toBe(
      "2nd January (substitute day)",
    );
  });

  it("gives Christmas on a Sunday the Tuesday (Boxing Day has the Monday)", () => {
    expect(datesOf("GB-ENG", 2022).filter((d) => d >= "2022-12-01")).toEqual(["2022-12-26", "2022-12-27"]);
    // Scotland 2022: New Year's Day a Saturday, 2nd January a Sunday → Monday and Tuesday.
    expect(datesOf("GB-SCT", 2022).slice(0, 3)).toEqual(["2022-01-03", "2022-01-04", "2022-04-15"]);
  });

  it("takes the official list's one-off days and moved days over the rules", () => {
    const y2022 = publicHolidays("GB-ENG", "2022-05-01", "2022-09-30");
    expect(y2022).toEqual([
      { date: "2022-05-02", name: "Early May bank holiday" },
      { date: "2022-06-02", name: "Spring bank holiday" },
      { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
      { date: "2022-08-29", name: "Summer bank holiday" },
      { date: "2022-09-19", name: "Bank Holiday for the State Funeral of Queen Elizabeth II" },
    ]);
    expect(datesOf("GB-SCT", 2023)).toContain("2023-05-08");
    expect(datesOf("GB-ENG", 2020)).toContain("2020-05-08");
    expect(datesOf("GB-ENG", 2020)).not.toContain("2020-05-04");
  });

  it("keeps to the window, across years, and answers nothing for a reversed one", () => {
    expect(publicHolidays("GB-ENG", "2026-12-25", "2027-01-01").map((h) => h.date)).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2026-12-28",
      "2027-01-01",
    ]);
    expect(publicHolidays("GB-ENG", "2027-01-02", "2026-01-01")).toEqual([]);
  });

  it("gives years far ahead by rule", () => {
    expect(datesOf("GB-ENG", 2035)).toHaveLength(8);
    expect(datesOf("GB-SCT", 2035)).toHaveLength(9);
    expect(datesOf("GB-NIR", 2035)).toHaveLength(10);
    expect(allDatesOf("GB-ENG", 2035).slice(-2)).toEqual(["2035-12-25", "2035-12-26"]);
  });
});

describe("easterSunday", () => {
  it.each([
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("%i", (year, date) => expect(easterSunday(year)).toBe(date));
});

describe("officialChangesOf", () => {
  it("finds the moved and the one-off days of GOV.UK's list", () => {
    const events = (region: "GB-ENG" | "GB-SCT" | "GB-NIR") => [
      ...ruleHolidaysOfYear(region, 2022)
        .filter((h) => h.date !== "2022-05-30")
        .map((h) => ({ title: h.name, date: h.date })),
      { title: "Spring bank holiday", date: "2022-06-02" },
      { title: "Platinum Jubilee bank holiday", date: "2022-06-03" },
    ];
    const changes = officialChangesOf({
      "england-and-wales": { division: "england-and-wales", events: events("GB-ENG") },
      scotland: { division: "scotland", events: events("GB-SCT") },
      "northern-ireland": { division: "northern-ireland", events: events("GB-NIR") },
    });
    expect(changes.years).toEqual({ from: 2022, to: 2022 });
    expect(changes.regions["GB-SCT"]).toEqual({
      removed: ["2022-05-30"],
      added: [
        { date: "2022-06-02", name: "Spring bank holiday" },
        { date: "2022-06-03", name: "Platinum Jubilee bank holiday" },
      ],
    });
  });

  it("refuses a list without a division", () => {
    expect(() => officialChangesOf({})).toThrow(/england-and-wales/);
  });
});
