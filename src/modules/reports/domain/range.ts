import { z } from "zod";
import { addDays, isoWeekday, isRealDate, localDateOf, localDayStart } from "@/lib/dates";

// The reports' date range, pure: a preset (or two dates) in the business time zone becomes the local
// dates it covers (both inclusive) and the half-open interval of instants [from, to) the SQL filters on.
// Local midnights come from lib/dates, so a range that spans a clock change is 23 or 25 hours longer or
// shorter, never an hour off at either end.

export const RANGE_PRESETS = [
  "today",
  "this_week",
  "last_week",
  "this_month",
  "last_month",
  "this_quarter",
  "this_year",
  "last_12_months",
  "custom",
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: "Today",
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  this_quarter: "This quarter",
  this_year: "This year",
  last_12_months: "Last 12 months",
  custom: "Custom dates",
};

export const DEFAULT_PRESET: RangePreset = "this_month";

/** The longest custom range: three years (a longer one is refused with a field message). */
export const MAX_RANGE_YEARS = 3;

export type ReportRange = {
  preset: RangePreset;
  /** First and last local dates, inclusive (YYYY-MM-DD). */
  fromDate: string;
  toDate: string;
  /** Number of local dates covered. */
  days: number;
  /** Half-open instants: the first instant of `fromDate` to the first instant of the day after `toDate`. */
  from: Date;
  to: Date;
  timeZone: string;
};

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const parts = (date: string) => date.split("-").map(Number) as [number, number, number];

/** Days in a month (month 1–12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whole calendar months added to a date; the day is clamped to the month's end (31 Mar − 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return ymd(year, month, Math.min(d, daysInMonth(year, month)));
}

function monthStart(date: string): string {
  const [y, m] = parts(date);
  return ymd(y, m, 1);
}

function monthEnd(date: string): string {
  const [y, m] = parts(date);
  return ymd(y, m, daysInMonth(y, m));
}

/** The local dates (inclusive) a preset covers on the local date `today`. */
export function presetDates(
  preset: Exclude<RangePreset, "custom">,
  today: string,
): { fromDate: string; toDate: string } {
  const monday = addDays(today, 1 - isoWeekday(today));
  const [y, m] = parts(today);
  switch (preset) {
    case "today":
      return { fromDate: today, toDate: today };
    case "this_week":
      return { fromDate: monday, toDate: addDays(monday, 6) };
    case "last_week":
      return { fromDate: addDays(monday, -7), toDate: addDays(monday, -1) };
    case "this_month":
      return { fromDate: monthStart(today), toDate: monthEnd(today) };
    case "last_month": {
      const first = addMonths(monthStart(today), -1);
      return { fromDate: first, toDate: monthEnd(first) };
    }
    case "this_quarter": {
      const first = ymd(y, Math.floor((m - 1) / 3) * 3 + 1, 1);
      return { fromDate: first, toDate: monthEnd(addMonths(first, 2)) };
    }
    case "this_year":
      return { fromDate: ymd(y, 1, 1), toDate: ymd(y, 12, 31) };
    case "last_12_months":
      // The twelve months up to and including today: 24 Nov 2025 … 23 Nov 2026.
      return { fromDate: addDays(addMonths(today, -12), 1), toDate: today };
  }
}

function dayCount(fromDate: string, toDate: string): number {
  return (
    Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** A range from its inclusive local dates. */
export function rangeOf(
  preset: RangePreset,
  fromDate: string,
  toDate: string,
  timeZone: string,
): ReportRange {
  return {
    preset,
    fromDate,
    toDate,
    days: dayCount(fromDate, toDate),
    from: localDayStart(fromDate, timeZone),
    to: localDayStart(addDays(toDate, 1), timeZone),
    timeZone,
  };
}

/** A preset's range at the instant `now` in the zone. */
export function presetRange(
  preset: Exclude<RangePreset, "custom">,
  now: Date,
  timeZone: string,
): ReportRange {
  const { fromDate, toDate } = presetDates(preset, localDateOf(now, timeZone));
  return rangeOf(preset, fromDate, toDate, timeZone);
}

const realDate = isRealDate;

const dateField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label} date.`)
    .refine(realDate, `Enter the ${label} date as a real date, for example 2026-03-01.`);

/** The range form's fields as the URL carries them: ?range=…&from=…&to=…. */
export const reportRangeQuerySchema = z
  .object({
    range: z.enum(RANGE_PRESETS).catch(DEFAULT_PRESET),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== "custom") return;
    const from = dateField("first").safeParse(q.from ?? "");
    const to = dateField("last").safeParse(q.to ?? "");
    if (!from.success)
      ctx.addIssue({ code: "custom", path: ["from"], message: from.error.issues[0]?.message });
    if (!to.success) ctx.addIssue({ code: "custom", path: ["to"], message: to.error.issues[0]?.message });
    if (!from.success || !to.success) return;
    if (from.data > to.data) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last date must be on or after the first." });
    } else if (to.data >= addMonths(from.data, 12 * MAX_RANGE_YEARS)) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Choose at most ${MAX_RANGE_YEARS} years: the last date must be before ${addMonths(from.data, 12 * MAX_RANGE_YEARS)}.`,
      });
    }
  });

export type RangeFieldErrors = Partial<Record<"from" | "to", string>>;

export type ParsedRange =
  | { ok: true; range: ReportRange }
  | {
      ok: false;
      errors: RangeFieldErrors;
      /** What the person typed, to put back in the form. */
      input: { from: string; to: string };
    };

type SearchParamsLike = { get(name: string): string | null };

/** The URL's range: a preset (unknown or missing → this month) or valid custom dates, or field messages. */
export function parseReportRange(params: SearchParamsLike, now: Date, timeZone: string): ParsedRange {
  const raw = {
    range: params.get("range") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  };
  const parsed = reportRangeQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const errors: RangeFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "from" || field === "to") && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors, input: { from: raw.from ?? "", to: raw.to ?? "" } };
  }
  const q = parsed.data;
  if (q.range === "custom")
    return { ok: true, range: rangeOf("custom", q.from?.trim() ?? "", q.to?.trim() ?? "", timeZone) };
  return { ok: true, range: presetRange(q.range, now, timeZone) };
}

/** The query string that reopens a range (for links and the CSV downloads). */
export function rangeQuery(range: Pick<ReportRange, "preset" | "fromDate" | "toDate">): string {
  const p = new URLSearchParams({ range: range.preset });
  if (range.preset === "custom") {
    p.set("from", range.fromDate);
    p.set("to", range.toDate);
  }
  return p.toString();
}
