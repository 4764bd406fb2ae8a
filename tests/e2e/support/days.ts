import { addDays, isoWeekday, localDateOf } from "../../../src/lib/dates";

// The day a spec books on: a weekday, `offset` days from today or the next one after it (`step` -1: the
// one before). One definition for every spec. Bank holidays don't close it: the suite's demo businesses
// keep no public holidays (fixtures.ts, as the integration tests' settings factory does — ADR 0055), but
// for the holidays spec, which chooses its region itself.

const TZ = "Europe/London";

export function workingDayFrom(offset: number, step: 1 | -1 = offset < 0 ? -1 : 1): string {
  let d = addDays(localDateOf(new Date(), TZ), offset);
  while (isoWeekday(d) > 5) d = addDays(d, step);
  return d;
}
