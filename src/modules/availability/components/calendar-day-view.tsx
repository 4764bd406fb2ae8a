import { localToInstant } from "@/lib/dates";
import type { Calendar, CalendarItem } from "../server/calendar";
import { localClock, zoneName } from "../server/calendar";
import { CalendarDayColumn } from "./calendar-day-column";
import { CalendarItemButton } from "./calendar-item";

// The day view: a time axis (06:00–22:00 local, widened to the opening hours and to whatever is held)
// and one column per team. Positions are elapsed time from the axis start, so a 23- or 25-hour DST day
// is drawn as it is lived; hour labels are read from the instants, never computed from offsets.

const HOUR_MS = 3_600_000;
const PX_PER_MINUTE = 0.8;
const HOUR_PX = 60 * PX_PER_MINUTE;
const DEFAULT_FROM_MIN = 6 * 60;
const DEFAULT_TO_MIN = 22 * 60;

type Placed = { item: CalendarItem; lane: number; lanes: number };

/** Side-by-side lanes for overlapping items of one team (a booking and its requested move). */
function placeInLanes(items: CalendarItem[]): Placed[] {
  const sorted = [...items].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Placed[] = [];
  let cluster: Placed[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const flush = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    out.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start.getTime() >= clusterEnd) flush();
    let lane = laneEnds.findIndex((end) => end <= item.start.getTime());
    if (lane < 0) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = item.end.getTime();
    clusterEnd = Math.max(clusterEnd, item.end.getTime());
    cluster.push({ item, lane, lanes: 1 });
  }
  flush();
  return out;
}

export function CalendarDayView({ calendar }: { calendar: Calendar }) {
  const day = calendar.days[0];
  if (!day) return null;
  const tz = calendar.timeZone;
  const dayStart = day.start.getTime();
  const dayEnd = day.end.getTime();
  const clip = (t: number) => Math.min(Math.max(t, dayStart), dayEnd);

  const edges = [
    localToInstant(day.date, DEFAULT_FROM_MIN, tz)?.getTime() ?? dayStart,
    localToInstant(day.date, DEFAULT_TO_MIN, tz)?.getTime() ?? dayEnd,
    ...day.open.flatMap((r) => [r.start.getTime(), r.end.getTime()]),
    ...calendar.items.flatMap((i) => [clip(i.start.getTime()), clip(i.end.getTime())]),
  ];
  const axisStart = dayStart + Math.floor((Math.min(...edges) - dayStart) / HOUR_MS) * HOUR_MS;
  const axisEnd = Math.min(dayEnd, dayStart + Math.ceil((Math.max(...edges) - dayStart) / HOUR_MS) * HOUR_MS);
  const height = ((axisEnd - axisStart) / 60_000) * PX_PER_MINUTE;
  const y = (t: number) => ((Math.min(Math.max(t, axisStart), axisEnd) - axisStart) / 60_000) * PX_PER_MINUTE;

  const twoZones = calendar.zoneNames.length > 1;
  const ticks: { at: number; label: string }[] = [];
  for (let t = axisStart; t < axisEnd; t += HOUR_MS) {
    const instant = new Date(t);
    ticks.push({ at: t, label: localClock(instant, tz) + (twoZones ? ` ${zoneName(instant, tz)}` : "") });
  }

  // Closed time = the axis minus the open ranges; shaded, and said in words above the grid.
  const closed: [number, number][] = [];
  let cursor = axisStart;
  for (const r of [...day.open].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    if (r.start.getTime() > cursor) closed.push([cursor, Math.min(r.start.getTime(), axisEnd)]);
    cursor = Math.max(cursor, r.end.getTime());
  }
  if (cursor < axisEnd) closed.push([cursor, axisEnd]);
  const openText = day.open.length
    ? `Open ${day.open.map((r) => `${localClock(r.start, tz)}–${localClock(r.end, tz)}`).join(", ")}`
    : "Closed all day";

  const teams = calendar.teams;
  const minWidth = `calc(3.5rem + ${teams.length} * 9rem)`;

  return (
    <section aria-label="Day">
      <p className="text-sm text-ink-muted">
        {openText}
        {day.closedNote && ` · ${day.closedNote}`}
      </p>
      {calendar.items.length === 0 && (
        <p className="mt-1 text-sm text-ink-muted">Nothing is booked, held or blocked on this day.</p>
      )}
      <p className="mt-1 hidden text-sm text-ink-muted md:block">
        Drag down a team&rsquo;s column (or click a time) to pre-fill a block below.
      </p>
      <p className="mt-1 text-sm text-ink-muted md:hidden">
        Tap a time in a team&rsquo;s column to pre-fill a block.
      </p>

      {/* Focusable so that keyboard users can scroll it when the teams do not fit (a phone). */}
      <div
        role="region"
        aria-label="Teams' calendars"
        tabIndex={0}
        className="mt-3 overflow-x-auto rounded-card border border-line bg-surface"
      >
        <div
          className="grid"
          style={{ gridTemplateColumns: `3.5rem repeat(${teams.length}, minmax(9rem, 1fr))`, minWidth }}
        >
          <div className="border-b border-line" />
          {teams.map((team) => (
            <div
              key={team.id}
              className="flex min-h-11 items-center gap-2 border-b border-l border-line px-3 py-2 text-sm font-semibold"
            >
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: team.colour }}
              />
              <span className="truncate">{team.name}</span>
              {!team.isActive && <span className="font-normal text-ink-muted">(inactive)</span>}
            </div>
          ))}

          <div aria-hidden="true" data-testid="time-axis" className="relative" style={{ height }}>
            {ticks.map((tick) => (
              <span
                key={tick.at}
                className="absolute right-2 -translate-y-1/2 text-xs tabular text-ink-subtle first:translate-y-0"
                style={{ top: y(tick.at) }}
              >
                {tick.label}
              </span>
            ))}
          </div>
          {teams.map((team) => {
            const placed = placeInLanes(calendar.items.filter((i) => i.teamId === team.id));
            return (
              <div
                key={team.id}
                role="group"
                aria-label={team.name}
                className="relative border-l border-line"
                style={{
                  height,
                  backgroundImage: `repeating-linear-gradient(to bottom, var(--color-line) 0 1px, transparent 1px ${HOUR_PX}px)`,
                }}
              >
                {closed.map(([from, to]) => (
                  <div
                    key={from}
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-x-0 bg-[repeating-linear-gradient(135deg,var(--color-canvas)_0_8px,var(--color-line)_8px_9px)] opacity-80"
                    style={{ top: y(from), height: y(to) - y(from) }}
                  />
                ))}
                <CalendarDayColumn
                  teamId={team.id}
                  teamName={team.name}
                  timeZone={tz}
                  axisStartMs={axisStart}
                  axisEndMs={axisEnd}
                  pxPerMinute={PX_PER_MINUTE}
                >
                  {placed.map(({ item, lane, lanes }) => {
                    const top = y(item.start.getTime());
                    return (
                      <CalendarItemButton
                        key={item.id}
                        item={item}
                        team={team}
                        timeZone={tz}
                        popoverId={`cal-d-${item.id}`}
                        layout="fill"
                        style={{
                          top,
                          height: Math.max(y(item.end.getTime()) - top, 22),
                          left: `calc(${(lane / lanes) * 100}% + 2px)`,
                          width: `calc(${100 / lanes}% - 4px)`,
                        }}
                      />
                    );
                  })}
                </CalendarDayColumn>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
