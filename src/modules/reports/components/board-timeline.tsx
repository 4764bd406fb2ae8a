"use client";

import Link from "@/components/ui/link";
import { useEffect, useState } from "react";
import { formatTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { axisPercent, blockPosition, LATENESS_LABELS, lateness } from "../domain/board";
import type { BoardDay, BoardJob } from "../server/board";

// Today's and tomorrow's jobs on an hours axis per team, with a now-line. The data comes from the server
// (and comes again on every live event); this leaf only moves the now-line and re-judges lateness each
// minute from the clock, so a job turns "Late start" at 09:31 without anything being published.

function useMinuteClock(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(Date.now());
    // Tick on the minute, then every minute.
    const first = setTimeout(
      () => {
        tick();
        interval = setInterval(tick, 60_000);
      },
      60_000 - (Date.now() % 60_000),
    );
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, []);
  return now;
}

/** "09:30 GMT" → "09:30": the zone is in the page header once. */
const clock = (time: string) => time.replace(/ .*$/, "");

function JobBlock({ job, left, width, now }: { job: BoardJob; left: number; width: number; now: number }) {
  const late = lateness(job, now);
  const label = late ? LATENESS_LABELS[late] : null;
  const what = job.services.join(", ");
  const started = job.status === "in_progress" && job.startedBy ? `started by ${job.startedBy}` : null;
  const description = [
    `${job.time}–${job.endTime}`,
    job.customerName,
    what,
    [job.vehicle, job.registration].filter(Boolean).join(" "),
    job.statusLabel,
    started,
    label,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <li
      className="absolute inset-y-1"
      style={{ left: `${left}%`, width: `max(${width}%, 2.75rem)` }}
      data-late={late ?? undefined}
    >
      <Link
        href={routes.adminBooking(job.id)}
        title={description}
        aria-label={`${job.reference}: ${description}`}
        className={`block h-full overflow-hidden rounded-control border px-2 py-1 text-xs leading-tight 2xl:text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ${
          late
            ? "border-danger bg-danger-soft text-ink ring-2 ring-danger"
            : job.status === "completed"
              ? "border-line bg-canvas text-ink-muted"
              : job.status === "in_progress"
                ? "border-info bg-info-soft text-ink"
                : "border-brand bg-brand-soft text-ink"
        }`}
      >
        <span className="block truncate font-semibold tabular-nums">
          {clock(job.time)}–{clock(job.endTime)}
        </span>
        <span className="block truncate">
          {label && <span className="mr-1 rounded-sm bg-danger px-1 font-semibold text-white">{label}</span>}
          {job.statusLabel}
          {started && ` · Started by ${job.startedBy}`}
        </span>
        <span className="block truncate">{job.customerName}</span>
        <span className="block truncate text-ink-muted">{what}</span>
        <span className="block truncate text-ink-muted">
          {job.vehicle} {job.registration}
        </span>
      </Link>
    </li>
  );
}

function DayTimeline({ day, now, timeZone }: { day: BoardDay; now: number; timeZone: string }) {
  const { axis } = day;
  const showNow = now >= axis.start && now <= axis.end;
  const nowAt = axisPercent(axis, now);
  const lateCount = day.lanes.flatMap((l) => l.jobs).filter((j) => lateness(j, now)).length;
  return (
    <section aria-labelledby={`day-${day.date}`} className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`day-${day.date}`} className="text-base font-semibold">
          {day.title}
        </h3>
        <p className="text-sm text-ink-muted">
          {day.count === 1 ? "1 job" : `${day.count} jobs`}
          {lateCount > 0 && (
            <span className="ml-2 font-semibold text-danger">
              {lateCount === 1 ? "1 running late" : `${lateCount} running late`}
            </span>
          )}
        </p>
      </div>
      {day.lanes.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No active teams. Add one under Teams.</p>
      ) : (
        <div
          className="mt-2 overflow-x-auto rounded-control border border-line bg-surface focus-visible:outline-2 focus-visible:outline-brand"
          // Narrow screens scroll the timeline sideways: keyboard users need to reach it too.
          tabIndex={0}
          role="group"
          aria-label={`${day.title}, timeline by team`}
        >
          <div className="relative min-w-[44rem]">
            {/* Hours axis */}
            <div className="flex border-b border-line">
              <div className="sticky left-0 z-10 w-28 shrink-0 bg-surface" />
              <div className="relative h-6 flex-1" aria-hidden="true">
                {/* A long day (a job late in the evening widens the axis) labels every other hour. */}
                {axis.ticks
                  .filter((_, i) => axis.ticks.length <= 13 || i % 2 === 0)
                  .map((t) => (
                    <span
                      key={t.at}
                      className="absolute top-1 -translate-x-1/2 text-[0.7rem] text-ink-muted tabular-nums first:translate-x-0 last:-translate-x-full"
                      style={{ left: `${axisPercent(axis, t.at)}%` }}
                    >
                      {t.label}
                    </span>
                  ))}
              </div>
            </div>
            {day.lanes.map((lane) => (
              <div key={lane.teamId} className="flex border-b border-line last:border-b-0">
                <div className="sticky left-0 z-10 flex w-28 shrink-0 items-center gap-2 border-r border-line bg-surface px-2 text-sm font-medium">
                  <span
                    aria-hidden="true"
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ background: lane.colour }}
                  />
                  <span className="min-w-0">
                    <span className="block truncate">{lane.teamName}</span>
                    {lane.staff.length > 0 && (
                      <span
                        className="block truncate text-xs font-normal text-ink-muted"
                        title={lane.staff.join(", ")}
                      >
                        {lane.staff.join(", ")}
                      </span>
                    )}
                  </span>
                </div>
                <div className="relative h-24 flex-1 2xl:h-28">
                  {axis.ticks.map((t) => (
                    <span
                      key={t.at}
                      aria-hidden="true"
                      className="absolute inset-y-0 border-l border-dashed border-line"
                      style={{ left: `${axisPercent(axis, t.at)}%` }}
                    />
                  ))}
                  {lane.jobs.length === 0 ? (
                    <p className="absolute inset-0 flex items-center px-3 text-xs text-ink-subtle">No jobs</p>
                  ) : (
                    <ol aria-label={`${lane.teamName}, ${day.title}`} className="absolute inset-0">
                      {lane.jobs.map((job) => {
                        const pos = blockPosition(axis, job);
                        return (
                          <JobBlock key={job.id} job={job} left={pos.left} width={pos.width} now={now} />
                        );
                      })}
                    </ol>
                  )}
                </div>
              </div>
            ))}
            {showNow && (
              <div className="pointer-events-none absolute inset-y-0 right-0 left-28" aria-hidden="true">
                <div
                  data-testid="now-line"
                  className="absolute inset-y-0 w-0.5 bg-danger"
                  style={{ left: `${nowAt}%` }}
                >
                  <span className="absolute -top-0 left-1 rounded-sm bg-danger px-1 text-[0.7rem] font-semibold text-white tabular-nums">
                    {formatTime(new Date(now), timeZone).replace(/ .*$/, "")}
                  </span>
                </div>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

export function BoardTimelines({
  days,
  nowMs,
  timeZone,
}: {
  days: BoardDay[];
  nowMs: number;
  timeZone: string;
}) {
  const now = useMinuteClock(nowMs);
  return (
    <div className="mt-3 space-y-5">
      {days.map((day) => (
        <DayTimeline key={day.date} day={day} now={now} timeZone={timeZone} />
      ))}
      <p className="sr-only" aria-live="off">
        Now {formatTime(new Date(now), timeZone)}.
      </p>
    </div>
  );
}
