import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { textLinkClass } from "@/components/ui/link";
import { heatLevel, hourLabel, type HeatGrid, WEEKDAY_LABELS, WEEKDAY_NAMES } from "../domain/analytics";
import type { FallbackTable } from "../server/analytics-page";

// The analytics page's server-rendered parts: a chart's card (title, the server's summary sentences, the
// chart, and its table behind "Show as table"), and the weekday × hour heat map, which is itself a table.

export function FallbackTableView({ table, className }: { table: FallbackTable; className?: string }) {
  return (
    <div
      className={cn("overflow-x-auto", className)}
      tabIndex={0}
      role="region"
      aria-label={`${table.caption} (table)`}
    >
      <table className="w-full min-w-max border-collapse text-sm tabular-nums">
        <caption className="sr-only">{table.caption}</caption>
        <thead>
          <tr className="border-b border-line-strong">
            {table.columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={cn("px-3 py-2 font-medium text-ink-muted", c.numeric ? "text-right" : "text-left")}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => {
            const total = row[0] === "Total";
            return (
              <tr key={r} className={cn("border-b border-line", total && "font-semibold")}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={i}
                      className={cn(
                        "px-3 py-2 whitespace-nowrap",
                        table.columns[i]?.numeric ? "text-right" : "text-left",
                      )}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ChartCard({
  id,
  title,
  summary,
  table,
  children,
  className,
}: {
  id: string;
  title: string;
  summary: string[];
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
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label="Jobs by weekday and starting hour (scrolls sideways)"
    >
      <table className="border-separate border-spacing-1 text-xs tabular-nums">
        <caption className="sr-only">Jobs by weekday and starting hour</caption>
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
      </table>
    </div>
  );
}
