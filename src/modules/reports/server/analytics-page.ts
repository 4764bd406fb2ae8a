import "server-only";
import { formatMoney } from "@/lib/money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import {
  changeSentence,
  formatDayKey,
  formatMonthKey,
  heatGrid,
  hourLabel,
  LEAD_TIME_BUCKETS,
  type HeatGrid,
  periodKeys,
  previousLabel,
  previousRange,
  ratePercent,
  rateSentence,
  type TrendGrain,
  trendGrain,
  WEEKDAY_NAMES,
} from "../domain/analytics";
import { type ParsedRange, parseReportRange, type ReportRange } from "../domain/range";
import { servicesReport, vehicleSizesReport } from "./aggregates";
import {
  bookingRates,
  bookingTrend,
  categoryMix,
  leadTimes,
  repeatCustomers,
  weekdayHourHeat,
} from "./analytics";
import { assertReportsViewer } from "./reports-page";
import { teamUtilisation } from "./report-tables";

// /admin/analytics: every chart's figures for the range and the period of equal length before it, read
// in parallel (each one SQL aggregate), with the sentences that say what changed and the table each
// chart falls back to — all computed here, so the client only draws.

type SearchParamsLike = { get(name: string): string | null };

/** A chart's accessible table: its cells already formatted for people. */
export type FallbackTable = {
  caption: string;
  columns: { label: string; numeric: boolean }[];
  rows: string[][];
};

/** A chart's bars: one label, this period's value and the previous period's. */
export type ComparePoint = { label: string; current: number; previous: number };

export type AnalyticsTrendPoint = {
  label: string;
  bookings: number;
  revenueMinor: number;
  previousBookings: number;
  previousRevenueMinor: number;
};

export type AnalyticsData = {
  range: ReportRange;
  previous: ReportRange;
  currency: string;
  grain: TrendGrain;
  /** "the previous 30 days". */
  previousWords: string;
  trend: { points: AnalyticsTrendPoint[]; summary: string[]; table: FallbackTable };
  mix: {
    category: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
    service: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
    size: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
  };
  heat: { grid: HeatGrid; summary: string[]; table: FallbackTable };
  lead: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
  /** Cancellation, no-show, reschedule and repeat-customer rates, in per cent. */
  rates: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
  /** Utilisation per team, in per cent. */
  teams: { points: ComparePoint[]; summary: string[]; table: FallbackTable };
};

export type AnalyticsPage =
  | { ok: true; parsed: ParsedRange & { ok: true }; timeZone: string; data: AnalyticsData }
  | { ok: false; parsed: ParsedRange & { ok: false }; timeZone: string };

const pct = (n: number | null) => (n === null ? "—" : `${n.toFixed(1)}%`);
const share = (part: number, whole: number) => pct(ratePercent(part, whole));

/** Two periods' rows merged by key: every key of either, in the current period's order first. */
function compare<T>(
  current: T[],
  previous: T[],
  key: (r: T) => string,
  value: (r: T) => number,
  label: (k: string) => string,
): ComparePoint[] {
  const prev = new Map(previous.map((r) => [key(r), value(r)]));
  const seen = new Set<string>();
  const out: ComparePoint[] = [];
  for (const r of current) {
    const k = key(r);
    seen.add(k);
    out.push({ label: label(k), current: value(r), previous: prev.get(k) ?? 0 });
  }
  for (const r of previous)
    if (!seen.has(key(r))) out.push({ label: label(key(r)), current: 0, previous: value(r) });
  return out;
}

function mixBlock(
  title: string,
  what: string,
  points: ComparePoint[],
  totals: { current: number; previous: number },
  days: number,
  money: (n: number) => string,
) {
  const top = points[0];
  const summary = [
    top && top.current > 0
      ? `${top.label} brought the most: ${money(top.current)}, ${share(top.current, totals.current)} of ${money(totals.current)}.`
      : `Nothing was sold in this period.`,
    changeSentence({
      label: "Services revenue",
      none: "services revenue",
      current: totals.current,
      previous: totals.previous,
      days,
      format: money,
    }),
  ];
  const table: FallbackTable = {
    caption: title,
    columns: [
      { label: what, numeric: false },
      { label: "Revenue", numeric: true },
      { label: "Share", numeric: true },
      { label: "Previous period", numeric: true },
    ],
    rows: [
      ...points.map((p) => [p.label, money(p.current), share(p.current, totals.current), money(p.previous)]),
      ["Total", money(totals.current), totals.current > 0 ? "100.0%" : "—", money(totals.previous)],
    ],
  };
  return { points, summary, table };
}

