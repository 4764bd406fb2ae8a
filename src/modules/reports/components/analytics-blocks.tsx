import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { textLinkClass } from "@/components/ui/link";
import {
  PlainHead,
  PlainRow,
  PlainRowTh,
  PlainTable,
  PlainTd,
  PlainTh,
  ScrollRegion,
} from "@/components/ui/data/table";
import { heatLevel, hourLabel, type HeatGrid, WEEKDAY_LABELS, WEEKDAY_NAMES } from "../domain/analytics";
import type { FallbackTable } from "../server/analytics-compare";

// The analytics page's server-rendered parts: a chart's card (title, the server's summary sentences, the
// chart, and its table behind "Show as table"), and the weekday × hour heat map, which is itself a table.

export function FallbackTableView({ table, className }: { table: FallbackTable; className?: string }) {
  return (
    <ScrollRegion label={`${table.caption} (table)`} className={className}>
      <PlainTable caption={table.caption} className="min-w-max tabular-nums">
        <PlainHead className="border-line-strong">
          {table.columns.map((c) => (
            <PlainTh key={c.label} numeric={c.numeric} className="px-3">
              {c.label}
            </PlainTh>
          ))}
        </PlainHead>
        <tbody>
          {table.rows.map((row, r) => (
            <PlainRow key={r} className={row[0] === "Total" ? "font-semibold" : undefined}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <PlainRowTh key={i} className="px-3 font-medium whitespace-nowrap">
                    {cell}
                  </PlainRowTh>
                ) : (
                  <PlainTd
                    key={i}
                    className={cn(
                      "px-3 whitespace-nowrap",
                      table.columns[i]?.numeric ? "text-right" : "text-left",
                    )}
                  >
                    {cell}
                  </PlainTd>
                ),
              )}
            </PlainRow>
          ))}
        </tbody>
      </PlainTable>
    </ScrollRegion>
  );
}

export function ChartCard({
  id,
  title,
  summary,
  table,
  children,
  className,
  counts,
}: {
  id: string;
  title: string;
  summary: string[];
  /** What the figure counts, in the words of its definition (lib/booking/revenue-terms). */
  counts?: string;
  table?: FallbackTable;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `chart-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("min-w-0 rounded-card border border-line bg-surface p-4 shadow-card sm:p-5", className)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-1 space-y-1 text-sm text-ink-muted" data-testid={`summary-${id}`}>
        {summary.map((s) => (
          <p key={s}>{s}</p>
        ))}
      </div>
      {counts && <p className="mt-1 text-xs text-ink-subtle">{counts}</p>}
      <div className="mt-4">{children}</div>
      {table && (
        <details className="group mt-3">
          <summary
            className={textLinkClass({
              tone: "ink",
              underline: "hover",
              touch: "always",
              className: "cursor-pointer text-sm",
            })}
          >
            <span className="group-open:hidden">Show as table</span>
            <span className="hidden group-open:inline">Hide the table</span>
            <span className="sr-only">: {table.caption}</span>
          </summary>
          <FallbackTableView table={table} className="mt-2" />
        </details>
      )}
    </section>
  );
}

const LEVEL_CLASS = [
  "bg-canvas text-ink-muted",
  "bg-brand/10 text-ink",
  "bg-brand/25 text-ink",
  "bg-brand/50 text-ink",
  "bg-brand text-white",
] as const;

/**
 * Jobs by weekday and starting hour: a table whose cells are shaded by how busy they are (the count is
 * written in each, so nothing is said by colour alone). On a phone it scrolls sideways.
 */
export function HeatMapTable({ grid }: { grid: HeatGrid }) {
  return (
    <ScrollRegion label="Jobs by weekday and starting hour (scrolls sideways)">
      <PlainTable
        caption="Jobs by weekday and starting hour"
        className="w-auto border-separate border-spacing-1 text-xs tabular-nums"
      >
        <thead>
          <tr>
            <td />
            {grid.hours.map((h) => (
              <th key={h} scope="col" className="px-1 text-center font-medium text-ink-muted">
                {hourLabel(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row, d) => (
            <tr key={WEEKDAY_NAMES[d]}>
              <th scope="row" className="pr-2 text-left font-medium text-ink-muted">
                <abbr title={WEEKDAY_NAMES[d]} className="no-underline">
                  {WEEKDAY_LABELS[d]}
                </abbr>
              </th>
              {row.map((jobs, h) => (
                <td
                  key={grid.hours[h]}
                  className={cn(
                    "h-9 min-w-11 rounded-md text-center font-medium",
                    LEVEL_CLASS[heatLevel(jobs, grid.max)],
                  )}
                >
                  {jobs}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </ScrollRegion>
  );
}
