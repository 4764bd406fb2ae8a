import { cn } from "@/components/ui/cn";
import { dateFormat } from "@/lib/dates";
import { PlainTable, ScrollRegion } from "@/components/ui/data/table";
import { heatLevel, sparklinePoints } from "../domain/board";
import type { Board, BoardKpi } from "../server/board";

// The board's server-rendered panels: KPI tiles with a sparkline each (small inline SVG: no chart library
// on this page) and the 14-day capacity heat map as a table, numbers in every cell.

const W = 112;
const H = 32;

function Sparkline({ kpi }: { kpi: BoardKpi }) {
  const max = Math.max(0, ...kpi.current, ...kpi.previous);
  // The x scale is the week's seven days for both lines, so a week "so far" ends part-way along.
  const step = W / 6;
  const width = (n: number) => Math.max(0, n - 1) * step;
  return (
    <svg
      viewBox={`-2 -2 ${W + 4} ${H + 4}`}
      width={W}
      height={H}
      aria-hidden="true"
      className="overflow-visible"
    >
      <polyline
        points={sparklinePoints(kpi.previous, max, width(kpi.previous.length), H)}
        fill="none"
        className="stroke-ink-subtle"
        strokeWidth={1.5}
        strokeDasharray="3 3"
      />
      <polyline
        points={sparklinePoints(kpi.current, max, width(kpi.current.length), H)}
        fill="none"
        className="stroke-brand"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {/* Today's point, so a week one day old still shows its value. */}
      {kpi.current.length > 0 && (
        <circle
          cx={width(kpi.current.length)}
          cy={H - (Math.max(0, kpi.current.at(-1) ?? 0) / (max > 0 ? max : 1)) * H}
          r={2.5}
          className="fill-brand"
        />
      )}
    </svg>
  );
}

const DELTA_CLASS = { up: "text-success", down: "text-danger", same: "text-ink-muted" } as const;

export function BoardKpis({ kpis }: { kpis: BoardKpi[] }) {
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {kpis.map((k) => (
        <li key={k.key} className="rounded-card border border-line bg-surface p-4 shadow-card">
          <p className="text-sm font-medium text-ink-muted">{k.label}</p>
          <div className="mt-1 flex flex-wrap items-end justify-between gap-2">
            <p className="text-2xl font-semibold tabular-nums">{k.value}</p>
            <Sparkline kpi={k} />
          </div>
          <p className={cn("mt-1 text-sm", DELTA_CLASS[k.delta.direction])}>{k.delta.words}</p>
          <p className="sr-only">{k.summary}</p>
          <p className="mt-1 text-xs text-ink-subtle">{k.help}</p>
        </li>
      ))}
    </ul>
  );
}

/** The sparklines' key, inline: it sits in a section's description, which is already a paragraph. */
export function SparklineKey() {
  return (
    <span className="block text-xs" aria-hidden="true">
      <span className="mr-1 inline-block h-0.5 w-4 bg-brand align-middle" /> this week, by day
      <span className="mr-1 ml-3 inline-block w-4 border-t-2 border-dashed border-ink-subtle align-middle" />{" "}
      last week
    </span>
  );
}

const LEVEL_CLASS = [
  "bg-surface text-ink-muted",
  "bg-brand/10 text-ink",
  "bg-brand/25 text-ink",
  "bg-brand/45 text-ink",
  "bg-brand text-white",
] as const;

const hours = (minutes: number) => {
  const m = Math.round(minutes);
  return m % 60 === 0 ? `${m / 60}h` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}`;
};

// A local date's column heading; the date string is already the business's, so it is formatted as UTC.
const weekdayOf = dateFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const dayOf = dateFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const noon = (d: string) => new Date(`${d}T12:00:00Z`);

export function BoardHeatMap({ heat }: { heat: Board["heat"] }) {
  if (heat.rows.length === 0) return <p className="mt-3 text-sm text-ink-muted">No teams yet.</p>;
  return (
    <ScrollRegion
      role="group"
      label="Capacity heat map, scrolls sideways"
      className="mt-3 rounded-control border border-line bg-surface"
    >
      <PlainTable
        caption="Booked minutes ÷ open minutes per team and day, for the next 14 days."
        className="min-w-[52rem] text-center text-xs"
      >
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-10 min-w-28 bg-surface px-2 py-2 text-left font-medium"
            >
              Team
            </th>
            {heat.dates.map((d) => (
              <th key={d} scope="col" className="px-1 py-2 font-medium">
                <span className="block text-ink-muted">{weekdayOf.format(noon(d))}</span>
                <span className="block tabular-nums">{dayOf.format(noon(d))}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heat.rows.map((row) => (
            <tr key={row.teamId} className="border-t border-line">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-surface px-2 py-1 text-left text-sm font-medium"
              >
                {row.teamName}
              </th>
              {row.cells.map((c) => (
                <td
                  key={c.date}
                  className={cn("border-l border-line px-1 py-1.5", LEVEL_CLASS[heatLevel(c.percent)])}
                  title={`${c.jobs} ${c.jobs === 1 ? "job" : "jobs"}: ${hours(c.bookedMinutes)} booked of ${hours(c.openMinutes)} open`}
                >
                  {c.percent === null ? (
                    <span className="text-ink-muted">
                      {c.bookedMinutes > 0 ? hours(c.bookedMinutes) : "Closed"}
                    </span>
                  ) : (
                    <>
                      <span className="block text-sm font-semibold tabular-nums">{c.percent}%</span>
                      <span className="block tabular-nums opacity-90">
                        {hours(c.bookedMinutes)}/{hours(c.openMinutes)}
                      </span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </ScrollRegion>
  );
}
