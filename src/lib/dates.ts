// Time is an instant; the business has a time zone. These helpers convert between local wall-clock
// times in that zone and instants, correctly on DST days, using only Intl (no offsets by hand).

/**
 * The dates the product works with. Outside them calendar arithmetic leaves four-digit years (or the
 * Date range) and a request could end in a RangeError; inputs outside are invalid, not chosen.
 */
export const FIRST_DATE = "2000-01-01";
export const LAST_DATE = "2999-12-31";
const FIRST_MS = Date.UTC(2000, 0, 1);
const AFTER_LAST_MS = Date.UTC(3000, 0, 1);

/** A YYYY-MM-DD date inside the product's range. */
export function isDateInRange(date: string): boolean {
  return date >= FIRST_DATE && date <= LAST_DATE;
}

/**
 * A YYYY-MM-DD date that exists ("2026-02-31" and "2026-13-45" don't) inside the product's range: the one
 * check behind every date a person types (dateInput in field-inputs.ts) or a URL carries.
 */
export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isDateInRange(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** An instant inside the product's range (with a day to spare either side for any time zone). */
export function isInstantInRange(instant: Date): boolean {
  const t = instant.getTime();
  return t >= FIRST_MS + 86_400_000 && t < AFTER_LAST_MS - 86_400_000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A formatter for these options, made once: building an Intl.DateTimeFormat costs tens of microseconds,
 * and a page such as the date step labels every day of a month (a render profile found it at ~3 ms).
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    if (formatters.size >= 1000) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

const partsOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export type LocalDateTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const localParts = new Map<string, LocalDateTime>();

/**
 * The wall clock in `timeZone` at an instant. The slot engine asks this for the same instants (day
 * starts, opening hours, bookings) on every request, and formatToParts is slow, so answers are kept (a
 * bounded memo of exact instants: nothing is assumed about when a zone's offset changes).
 */
export function toLocalParts(instant: Date, timeZone: string): LocalDateTime {
  const key = `${timeZone}|${instant.getTime()}`;
  const known = localParts.get(key);
  if (known) return { ...known };
  const p: Record<string, number> = {};
  for (const part of dateFormat("en-GB", partsOptions(timeZone)).formatToParts(instant)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const parts: LocalDateTime = {
    year: p.year ?? 0,
    month: p.month ?? 0,
    day: p.day ?? 0,
    hour: p.hour ?? 0,
    minute: p.minute ?? 0,
    second: p.second ?? 0,
  };
  if (localParts.size >= 100_000) localParts.clear();
  localParts.set(key, parts);
  return { ...parts };
}

/** Offset of the zone from UTC at that instant, in minutes (London: 0 in winter, 60 in summer). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const l = toLocalParts(instant, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) + `minutes` after
 * midnight, or null when that wall time does not exist (the hour skipped when clocks go forward).
 * A wall time that happens twice (clocks go back) resolves to its first occurrence.
 */
export function localToInstant(date: string, minutes: number, timeZone: string): Date | null {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // Try both candidate offsets around the wall time; keep those that map back exactly.
  const candidates = new Set<number>();
  for (const probe of [wall - 36e5 * 3, wall + 36e5 * 3]) {
    candidates.add(wall - zoneOffsetMinutes(new Date(probe), timeZone) * 60_000);
  }
  const valid = [...candidates]
    .filter((t) => {
      const l = toLocalParts(new Date(t), timeZone);
      return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute) === wall;
    })
    .sort((a, b) => a - b);
  return valid.length ? new Date(valid[0] as number) : null;
}

/**
 * The instant a local day begins: its midnight, or — on a day whose midnight doesn't exist because the
 * clocks go forward at 00:00 (America/Santiago, Asia/Beirut, Africa/Cairo) — the moment of the change
 * (01:00 there). The one answer for every "from this date" bound; a day always has a start.
 */
export function localDayStart(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The midnight under the offset before and after any change near it; the earliest on the date wins.
  const candidates = [wall - 36e5 * 3, wall + 36e5 * 3]
    .map((probe) => wall - zoneOffsetMinutes(new Date(probe), timeZone) * 60_000)
    .filter((t) => localDateOf(new Date(t), timeZone) === date)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall);
}

/** The local calendar date (YYYY-MM-DD) of an instant in the zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const l = toLocalParts(instant, timeZone);
  return `${l.year}-${String(l.month).padStart(2, "0")}-${String(l.day).padStart(2, "0")}`;
}

/** Adds whole calendar days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Sum of a per-date map over `days` local dates from `from` (inclusive). */
export function sumDates(byDate: ReadonlyMap<string, number>, from: string, days: number): number {
  let total = 0;
  for (let i = 0; i < days; i++) total += byDate.get(addDays(from, i)) ?? 0;
  return total;
}

/** ISO weekday of a YYYY-MM-DD date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return wd === 0 ? 7 : wd;
}

/** "Tue 3 Mar, 09:30 GMT" — every time shown to a person carries the zone's name. */
export function formatDateTime(instant: Date, timeZone: string, locale = "en-GB"): string {
  const date = dateFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short" }).format(
    instant,
  );
  return `${date.replace(",", "")}, ${formatTime(instant, timeZone, locale)}`;
}

