"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatMoney } from "@/lib/money";

// The charts of /admin/analytics, drawn in the browser with Recharts — imported from the analytics page
// only, so no other page loads the library. Every figure and sentence comes from the server; each chart
// has a table beside it (the page's "Show as table"). Keyboard: Tab focuses a chart, the arrow keys move
// its tooltip from point to point (Recharts' accessibility layer). This period is solid brand colour,
// the previous period a dashed line or an outlined pale bar, so the two differ without colour.

export type ChartFormat = "money" | "count" | "percent";

const CURRENT = "var(--color-brand)";
const PREVIOUS = "var(--color-ink-subtle)";
const PREVIOUS_FILL = "var(--color-line-strong)";
const GRID = "var(--color-line)";
const TICK = { fill: "var(--color-ink-muted)", fontSize: 12 };

function formatter(format: ChartFormat, currency: string) {
  return (n: number) =>
    format === "money" ? formatMoney(n, currency) : format === "percent" ? `${n.toFixed(1)}%` : String(n);
}

/** An axis tick: money without pence, compact for big numbers. */
function axisFormatter(format: ChartFormat, currency: string) {
  return (n: number) => {
    if (format === "percent") return `${n}%`;
    if (format === "count") return String(n);
    const major = n / 100;
    return new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      notation: Math.abs(major) >= 10_000 ? "compact" : "standard",
      maximumFractionDigits: 0,
    }).format(major);
  };
}

/** Legend words in ink, whatever the series' colour (the pale previous bars would give pale text). */
const legend = {
  wrapperStyle: { fontSize: 13 },
  formatter: (value: string) => <span style={{ color: "var(--color-ink)" }}>{value}</span>,
};

const tooltipStyle = {
  wrapperStyle: { maxWidth: "min(18rem, 75vw)", whiteSpace: "normal" as const },
  contentStyle: {
    background: "var(--color-surface)",
    border: "1px solid var(--color-line-strong)",
    borderRadius: 8,
    color: "var(--color-ink)",
  },
  labelStyle: { color: "var(--color-ink)", fontWeight: 600 },
};

export type TrendChartPoint = { label: string; current: number; previous: number };

/** One measure over the range's days or months: this period a solid line, the previous a dashed one. */
export function TrendChart({
  title,
  points,
  format,
  currency,
  previousWords,
}: {
  title: string;
  points: TrendChartPoint[];
  format: ChartFormat;
  currency: string;
  previousWords: string;
}) {
  const fmt = formatter(format, currency);
  return (
    <div className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 4 }} title={title}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey="label" tick={TICK} tickLine={false} minTickGap={16} />
          <YAxis
            tick={TICK}
            tickLine={false}
            axisLine={false}
            width={format === "money" ? 64 : 36}
            allowDecimals={format !== "count"}
            tickFormatter={axisFormatter(format, currency)}
          />
          <Tooltip formatter={(v) => fmt(Number(v))} {...tooltipStyle} />
          <Legend {...legend} />
          <Line
            type="linear"
            dataKey="current"
            name="This period"
            stroke={CURRENT}
            strokeWidth={2.5}
            dot={points.length <= 31}
            isAnimationActive={false}
          />
          <Line
            type="linear"
            dataKey="previous"
            name={`Previous ${previousWords.replace(/^the previous /, "")}`}
            stroke={PREVIOUS}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * Bars per label, this period beside the previous one. `vertical` lays the bars sideways with the labels
 * down the left (names of services and teams read on a phone).
 */
export function CompareBarChart({
  title,
  points,
  format,
  currency,
  vertical = false,
}: {
  title: string;
  points: TrendChartPoint[];
  format: ChartFormat;
  currency: string;
  vertical?: boolean;
}) {
  const fmt = formatter(format, currency);
  const height = vertical ? Math.max(160, points.length * 48 + 60) : 256;
  const category = { dataKey: "label", tick: TICK, tickLine: false } as const;
  const value = {
    tick: TICK,
    tickLine: false,
    allowDecimals: format !== "count",
    tickFormatter: axisFormatter(format, currency),
  } as const;
  return (
    <div className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          layout={vertical ? "vertical" : "horizontal"}
          margin={{ top: 8, right: 12, bottom: 0, left: 4 }}
          barGap={2}
          title={title}
        >
          <CartesianGrid stroke={GRID} vertical={vertical} horizontal={!vertical} />
          {vertical ? (
            <>
              <XAxis type="number" {...value} />
              <YAxis type="category" {...category} width={120} />
            </>
          ) : (
            <>
              <XAxis {...category} interval={0} />
              <YAxis {...value} axisLine={false} width={format === "money" ? 64 : 44} />
            </>
          )}
          <Tooltip
            formatter={(v) => fmt(Number(v))}
            cursor={{ fill: "var(--color-canvas)" }}
            {...tooltipStyle}
          />
          <Legend {...legend} />
          <Bar dataKey="current" name="This period" fill={CURRENT} isAnimationActive={false} />
          <Bar
            dataKey="previous"
            name="Previous period"
            fill={PREVIOUS_FILL}
            stroke={PREVIOUS}
            strokeWidth={1}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
