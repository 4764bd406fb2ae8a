import { addDays, localToInstant } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";

// The live operations board's rules, pure (shared by the server, which reads the data, and the browser,
// which moves the now-line and re-judges lateness each minute without asking the server again).

/** A job that should have started and has not, or should have finished and has not. */
export type Lateness = "late_start" | "over_time" | null;

/** Not started (or not finished) by its time: a confirmed job whose start has passed, one in progress past its end. */
export function lateness(
  job: { status: BookingStatus; startsAt: number; endsAt: number },
  now: number,
): Lateness {
  switch (job.status) {
    case "pending_payment":
    case "awaiting_approval":
    case "confirmed":
      // Still waiting to start: late once its start has passed (and still late after its end).
      return now > job.startsAt ? "late_start" : null;
    case "in_progress":
      return now > job.endsAt ? "over_time" : null;
    default:
      // Completed, no-show, cancelled…: nothing to chase.
      return null;
  }
}

export const LATENESS_LABELS: Record<Exclude<Lateness, null>, string> = {
  late_start: "Late start",
  over_time: "Over time",
};

/** Booked ÷ open minutes as a whole percentage (over 100 when over-booked); null when closed. */
export function capacityPercent(bookedMinutes: number, openMinutes: number): number | null {
  if (openMinutes <= 0) return null;
  return Math.round((bookedMinutes * 100) / openMinutes);
}

/** The heat map's five steps: 0 empty, 1 ≤ 25 %, 2 ≤ 50 %, 3 ≤ 75 %, 4 > 75 % (and over-booked). */
export function heatLevel(percent: number | null): 0 | 1 | 2 | 3 | 4 {
  if (percent === null || percent <= 0) return 0;
  if (percent <= 25) return 1;
  if (percent <= 50) return 2;
  if (percent <= 75) return 3;
  return 4;
}

/** A day's axis: instants in epoch ms, half-open, and the local hours to mark on it. */
export type DayAxis = { start: number; end: number; ticks: { at: number; label: string }[] };

const hh = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:00`;

/** First valid instant at or after a local wall time (a time in the skipped hour moves to the next hour). */
function instantAt(date: string, minutes: number, timeZone: string): number {
  if (minutes >= 1440) return instantAt(addDays(date, 1), minutes - 1440, timeZone);
  for (let m = minutes; m < minutes + 180; m += 15) {
    const t = localToInstant(date, m, timeZone);
    if (t) return t.getTime();
  }
  return Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
}

/**
 * The hours axis of one local date: from the first opening to the last closing of the day (whole hours),
 * widened to cover any job outside them; 08:00–18:00 on a closed day with no jobs. Positions are by real
 * elapsed time, so the day clocks go forward is an hour shorter and the day they go back an hour longer.
 */
export function dayAxis(
  date: string,
  timeZone: string,
  open: readonly { opens: number; closes: number }[],
  jobs: readonly { startsAt: number; endsAt: number }[] = [],
): DayAxis {
  const opens = open.length ? Math.min(...open.map((r) => r.opens)) : 8 * 60;
  const closes = open.length ? Math.max(...open.map((r) => r.closes)) : 18 * 60;
  let start = instantAt(date, Math.floor(opens / 60) * 60, timeZone);
  let end = instantAt(date, Math.ceil(closes / 60) * 60, timeZone);
  const dayStart = instantAt(date, 0, timeZone);
  const dayEnd = instantAt(addDays(date, 1), 0, timeZone);
  for (const j of jobs) {
    // Round outwards to the hour (of elapsed time from local midnight).
    if (j.startsAt < start) start = Math.max(dayStart, j.startsAt - ((j.startsAt - dayStart) % 3_600_000));
    if (j.endsAt > end)
      end = Math.min(dayEnd, j.endsAt + ((3_600_000 - ((j.endsAt - dayStart) % 3_600_000)) % 3_600_000));
  }
  const ticks: DayAxis["ticks"] = [];
  const seen = new Set<number>();
  for (let m = 0; m <= 1440; m += 60) {
    const at = m === 1440 ? dayEnd : localToInstant(date, m, timeZone)?.getTime();
    if (at === undefined || at < start || at > end || seen.has(at)) continue;
    seen.add(at);
    ticks.push({ at, label: hh(m) });
  }
  return { start, end, ticks };
}

/** Where an instant sits on an axis, 0–100 (clamped). */
export function axisPercent(axis: Pick<DayAxis, "start" | "end">, at: number): number {
  if (axis.end <= axis.start) return 0;
  const p = ((at - axis.start) * 100) / (axis.end - axis.start);
  return Math.min(100, Math.max(0, p));
}

/** A job's block on an axis: left and width in percent, clipped to the axis. */
export function blockPosition(
  axis: Pick<DayAxis, "start" | "end">,
  job: { startsAt: number; endsAt: number },
): { left: number; width: number } {
  const left = axisPercent(axis, job.startsAt);
  return { left, width: Math.max(0, axisPercent(axis, job.endsAt) - left) };
}

/**
 * Points of a sparkline ("x,y x,y …") for an SVG of the given size: the values spread evenly across the
 * width, scaled to `max` (shared by the two series compared, so they are drawn to the same scale).
 */
export function sparklinePoints(
  values: readonly number[],
  max: number,
  width: number,
  height: number,
): string {
  if (values.length === 0) return "";
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const top = max > 0 ? max : 1;
  return values
    .map((v, i) => {
      const y = height - (Math.max(0, v) / top) * height;
      return `${+(i * step).toFixed(1)},${+y.toFixed(1)}`;
    })
    .join(" ");
}