/** "09:30 BST" (a CSV of 100,000 rows calls this for each). */
export function formatTime(instant: Date, timeZone: string, locale = "en-GB"): string {
  const f = dateFormat(locale, {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  const parts = f.formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("hour")}:${get("minute")} ${get("timeZoneName")}`;
}

/** "Tuesday 3 March 2026" */
export function formatLongDate(instant: Date, timeZone: string, locale = "en-GB"): string {
  return dateFormat(locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(instant);
}

/** Minutes after midnight → "08:00". */
export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A duration in words: 90 → "1 h 30 min", 24 * 60 → "24 hours" style is left to callers. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * A job's length in words (ADR 0054): "8 h", or "8 h of work (30 min break)" when its span from
 * start to end is longer than its work (it goes on after a break of the day).
 */
export function formatJobLength(workMinutes: number, startsAt: Date, endsAt: Date): string {
  const span = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
  const paused = span - workMinutes;
  if (paused <= 0) return formatDuration(workMinutes);
  return `${formatDuration(workMinutes)} of work (${formatDuration(paused)} break)`;
}

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

/** "in 45 minutes", "in 5 hours", "tomorrow", "in 3 days": how soon an appointment starts, in words. */
export function startsInWords(startsAt: Date, now: Date): string {
  const minutes = Math.round((startsAt.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return "now";
  if (minutes < 60) return relative.format(minutes, "minute");
  if (minutes < 24 * 60) return relative.format(Math.round(minutes / 60), "hour");
  return relative.format(Math.round(minutes / (24 * 60)), "day");
}

const stamps = new Map<string, string>();

/**
 * "2026-03-30 09:30 BST": the local date and time with the zone's name, from one formatter call. For
 * exports of many rows: bookings share start times, so recent answers are kept (a bounded memo).
 */
export function formatLocalStamp(instant: Date, timeZone: string): string {
  const key = `${timeZone}|${instant.getTime()}`;
  const known = stamps.get(key);
  if (known) return known;
  const f = dateFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(instant)) p[part.type] = part.value;
  const stamp = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
  if (stamps.size >= 50_000) stamps.clear();
  stamps.set(key, stamp);
  return stamp;
}

/** "3 Mar 2026": a day in the business zone, short (tables). */
export function formatShortDate(instant: Date, timeZone: string, locale = "en-GB"): string {
  return dateFormat(locale, {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(instant);
}

/** "3 March 2027": a calendar date (YYYY-MM-DD, no zone involved), day first. */
export function formatCalendarDate(date: string, locale = "en-GB"): string {
  return dateFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
