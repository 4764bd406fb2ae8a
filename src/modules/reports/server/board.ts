import "server-only";
import { bookingTeamSeconds } from "@/server/db/time-taken";
import { sql } from "drizzle-orm";
import { addDays, formatLongDate, localDayStart } from "@/lib/dates";
import { utilisationPercent } from "@/lib/time-ranges";
import { formatMoney } from "@/lib/money";
import { loadScheduleCapacity } from "@/modules/availability/server";
import { BOOKED_STATUSES, type Delta, describeDelta, todayPeriods } from "@/modules/today/domain/admin-today";
import { type ActivityEntry, loadJobDays, loadRecentActivity } from "@/modules/today/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { capacityPercent, type DayAxis, dayAxis } from "../domain/board";
import { revenueReport } from "./aggregates";

// /admin/enhanced-dashboard, the live operations board: today's and tomorrow's jobs on a timeline per
// team, a 14-day capacity heat map (booked ÷ open minutes per date and team), this week's figures against
// last week's with a daily series for the sparklines, and the latest activity. Every figure is a SQL
// aggregate (booked minutes per date and team in one statement; money per day is the revenue report's);
// the jobs and the activity are the Today page's reads. npm run bench:board.

export const HEAT_DAYS = 14;
const FEED_LIMIT = 15;

export type BoardJob = {
  id: string;
  reference: string;
  /** Epoch milliseconds: the browser places the block and judges lateness from them each minute. */
  startsAt: number;
  endsAt: number;
  time: string;
  endTime: string;
  status: (typeof BOOKED_STATUSES)[number];
  statusLabel: string;
  customerName: string;
  vehicle: string;
  registration: string;
  services: string[];
  /** Who started it, while it is in progress. */
  startedBy: string | null;
};

export type BoardLane = {
  teamId: string;
  teamName: string;
  colour: string;
  staff: string[];
  jobs: BoardJob[];
};
export type BoardDay = { date: string; title: string; count: number; axis: DayAxis; lanes: BoardLane[] };

export type HeatCell = {
  date: string;
  jobs: number;
  bookedMinutes: number;
  openMinutes: number;
  percent: number | null;
};
export type HeatRow = { teamId: string; teamName: string; cells: HeatCell[] };

export type BoardKpi = {
  key: "jobs_today" | "booked_week" | "collected_week" | "utilisation_week" | "cancellations_week";
  label: string;
  value: string;
  help: string;
  delta: Delta;
  /** Daily values Monday → Sunday of this week (only up to today for figures "so far") and last week. */
  current: number[];
  previous: number[];
  /** What the sparkline's two lines are, in words (its text alternative). */
  summary: string;
};

export type Board = {
  timeZone: string;
  today: string;
  /** The instant the board was read (epoch ms): the browser's clock starts from it. */
  nowMs: number;
  todayTitle: string;
  days: BoardDay[];
  heat: { dates: string[]; rows: HeatRow[] };
  kpis: BoardKpi[];
  feed: ActivityEntry[];
};

type DayTeamFigures = { date: string; teamId: string; jobs: number; minutes: number };

