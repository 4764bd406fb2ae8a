import { addDays, isoWeekday } from "@/lib/dates";
import { OFFICIAL_CHANGES } from "./uk-bank-holiday-changes";

// Public holidays of the business's region (ADR 0055): the UK's bank holidays computed by their rules —
// so a new year's dates need no change here — corrected by the official list's one-off changes (a royal
// occasion, a holiday moved for an anniversary), which `npm run holidays:refresh` reads from GOV.UK.

export const HOLIDAY_REGIONS = [
  { code: "GB-ENG", name: "England and Wales" },
  { code: "GB-SCT", name: "Scotland" },
  { code: "GB-NIR", name: "Northern Ireland" },
  { code: "none", name: "None" },
] as const;
export type HolidayRegion = (typeof HOLIDAY_REGIONS)[number]["code"];
export type PublicHoliday = { date: string; name: string };

export const isHolidayRegion = (v: unknown): v is HolidayRegion => HOLIDAY_REGIONS.some((r) => r.code === v);

export const holidayRegionName = (code: string): string =>
  HOLIDAY_REGIONS.find((r) => r.code === code)?.name ?? code;

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** The first Monday on or after a date. */
const mondayFrom = (date: string) => addDays(date, (8 - isoWeekday(date)) % 7);
/** The last Monday of a month. */
const lastMonday = (year: number, month: number) => {
  const last = addDays(month === 12 ? ymd(year + 1, 1, 1) : ymd(year, month + 1, 1), -1);
  return addDays(last, -((isoWeekday(last) + 6) % 7));
};

type Rule = { name: string; date: string; substitute: boolean };

/** The rules' holidays of a year in a region, before the official one-off changes. */
function ruleHolidays(region: Exclude<HolidayRegion, "none">, year: number): Rule[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number, name: string): Rule => ({
    name,
    date: ymd(year, month, day),
    substitute: true,
  });
  const on = (date: string, name: string): Rule => ({ name, date, substitute: false });
  const scotland = region === "GB-SCT";
  const rules: Rule[] = [
    fixed(1, 1, "New Year’s Day"),
    ...(scotland ? [fixed(1, 2, "2nd January")] : []),
    ...(region === "GB-NIR" ? [fixed(3, 17, "St Patrick’s Day")] : []),
    on(addDays(easter, -2), "Good Friday"),
    ...(scotland ? [] : [on(addDays(easter, 1), "Easter Monday")]),
    on(mondayFrom(ymd(year, 5, 1)), "Early May bank holiday"),
    on(lastMonday(year, 5), "Spring bank holiday"),
    ...(region === "GB-NIR" ? [fixed(7, 12, "Battle of the Boyne (Orangemen’s Day)")] : []),
    on(scotland ? mondayFrom(ymd(year, 8, 1)) : lastMonday(year, 8), "Summer bank holiday"),
    ...(scotland ? [fixed(11, 30, "St Andrew’s Day")] : []),
    fixed(12, 25, "Christmas Day"),
    fixed(12, 26, "Boxing Day"),
  ];
  return rules.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The rules' holidays with substitute days: a fixed-date holiday on a Saturday or Sunday gives the next
 * weekday that is not already a holiday (Christmas on a Saturday: Monday 27th; Boxing Day: Tuesday 28th).
 * The day itself stays a holiday too: GOV.UK lists only the substitute, but a business open on Saturdays
 * is not meant to take bookings on Christmas Day (ADR 0055); the admin can open it anyway.
 */
export function ruleHolidaysOfYear(region: Exclude<HolidayRegion, "none">, year: number): PublicHoliday[] {
  const rules = ruleHolidays(region, year);
  const taken = new Set(rules.map((r) => r.date));
  const out: PublicHoliday[] = [];
  for (const r of rules) {
    out.push({ date: r.date, name: r.name });
    if (!r.substitute || isoWeekday(r.date) < 6) continue;
    let d = addDays(r.date, 1);
    while (isoWeekday(d) >= 6 || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    out.push({ date: d, name: `${r.name} (substitute day)` });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** A year's holidays: the rules', less the dates the official list moved away, plus its one-off days. */
export function holidaysOfYear(region: string, year: number): PublicHoliday[] {
  if (!isHolidayRegion(region) || region === "none") return [];
  const changes = OFFICIAL_CHANGES.regions[region];
  const removed = new Set(changes.removed);
  const added = changes.added.filter((h) => h.date.startsWith(`${year}-`));
  return [...ruleHolidaysOfYear(region, year).filter((h) => !removed.has(h.date)), ...added].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
}

/** The public holidays of a region from `from` to `to` (YYYY-MM-DD, inclusive), soonest first. */
export function publicHolidays(region: string, from: string, to: string): PublicHoliday[] {
  if (to < from) return [];
  const out: PublicHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++)
    for (const h of holidaysOfYear(region, year)) if (h.date >= from && h.date <= to) out.push(h);
  return out;
}

/** Local date → holiday name, for lookups. */
export function holidayMap(region: string, from: string, to: string): Map<string, string> {
  return new Map(publicHolidays(region, from, to).map((h) => [h.date, h.name]));
}
