import { isoWeekday } from "@/lib/dates";
import type { OfficialChanges, RegionChanges } from "./uk-bank-holiday-changes";
import { type HolidayRegion, type PublicHoliday, ruleHolidaysOfYear } from "./holidays";

// Reading GOV.UK's list of bank holidays (https://www.gov.uk/bank-holidays.json) into the one-off
// changes the rules can't know: the dates it moved away from (removed) and its extra days (added).
// Used by `npm run holidays:refresh`, which writes ./uk-bank-holiday-changes.ts.

export const GOV_UK_DIVISIONS: Record<Exclude<HolidayRegion, "none">, string> = {
  "GB-ENG": "england-and-wales",
  "GB-SCT": "scotland",
  "GB-NIR": "northern-ireland",
};

export type GovUkBankHolidays = Record<
  string,
  { division: string; events: { title: string; date: string }[] }
>;

/** The changes of each region over the years the list covers (each of them whole). */
export function officialChangesOf(list: GovUkBankHolidays): Omit<OfficialChanges, "source" | "checkedOn"> {
  const years = new Set<number>();
  const regions = {} as Record<Exclude<HolidayRegion, "none">, RegionChanges>;
  for (const [region, division] of Object.entries(GOV_UK_DIVISIONS) as [
    Exclude<HolidayRegion, "none">,
    string,
  ][]) {
    const events = list[division]?.events;
    if (!events?.length) throw new Error(`The list has no events for ${division}`);
    const official = new Map(events.map((e) => [e.date, e.title.trim()]));
    const ofYears = [...new Set(events.map((e) => Number(e.date.slice(0, 4))))].sort((a, b) => a - b);
    const removed: string[] = [];
    const added: PublicHoliday[] = [];
    for (const year of ofYears) {
      years.add(year);
      const rules = ruleHolidaysOfYear(region, year);
      const ruled = new Set(rules.map((h) => h.date));
      // GOV.UK lists a weekend holiday's substitute day only; the day itself stays closed here (ADR 0055).
      for (const h of rules) if (!official.has(h.date) && isoWeekday(h.date) < 6) removed.push(h.date);
      for (const [date, name] of official)
        if (date.startsWith(`${year}-`) && !ruled.has(date)) added.push({ date, name });
    }
    regions[region] = { removed: removed.sort(), added: added.sort((a, b) => a.date.localeCompare(b.date)) };
  }
  const sorted = [...years].sort((a, b) => a - b);
  return { years: { from: sorted[0] ?? 0, to: sorted[sorted.length - 1] ?? 0 }, regions };
}