export async function getAnalyticsPage(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
  now = new Date(),
): Promise<AnalyticsPage> {
  assertReportsViewer(viewer);
  const { timeZone, currency } = await getSettingsOrThrow(db);
  const parsed = parseReportRange(params, now, timeZone);
  if (!parsed.ok) return { ok: false, parsed, timeZone };
  return { ok: true, parsed, timeZone, data: await analyticsData(db, parsed.range, currency) };
}

/** Every chart's figures for a range against the period before it. */
export async function analyticsData(
  db: DbOrTx,
  range: ReportRange,
  currency: string,
): Promise<AnalyticsData> {
  const previous = previousRange(range);
  const grain = trendGrain(range);
  const [
    trend,
    trendBefore,
    categories,
    categoriesBefore,
    servicesNow,
    servicesBefore,
    sizes,
    sizesBefore,
    heat,
    lead,
    leadBefore,
    rates,
    ratesBefore,
    repeat,
    repeatBefore,
    teams,
    teamsBefore,
  ] = await Promise.all([
    bookingTrend(db, range, grain),
    bookingTrend(db, previous, grain),
    categoryMix(db, range),
    categoryMix(db, previous),
    servicesReport(db, range),
    servicesReport(db, previous),
    vehicleSizesReport(db, range),
    vehicleSizesReport(db, previous),
    weekdayHourHeat(db, range),
    leadTimes(db, range),
    leadTimes(db, previous),
    bookingRates(db, range),
    bookingRates(db, previous),
    repeatCustomers(db, range),
    repeatCustomers(db, previous),
    teamUtilisation(db, range),
    teamUtilisation(db, previous),
  ]);
  const days = range.days;
  const before = previousLabel(days);
  const money = (n: number) => formatMoney(n, currency);
  const periodLabel = (key: string) => (grain === "day" ? formatDayKey(key) : formatMonthKey(key));

  // Trend: every day (or month) of the range beside the same position in the previous period.
  const keys = periodKeys(range, grain);
  const keysBefore = periodKeys(previous, grain);
  const byKey = new Map(trend.rows.map((r) => [r.period, r]));
  const byKeyBefore = new Map(trendBefore.rows.map((r) => [r.period, r]));
  const points: AnalyticsTrendPoint[] = keys.map((k, i) => {
    const b = byKeyBefore.get(keysBefore[i] ?? "");
    return {
      label: periodLabel(k),
      bookings: byKey.get(k)?.bookings ?? 0,
      revenueMinor: byKey.get(k)?.revenueMinor ?? 0,
      previousBookings: b?.bookings ?? 0,
      previousRevenueMinor: b?.revenueMinor ?? 0,
    };
  });
  const trendBlock = {
    points,
    summary: [
      changeSentence({
        label: "Revenue",
        none: "revenue",
        current: trend.total.revenueMinor,
        previous: trendBefore.total.revenueMinor,
        days,
        format: money,
      }),
      changeSentence({
        label: "Bookings",
        none: "bookings",
        current: trend.total.bookings,
        previous: trendBefore.total.bookings,
        days,
        format: String,
      }),
    ],
    table: {
      caption: grain === "day" ? "Bookings and revenue by day" : "Bookings and revenue by month",
      columns: [
        { label: grain === "day" ? "Date" : "Month", numeric: false },
        { label: "Jobs", numeric: true },
        { label: "Revenue", numeric: true },
        { label: `Jobs, ${before}`, numeric: true },
        { label: `Revenue, ${before}`, numeric: true },
      ],
      rows: [
        ...keys.map((k, i) => {
          const p = points[i] as AnalyticsTrendPoint;
          return [
            grain === "day" ? formatDayKey(k, "en-GB", true) : formatMonthKey(k),
            String(p.bookings),
            money(p.revenueMinor),
            String(p.previousBookings),
            money(p.previousRevenueMinor),
          ];
        }),
        [
          "Total",
          String(trend.total.bookings),
          money(trend.total.revenueMinor),
          String(trendBefore.total.bookings),
          money(trendBefore.total.revenueMinor),
        ],
      ],
    },
  };

  const mixTotals = { current: servicesNow.total.revenueMinor, previous: servicesBefore.total.revenueMinor };
  const categoryPoints = compare(
    categories.rows,
    categoriesBefore.rows,
    (r) => r.name,
    (r) => r.revenueMinor,
    (k) => k || "No category (service deleted)",
  );
  const servicePoints = compare(
    servicesNow.rows,
    servicesBefore.rows,
    (r) => `${r.kind}:${r.name}`,
    (r) => r.revenueMinor,
    (k) => {
      const [kind, ...name] = k.split(":");
      return `${name.join(":")}${kind === "addon" ? " (add-on)" : ""}`;
    },
  );
  const sizePoints = compare(
    sizes.rows,
    sizesBefore.rows,
    (r) => r.size,
    (r) => r.revenueMinor,
    (k) => k || "Not recorded",
  );

  // Heat map: this period only.
  const grid = heatGrid(heat);
  const heatRows = WEEKDAY_NAMES.map((day, i) => [day, ...(grid.rows[i] ?? []).map(String)]);
  const heatBlock = {
    grid,
    summary: [
      grid.busiest
        ? `The busiest time is ${WEEKDAY_NAMES[grid.busiest.weekday - 1]} at ${hourLabel(grid.busiest.hour)}, with ${grid.busiest.jobs} ${grid.busiest.jobs === 1 ? "job" : "jobs"} starting then.`
        : "No job starts in this period.",
    ],
    table: {
      caption: "Jobs by weekday and starting hour",
      columns: [
        { label: "Day", numeric: false },
        ...grid.hours.map((h) => ({ label: hourLabel(h), numeric: true })),
      ],
      rows: heatRows,
    },
  };

  // Lead time.
  const leadPoints = LEAD_TIME_BUCKETS.map((b, i) => ({
    label: b.label,
    current: lead.buckets[i] ?? 0,
    previous: leadBefore.buckets[i] ?? 0,
  }));
  const topLead = leadPoints.reduce<ComparePoint | null>(
    (best, p) => (p.current > (best?.current ?? 0) ? p : best),
    null,
  );
  const shortNotice = (lead.buckets[0] ?? 0) + (lead.buckets[1] ?? 0);
  const leadBlock = {
    points: leadPoints,
    summary: topLead
      ? [
          `Most jobs were booked ${topLead.label === "Same day" ? "on the day" : topLead.label === "Next day" ? "the day before" : `${topLead.label} ahead`}: ${topLead.current} of ${lead.total} (${share(topLead.current, lead.total)}).`,
          rateSentence({
            label: "Booked on the day or the day before",
            part: shortNotice,
            whole: lead.total,
            previousPart: (leadBefore.buckets[0] ?? 0) + (leadBefore.buckets[1] ?? 0),
            previousWhole: leadBefore.total,
            days,
            of: "jobs",
          }),
        ]
      : ["No job in this period to measure."],
    table: {
      caption: "How far ahead jobs were booked",
      columns: [
        { label: "Booked ahead", numeric: false },
        { label: "Jobs", numeric: true },
        { label: "Share", numeric: true },
        { label: `Jobs, ${before}`, numeric: true },
        { label: `Share, ${before}`, numeric: true },
      ],
      rows: [
        ...leadPoints.map((p) => [
          p.label,
          String(p.current),
          share(p.current, lead.total),
          String(p.previous),
          share(p.previous, leadBefore.total),
        ]),
        [
          "Total",
          String(lead.total),
          lead.total ? "100.0%" : "—",
          String(leadBefore.total),
          leadBefore.total ? "100.0%" : "—",
        ],
      ],
    },
  };

  // Rates.
  const rateRows = [
    {
      label: "Cancelled",
      part: rates.cancelled,
      was: ratesBefore.cancelled,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "Cancellation rate",
    },
    {
      label: "No-show",
      part: rates.noShows,
      was: ratesBefore.noShows,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "No-show rate",
    },
    {
      label: "Rescheduled",
      part: rates.rescheduled,
      was: ratesBefore.rescheduled,
      whole: rates.bookings,
      wholeWas: ratesBefore.bookings,
      of: "bookings",
      sentence: "Reschedule rate",
    },
    {
      label: "Repeat customers",
      part: repeat.repeat,
      was: repeatBefore.repeat,
      whole: repeat.customers,
      wholeWas: repeatBefore.customers,
      of: "customers",
      sentence: "Repeat-customer rate",
    },
  ];
  const ratesBlock = {
    points: rateRows.map((r) => ({
      label: r.label,
      current: ratePercent(r.part, r.whole) ?? 0,
      previous: ratePercent(r.was, r.wholeWas) ?? 0,
    })),
    summary: rateRows.map((r) =>
      rateSentence({
        label: r.sentence,
        part: r.part,
        whole: r.whole,
        previousPart: r.was,
        previousWhole: r.wholeWas,
        days,
        of: r.of,
      }),
    ),
    table: {
      caption: "Cancellation, no-show, reschedule and repeat-customer rates",
      columns: [
        { label: "Rate", numeric: false },
        { label: "This period", numeric: true },
        { label: "Count", numeric: true },
        { label: `Rate, ${before}`, numeric: true },
        { label: `Count, ${before}`, numeric: true },
      ],
      rows: rateRows.map((r) => [
        r.label,
        share(r.part, r.whole),
        `${r.part} of ${r.whole}`,
        share(r.was, r.wholeWas),
        `${r.was} of ${r.wholeWas}`,
      ]),
    },
  };

  // Utilisation by team.
  const util = (r: { bookedMinutes: number; openMinutes: number }) =>
    ratePercent(r.bookedMinutes, r.openMinutes);
  const hours = (m: number) => `${(Math.round(m / 6) / 10).toFixed(1)} h`;
  const teamPoints = compare(
    teams.rows,
    teamsBefore.rows,
    (r) => r.label,
    (r) => util(r) ?? 0,
    (k) => k,
  );
  const beforeByTeam = new Map(teamsBefore.rows.map((r) => [r.label, r]));
  const teamsBlock = {
    points: teamPoints,
    summary: [
      teams.total.openMinutes > 0
        ? rateSentence({
            label: "Utilisation",
            part: teams.total.bookedMinutes,
            whole: teams.total.openMinutes,
            previousPart: teamsBefore.total.bookedMinutes,
            previousWhole: teamsBefore.total.openMinutes,
            days,
            of: "open hours",
            detail: (part, whole) => `${hours(part)} booked of ${hours(whole)} open`,
          })
        : "The opening hours give the teams no open time in this period.",
    ],
    table: {
      caption: "Utilisation by team",
      columns: [
        { label: "Team", numeric: false },
        { label: "Booked", numeric: true },
        { label: "Open", numeric: true },
        { label: "Utilisation", numeric: true },
        { label: `Utilisation, ${before}`, numeric: true },
      ],
      rows: [
        ...teams.rows.map((r) => {
          const b = beforeByTeam.get(r.label);
          const was = b ? util(b) : null;
          return [r.label, hours(r.bookedMinutes), hours(r.openMinutes), pct(util(r)), pct(was)];
        }),
        [
          "Total",
          hours(teams.total.bookedMinutes),
          hours(teams.total.openMinutes),
          pct(util(teams.total)),
          pct(util(teamsBefore.total)),
        ],
      ],
    },
  };

  return {
    range,
    previous,
    currency,
    grain,
    previousWords: before,
    trend: trendBlock,
    mix: {
      category: mixBlock("Revenue by category", "Category", categoryPoints, mixTotals, days, money),
      service: mixBlock("Revenue by service", "Service", servicePoints, mixTotals, days, money),
      size: mixBlock("Revenue by vehicle size", "Vehicle size", sizePoints, mixTotals, days, money),
    },
    heat: heatBlock,
    lead: leadBlock,
    rates: ratesBlock,
    teams: teamsBlock,
  };
}

/** For the page: the request's database. */
export async function loadAnalyticsPage(
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
): Promise<AnalyticsPage> {
  return getAnalyticsPage(await getDb(), viewer, params);
}