/** Booked jobs and minutes per local date and team, [from, to] local dates inclusive. One aggregate. */
export async function bookedByDateAndTeam(
  db: DbOrTx,
  input: { from: string; to: string; timeZone: string },
): Promise<DayTeamFigures[]> {
  const from = localDayStart(input.from, input.timeZone);
  const to = localDayStart(addDays(input.to, 1), input.timeZone);
  const booked = sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`);
  const res = await db.execute<Record<string, unknown>>(
    sql`SELECT d, team_id, count(*)::int AS n, COALESCE(sum(m), 0)::bigint AS m
      FROM (SELECT to_char((${bookings.startsAt} AT TIME ZONE ${input.timeZone})::date, 'YYYY-MM-DD') AS d,
          ${bookings.teamId} AS team_id, ${bookingTeamSeconds(bookings)} / 60 AS m
        FROM ${bookings}
        WHERE ${bookings.status} IN ${booked}
          AND ${bookings.startsAt} >= ${from.toISOString()}::timestamptz
          AND ${bookings.startsAt} < ${to.toISOString()}::timestamptz) s
      GROUP BY d, team_id`,
  );
  return res.rows.map((r) => ({
    date: String(r.d),
    teamId: String(r.team_id),
    jobs: Number(r.n),
    minutes: Number(r.m),
  }));
}

/** Cancellations per local date of cancelling, [from, to] inclusive. One aggregate. */
export async function cancellationsByDate(
  db: DbOrTx,
  input: { from: string; to: string; timeZone: string },
): Promise<Map<string, number>> {
  const from = localDayStart(input.from, input.timeZone);
  const to = localDayStart(addDays(input.to, 1), input.timeZone);
  const res = await db.execute<Record<string, unknown>>(
    sql`SELECT to_char((${bookings.cancelledAt} AT TIME ZONE ${input.timeZone})::date, 'YYYY-MM-DD') AS d,
        count(*)::int AS n
      FROM ${bookings}
      WHERE ${bookings.status} = 'cancelled'
        AND ${bookings.cancelledAt} >= ${from.toISOString()}::timestamptz
        AND ${bookings.cancelledAt} < ${to.toISOString()}::timestamptz
      GROUP BY 1`,
  );
  return new Map(res.rows.map((r) => [String(r.d), Number(r.n)]));
}

const dates = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export async function getBoard(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  opts: { now?: Date } = {},
): Promise<Board> {
  await assertAdminActor(db, actor);
  const now = opts.now ?? new Date();
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const money = (n: number) => formatMoney(n, settings.currency);
  const p = todayPeriods(now, tz);
  const today = p.today;
  const heatTo = addDays(today, HEAT_DAYS - 1);
  // One window covers last week, this week and the next 14 days.
  const from = p.window.from;
  const to = heatTo > p.window.to ? heatTo : p.window.to;
  const capacityRead = loadScheduleCapacity(db, { from, to, timeZone: tz });
  const [capacity, jobDays, figures, cancelled, revenue, feed] = await Promise.all([
    capacityRead,
    loadJobDays(db, {
      dates: [today, p.tomorrow],
      timeZone: tz,
      teams: capacityRead.then((c) => c.teams),
      now,
    }),
    bookedByDateAndTeam(db, { from, to, timeZone: tz }),
    cancellationsByDate(db, { from: p.window.from, to: p.window.to, timeZone: tz }),
    revenueReport(db, { from: p.week.previous.from, to: p.week.current.to, timeZone: tz }, "day"),
    loadRecentActivity(db, { timeZone: tz, limit: FEED_LIMIT }),
  ]);

  const days = boardDays(jobDays, capacity, tz);
  const heat = boardHeat(today, figures, capacity);
  const kpis = boardKpis({ p, today, figures, revenue, cancelled, capacity, money });

  return {
    timeZone: tz,
    today,
    nowMs: now.getTime(),
    todayTitle: formatLongDate(now, tz),
    days,
    heat,
    kpis,
    feed,
  };
}

/** For the page: the request's database. */
export async function loadBoard(actor: Pick<Actor, "id">): Promise<Board> {
  return getBoard(await getDb(), actor);
}

type Capacity = Awaited<ReturnType<typeof loadScheduleCapacity>>;

/** Timelines: a lane per active team (and any inactive team that still has a job that day). */
function boardDays(
  jobDays: Awaited<ReturnType<typeof loadJobDays>>,
  capacity: Capacity,
  tz: string,
): BoardDay[] {
  return jobDays.days.map((day): BoardDay => {
    const jobsOfTeam = new Map(day.teams.map((t) => [t.teamId, t.jobs]));
    const all = day.teams
      .flatMap((t) => t.jobs)
      .map((j) => ({ startsAt: j.startsAt.getTime(), endsAt: j.endsAt.getTime() }));
    return {
      date: day.date,
      title: day.title,
      count: day.count,
      axis: dayAxis(day.date, tz, capacity.openRanges.get(day.date) ?? [], all),
      lanes: capacity.teams
        .filter((t) => t.isActive || jobsOfTeam.has(t.id))
        .map((t) => ({
          teamId: t.id,
          teamName: t.name,
          colour: t.colour,
          staff: jobDays.staffByTeam.get(t.id) ?? [],
          jobs: (jobsOfTeam.get(t.id) ?? []).map((j) => ({
            id: j.id,
            reference: j.reference,
            startsAt: j.startsAt.getTime(),
            endsAt: j.endsAt.getTime(),
            time: j.time,
            endTime: j.endTime,
            status: j.status as BoardJob["status"],
            statusLabel: j.statusLabel,
            customerName: j.customerName,
            vehicle: j.vehicle,
            registration: j.registration,
            services: [...j.services, ...j.addons],
            startedBy: j.startedBy,
          })),
        })),
    };
  });
}

/** Heat map: today and the next 13 days, per team. */
function boardHeat(
  today: string,
  figures: Awaited<ReturnType<typeof bookedByDateAndTeam>>,
  capacity: Capacity,
) {
  const heatDates = dates(today, HEAT_DAYS);
  const byKey = new Map(figures.map((f) => [`${f.date}|${f.teamId}`, f]));
  const perTeamOpen = (date: string) =>
    capacity.activeTeams > 0 ? (capacity.openTeamMinutes.get(date) ?? 0) / capacity.activeTeams : 0;
  const heatTeams = capacity.teams.filter(
    (t) => t.isActive || heatDates.some((d) => byKey.has(`${d}|${t.id}`)),
  );
  const heat = {
    dates: heatDates,
    rows: heatTeams.map((t) => ({
      teamId: t.id,
      teamName: t.name,
      cells: heatDates.map((date) => {
        const f = byKey.get(`${date}|${t.id}`);
        const openMinutes = t.isActive ? perTeamOpen(date) : 0;
        const bookedMinutes = f?.minutes ?? 0;
        return {
          date,
          jobs: f?.jobs ?? 0,
          bookedMinutes,
          openMinutes,
          percent: capacityPercent(bookedMinutes, openMinutes),
        };
      }),
    })),
  };

  return heat;
}

/** KPIs: this week (Monday → Sunday) against last week, with a value per day for the sparklines. */
function boardKpis(d: {
  p: ReturnType<typeof todayPeriods>;
  today: string;
  figures: Awaited<ReturnType<typeof bookedByDateAndTeam>>;
  revenue: Awaited<ReturnType<typeof revenueReport>>;
  cancelled: Awaited<ReturnType<typeof cancellationsByDate>>;
  capacity: Capacity;
  money: (n: number) => string;
}): BoardKpi[] {
  const { p, today, figures, revenue, cancelled, capacity, money } = d;
  const thisWeek = dates(p.week.currentDate, 7);
  const lastWeek = dates(p.week.previousDate, 7);
  const daysSoFar = thisWeek.filter((d) => d <= today).length;
  const jobsOn = new Map<string, number>();
  const minutesOn = new Map<string, number>();
  for (const f of figures) {
    jobsOn.set(f.date, (jobsOn.get(f.date) ?? 0) + f.jobs);
    minutesOn.set(f.date, (minutesOn.get(f.date) ?? 0) + f.minutes);
  }
  const revenueOn = new Map(revenue.rows.map((r) => [r.period, r]));
  const series = (ds: string[], f: (d: string) => number) => ds.map(f);
  const jobs = (d: string) => jobsOn.get(d) ?? 0;
  const bookedMoney = (d: string) => revenueOn.get(d)?.bookedMinor ?? 0;
  const net = (d: string) => revenueOn.get(d)?.netMinor ?? 0;
  const cancels = (d: string) => cancelled.get(d) ?? 0;
  const util = (d: string) =>
    utilisationPercent(minutesOn.get(d) ?? 0, capacity.openTeamMinutes.get(d) ?? 0) ?? 0;
  const weekUtil = (ds: string[]) =>
    utilisationPercent(
      sum(ds.map((d) => minutesOn.get(d) ?? 0)),
      sum(ds.map((d) => capacity.openTeamMinutes.get(d) ?? 0)),
    );
  const sameDayLastWeek = addDays(today, -7);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const points = (n: number) => plural(n, "point", "points");

  const kpi = (
    k: Omit<BoardKpi, "summary" | "delta"> & {
      now: number | null;
      before: number | null;
      fmt: (n: number) => string;
      against: string;
    },
  ): BoardKpi => ({
    key: k.key,
    label: k.label,
    value: k.value,
    help: k.help,
    current: k.current,
    previous: k.previous,
    delta: describeDelta(k.now, k.before, k.fmt, k.against),
    summary: `Daily, this week: ${k.current.map(k.fmt).join(", ")}. Last week: ${k.previous.map(k.fmt).join(", ")}.`,
  });
  const uNow = weekUtil(thisWeek);
  const uBefore = weekUtil(lastWeek);
  const kpis: BoardKpi[] = [
    kpi({
      key: "jobs_today",
      label: "Jobs today",
      value: String(jobs(today)),
      help: "Booked jobs starting today (not cancelled, declined or expired).",
      current: series(thisWeek, jobs),
      previous: series(lastWeek, jobs),
      now: jobs(today),
      before: jobs(sameDayLastWeek),
      fmt: String,
      against: "this day last week",
    }),
    kpi({
      key: "booked_week",
      label: "Booked this week",
      value: money(sum(series(thisWeek, bookedMoney))),
      help: "Value of this week's jobs, paid or not.",
      current: series(thisWeek, bookedMoney),
      previous: series(lastWeek, bookedMoney),
      now: sum(series(thisWeek, bookedMoney)),
      before: sum(series(lastWeek, bookedMoney)),
      fmt: money,
      against: "last week",
    }),
    kpi({
      key: "collected_week",
      label: "Collected this week",
      value: money(sum(series(thisWeek.slice(0, daysSoFar), net))),
      help: "Payments received so far this week, less refunds.",
      current: series(thisWeek.slice(0, daysSoFar), net),
      previous: series(lastWeek, net),
      now: sum(series(thisWeek.slice(0, daysSoFar), net)),
      before: sum(series(lastWeek.slice(0, daysSoFar), net)),
      fmt: money,
      against: "last week by the same day",
    }),
    kpi({
      key: "utilisation_week",
      label: "Utilisation this week",
      value: uNow === null ? "Closed" : `${uNow}%`,
      help: "Booked minutes ÷ open team minutes of the opening hours.",
      current: series(thisWeek, util),
      previous: series(lastWeek, util),
      now: uNow,
      before: uBefore,
      fmt: (n) => `${n}%`,
      against: "last week",
    }),
    kpi({
      key: "cancellations_week",
      label: "Cancellations this week",
      value: String(sum(series(thisWeek.slice(0, daysSoFar), cancels))),
      help: "Bookings cancelled so far this week (by the day they were cancelled).",
      current: series(thisWeek.slice(0, daysSoFar), cancels),
      previous: series(lastWeek, cancels),
      now: sum(series(thisWeek.slice(0, daysSoFar), cancels)),
      before: sum(series(lastWeek.slice(0, daysSoFar), cancels)),
      fmt: String,
      against: "last week by the same day",
    }),
  ];
  // Utilisation's delta is in points, not per cent of per cent.
  const u = kpis[3];
  if (u) u.delta = describeDelta(uNow, uBefore, points, "last week");

  return kpis;
}
