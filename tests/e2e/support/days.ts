import { addDays, isoWeekday, localDateOf } from "../../../src/lib/dates";
import { publicHolidays } from "../../../src/modules/holidays/domain/holidays";

// The day a spec books on: a working day of the demo business (Monday to Friday, not one of England and
// Wales's bank holidays, which the demo closes — ADR 0055), `offset` days from today or the next one after
// it (`step` -1: the one before). One definition for every spec, so none lands on Christmas some weeks of
// the year.

const TZ = "Europe/London";

export function workingDayFrom(offset: number, step: 1 | -1 = offset < 0 ? -1 : 1): string {
  let d = addDays(localDateOf(new Date(), TZ), offset);
  const closed = (date: string) => isoWeekday(date) > 5 || publicHolidays("GB-ENG", date, date).length > 0;
  while (closed(d)) d = addDays(d, step);
  return d;
}
