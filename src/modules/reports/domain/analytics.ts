import { addDays, dateFormat } from "@/lib/dates";
import { type ReportRange, rangeOf } from "./range";

// /admin/analytics, pure: the previous period a range is compared with, the trend's grain, the
// comparison sentences the page reads out, the lead-time buckets and the weekday × hour grid.

/** The period just before the range, of the same number of local days (it ends the day before it starts). */
export function previousRange(range: ReportRange): ReportRange {
  const toDate = addDays(range.fromDate, -1);
  const fromDate = addDays(toDate, 1 - range.days);
  return rangeOf("custom", fromDate, toDate, range.timeZone);
}

/** Up to 92 days (a quarter) the trend is by day; a longer range is by month. */
export const DAILY_TREND_MAX_DAYS = 92;
export type TrendGrain = "day" | "month";
export function trendGrain(range: Pick<ReportRange, "days">): TrendGrain {
  return range.days <= DAILY_TREND_MAX_DAYS ? "day" : "month";
}

/** Every day or month key of a range, in order ("2026-11-01" or "2026-11"). */
export function periodKeys(range: Pick<ReportRange, "fromDate" | "toDate">, grain: TrendGrain): string[] {
  const keys: string[] = [];
  if (grain === "day") {
    for (let d = range.fromDate; d <= range.toDate; d = addDays(d, 1)) keys.push(d);
    return keys;
  }
  let [y, m] = range.fromDate.split("-").map(Number) as [number, number];
  const last = range.toDate.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    if (key > last) return keys;
    keys.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** "2046-12" → "Dec 2046" in the business locale. */
export function formatMonthKey(key: string, locale = "en-GB"): string {
  const [y, m] = key.split("-").map(Number) as [number, number];
  return dateFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** "2026-11-03" → "3 Nov" (or "Tue 3 Nov" with the weekday) in the business locale. */
export function formatDayKey(key: string, locale = "en-GB", weekday = false): string {
  return dateFormat(locale, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
    ...(weekday ? { weekday: "short" as const } : {}),
  })
    .format(new Date(`${key}T12:00:00Z`))
    .replace(",", "");
}

/** "the previous 30 days", "the previous day". */
export function previousLabel(days: number): string {
  return days === 1 ? "the previous day" : `the previous ${days} days`;
}

/** The change from `previous` to `current` in whole per cent; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/**
 * "Revenue up 12% on the previous 30 days (£1,200.00, against £1,071.43)." — and when the previous period
 * had none: "Revenue £120.00; no revenue in the previous 30 days." (never Infinity%).
 */
export function changeSentence(o: {
  /** "Revenue", "Bookings" — the sentence's subject. */
  label: string;
  /** The lower-case noun for "no …": "revenue", "bookings". */
  none: string;
  current: number;
  previous: number;
  days: number;
  format: (n: number) => string;
}): string {
  const before = previousLabel(o.days);
  const cur = o.format(o.current);
  const prev = o.format(o.previous);
  if (o.previous === 0 && o.current === 0) return `No ${o.none} in this period or ${before}.`;
  if (o.previous === 0) return `${o.label} ${cur}; no ${o.none} in ${before}.`;
  if (o.current === 0) return `No ${o.none} in this period, against ${prev} in ${before}.`;
  const change = percentChange(o.current, o.previous) ?? 0;
  if (change === 0) return `${o.label} ${cur}, level with ${before} (${prev}).`;
  const dir = change > 0 ? "up" : "down";
  return `${o.label} ${dir} ${Math.abs(change)}% on ${before} (${cur}, against ${prev}).`;
}

/** A rate in per cent with one decimal; null when the whole is zero. */
export function ratePercent(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

const pct = (n: number) => `${n.toFixed(1)}%`;

/**
 * "Cancellation rate 5.2% (12 of 230 bookings), up 1.1 points on the previous 30 days." A rate with no
 * bookings to count in either period says so.
 */
export function rateSentence(o: {
  label: string;
  part: number;
  whole: number;
  previousPart: number;
  previousWhole: number;
  days: number;
  /** "bookings", "customers". */
  of: string;
  /** The counts in words (default "12 of 230 bookings"). */
  detail?: (part: number, whole: number) => string;
}): string {
  const before = previousLabel(o.days);
  const now = ratePercent(o.part, o.whole);
  const then = ratePercent(o.previousPart, o.previousWhole);
  if (now === null) return `${o.label}: no ${o.of} in this period${then === null ? ` or ${before}` : ""}.`;
  const head = `${o.label} ${pct(now)} (${o.detail ? o.detail(o.part, o.whole) : `${o.part} of ${o.whole} ${o.of}`})`;
  if (then === null) return `${head}; no ${o.of} in ${before}.`;
  const diff = Math.round((now - then) * 10) / 10;
  if (diff === 0) return `${head}, level with ${before}.`;
  const points = Math.abs(diff).toFixed(1);
  return `${head}, ${diff > 0 ? "up" : "down"} ${points} ${points === "1.0" ? "point" : "points"} on ${before} (${pct(then)}).`;
}

// ── Lead time ─────────────────────────────────────────────────────────────────────────────────────

/**
 * How far ahead a job was booked: local days from the day it was booked to the day of the job, in the
 * business zone. Each bucket starts at `min` days and runs to the next bucket's start. The daily rollup
 * keeps lead days clamped to −1 … 365 (ADR 0037): no bucket may start after 365.
 */
export const LEAD_TIME_BUCKETS = [
  { min: 0, label: "Same day" },
  { min: 1, label: "Next day" },
  { min: 2, label: "2–6 days" },
  { min: 7, label: "1–2 weeks" },
  { min: 14, label: "2–4 weeks" },
  { min: 28, label: "4 weeks or more" },
] as const;

/** The bucket index of a lead time in days (negative days — booked after the fact — count as same day). */
export function leadBucket(days: number): number {
  let index = 0;
  LEAD_TIME_BUCKETS.forEach((b, i) => {
    if (days >= b.min) index = i;
  });
  return index;
}

// ── Weekday × hour ────────────────────────────────────────────────────────────────────────────────

export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
// Monday first, as ISO weekdays: the schedule's one list of day names.
export { WEEKDAY_NAMES } from "@/lib/time-ranges";

export type HeatCell = { weekday: number; hour: number; jobs: number };

export type HeatGrid = {
  /** The hours shown, first to last (at least 08:00–17:00, widened to every hour with a job). */
  hours: number[];
  /** rows[weekday - 1][hour index] = jobs starting then. */
  rows: number[][];
  max: number;
  /** The busiest slot, or null with no jobs. */
  busiest: HeatCell | null;
};

/** The sparse (ISO weekday, local hour, jobs) counts as a full grid. */
export function heatGrid(cells: HeatCell[]): HeatGrid {
  let first = 8;
  let last = 17;
  for (const c of cells) {
    if (c.jobs <= 0) continue;
    first = Math.min(first, c.hour);
    last = Math.max(last, c.hour);
  }
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const rows = WEEKDAY_LABELS.map(() => hours.map(() => 0));
  let busiest: HeatCell | null = null;
  for (const c of cells) {
    const row = rows[c.weekday - 1];
    if (!row || c.hour < first || c.hour > last) continue;
    row[c.hour - first] = c.jobs;
    if (c.jobs > 0 && (!busiest || c.jobs > busiest.jobs)) busiest = c;
  }
  return { hours, rows, max: busiest?.jobs ?? 0, busiest };
}

/** "09:00". */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The heat level (0 = none … 4 = busiest) of a count against the grid's maximum. */
export function heatLevel(jobs: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (jobs <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((jobs / max) * 4))) as 1 | 2 | 3 | 4;
}
