import "server-only";
import {
  changeSentence,
  formatDayKey,
  formatMonthKey,
  heatGrid,
  hourLabel,
  periodKeys,
  WEEKDAY_NAMES,
} from "../domain/analytics";
import { type ReportRange } from "../domain/range";
import type { servicesReport, vehicleSizesReport } from "./aggregates";
import type { bookingTrend, categoryMix, weekdayHourHeat } from "./analytics";
import type { AnalyticsTrendPoint, Ctx } from "./analytics-compare";
import { compare, mixBlock } from "./analytics-compare";

// The analytics page's blocks (ADR 0037): each chart's points, the sentences that say what it shows, and
// the table that holds the same figures for a screen reader — this period beside the one before.

/** Trend: every day (or month) of the range beside the same position in the previous period. */
export function trendBlockOf(
  c: Ctx,
  ranges: { range: ReportRange; previous: ReportRange },
  trend: Awaited<ReturnType<typeof bookingTrend>>,
  trendBefore: Awaited<ReturnType<typeof bookingTrend>>,
) {
  const { days, before, money, grain } = c;
  const { range, previous } = ranges;
  const periodLabel = (key: string) => (grain === "day" ? formatDayKey(key) : formatMonthKey(key));
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
        label: "Booked",
        none: "booked value",
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
      caption: grain === "day" ? "Jobs and booked value by day" : "Jobs and booked value by month",
      columns: [
        { label: grain === "day" ? "Date" : "Month", numeric: false },
        { label: "Jobs", numeric: true },
        { label: "Booked", numeric: true },
        { label: `Jobs, ${before}`, numeric: true },
        { label: `Booked, ${before}`, numeric: true },
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

  return trendBlock;
}

/** Revenue by category, service and vehicle size, each beside the period before. */
export function mixBlocksOf(
  c: Ctx,
  now: {
    categories: Awaited<ReturnType<typeof categoryMix>>;
    services: Awaited<ReturnType<typeof servicesReport>>;
    sizes: Awaited<ReturnType<typeof vehicleSizesReport>>;
  },
  was: {
    categories: Awaited<ReturnType<typeof categoryMix>>;
    services: Awaited<ReturnType<typeof servicesReport>>;
    sizes: Awaited<ReturnType<typeof vehicleSizesReport>>;
  },
) {
  const { days, money } = c;
  const [categories, categoriesBefore] = [now.categories, was.categories];
  const [servicesNow, servicesBefore] = [now.services, was.services];
  const [sizes, sizesBefore] = [now.sizes, was.sizes];
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

  return {
    category: mixBlock("Sold by category", "Category", categoryPoints, mixTotals, days, money),
    service: mixBlock("Sold by service", "Service", servicePoints, mixTotals, days, money),
    size: mixBlock("Sold by vehicle size", "Vehicle size", sizePoints, mixTotals, days, money),
  };
}

/** Heat map: this period only. */
export function heatBlockOf(heat: Awaited<ReturnType<typeof weekdayHourHeat>>) {
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

  return heatBlock;
}
