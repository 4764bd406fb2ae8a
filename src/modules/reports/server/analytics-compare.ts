import "server-only";
import type { trendGrain } from "../domain/analytics";
import { changeSentence, ratePercent } from "../domain/analytics";

// What every analytics block is made of: a figure beside the period before's, and the shapes the page
// draws (points, sentences, the screen reader's table).

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

export const pct = (n: number | null) => (n === null ? "—" : `${n.toFixed(1)}%`);

export const share = (part: number, whole: number) => pct(ratePercent(part, whole));

/** Two periods' rows merged by key: every key of either, in the current period's order first. */
export function compare<T>(
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

export function mixBlock(
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
      label: "Sold",
      none: "sales",
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

export type Ctx = {
  days: number;
  before: string;
  money: (n: number) => string;
  grain: ReturnType<typeof trendGrain>;
};
