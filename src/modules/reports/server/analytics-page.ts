import "server-only";
import { formatMoney } from "@/lib/money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import {
  type HeatGrid,
  previousLabel,
  previousRange,
  type TrendGrain,
  trendGrain,
} from "../domain/analytics";
import { type ParsedRange, parseReportRange, type ReportRange } from "../domain/range";
import { servicesReport, vehicleSizesReport } from "./aggregates";
import * as analytics from "./analytics";
import { assertReportsViewer } from "./reports-page";
import { teamUtilisation } from "./team-utilisation";
import type { AnalyticsTrendPoint, ComparePoint, Ctx, FallbackTable } from "./analytics-compare";
import { heatBlockOf, mixBlocksOf, trendBlockOf } from "./analytics-blocks";
import { leadBlockOf, ratesBlockOf, teamsBlockOf } from "./analytics-rate-blocks";

// /admin/analytics: every chart's figures for the range and the period of equal length before it, read
// in parallel (each one SQL aggregate), with the sentences that say what changed and the table each
// chart falls back to — all computed here, so the client only draws.

type SearchParamsLike = { get(name: string): string | null };

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
    analytics.bookingTrend(db, range, grain),
    analytics.bookingTrend(db, previous, grain),
    analytics.categoryMix(db, range),
    analytics.categoryMix(db, previous),
    servicesReport(db, range),
    servicesReport(db, previous),
    vehicleSizesReport(db, range),
    vehicleSizesReport(db, previous),
    analytics.weekdayHourHeat(db, range),
    analytics.leadTimes(db, range),
    analytics.leadTimes(db, previous),
    analytics.bookingRates(db, range),
    analytics.bookingRates(db, previous),
    analytics.repeatCustomers(db, range),
    analytics.repeatCustomers(db, previous),
    teamUtilisation(db, range),
    teamUtilisation(db, previous),
  ]);
  const days = range.days;
  const before = previousLabel(days);
  const c: Ctx = { days, before, money: (n: number) => formatMoney(n, currency), grain };
  return {
    range,
    previous,
    currency,
    grain,
    previousWords: before,
    trend: trendBlockOf(c, { range, previous }, trend, trendBefore),
    mix: mixBlocksOf(
      c,
      { categories, services: servicesNow, sizes },
      { categories: categoriesBefore, services: servicesBefore, sizes: sizesBefore },
    ),
    heat: heatBlockOf(heat),
    lead: leadBlockOf(c, lead, leadBefore),
    rates: ratesBlockOf(c, { rates, repeat }, { rates: ratesBefore, repeat: repeatBefore }),
    teams: teamsBlockOf(c, teams, teamsBefore),
  };
}

/** For the page: the request's database. */
export async function loadAnalyticsPage(
  viewer: Pick<SessionUser, "role"> | null,
  params: SearchParamsLike,
): Promise<AnalyticsPage> {
  return getAnalyticsPage(await getDb(), viewer, params);
}
