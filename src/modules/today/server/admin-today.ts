import "server-only";
import { REVENUE_TERMS } from "@/lib/booking/revenue-terms";
import { formatLongDate, sumDates } from "@/lib/dates";
import { utilisationPercent } from "@/lib/time-ranges";
import { formatMoney } from "@/lib/money";
import { loadScheduleCapacity } from "@/modules/availability/server";
import {
  BOOKED_REVENUE_HELP,
  type ComparedPeriod,
  type Delta,
  describeDelta,
  type Period,
  todayPeriods,
} from "../domain/admin-today";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { type JobDay, loadJobDays } from "./admin-today-jobs";
import {
  type ActivityEntry,
  loadActionQueue,
  loadRecentActivity,
  type QueueGroup,
} from "./admin-today-queue";
import { type BookedFigures, bookedFigures } from "@/modules/bookings/server";

export type { ActivityEntry, QueueGroup, QueueItem, QueueKind } from "./admin-today-queue";
export type { JobDay, TeamJobs, TodayJob } from "./admin-today-jobs";
// The operations board (reports module) shows the same jobs and the same activity.
export { loadJobDays } from "./admin-today-jobs";
export { loadRecentActivity } from "./admin-today-queue";

// The admin's home (/admin): today's and tomorrow's jobs by team, the action queue, the numbers of today
// and this week against the period before, and the latest activity. A fixed handful of indexed queries
// and SQL aggregates, whatever the number of bookings (npm run bench:admin: p95 ≤ 150 ms at 100,000).
// Money collected is the payments module's; it depends on bookings, so the page passes its read in.

/** Net money collected in each range (payments' collectedRevenue). */
export type CollectedRevenue = (db: DbOrTx, ranges: readonly Period[]) => Promise<number[]>;

export type KpiFigure = { value: string; delta: Delta };
export type Kpi = {
  key: "bookings" | "collected" | "booked" | "utilisation";
  label: string;
  /** One line: what the number counts. */
  help: string;
  today: KpiFigure;
  week: KpiFigure;
};

export type AdminToday = {
  timeZone: string;
  /** "Monday 23 November 2026" */
  todayTitle: string;
  days: JobDay[];
  nextJobId: string | null;
  queue: QueueGroup[];
  queueTotal: number;
  kpis: Kpi[];
  activity: ActivityEntry[];
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function assertAdmin(viewer: Pick<SessionUser, "role"> | null): void {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (viewer.role !== "admin") throw new AppError("NOT_FOUND", "This page could not be found.");
}

export async function getAdminToday(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  deps: { collectedRevenue: CollectedRevenue; now?: Date },
): Promise<AdminToday> {
  assertAdmin(viewer);
  const now = deps.now ?? new Date();
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const currency = settings.currency;
  const p = todayPeriods(now, tz);
  const capacityRead = loadScheduleCapacity(db, { ...p.window, timeZone: tz });
  const [capacity, jobs, queue, activity, figures, collected] = await Promise.all([
    capacityRead,
    loadJobDays(db, {
      dates: [p.today, p.tomorrow],
      timeZone: tz,
      teams: capacityRead.then((c) => c.teams),
      now,
    }),
    loadActionQueue(db, {
      now,
      timeZone: tz,
      unpaidWindowMinutes: Math.max(settings.minNoticeMinutes, settings.holdMinutes),
    }),
    loadRecentActivity(db, { timeZone: tz, limit: 10 }),
    bookedFigures(db, [p.day.current, p.day.previous, p.week.current, p.week.previous]),
    deps.collectedRevenue(db, [
      p.day.currentToDate,
      p.day.previousToDate,
      p.week.currentToDate,
      p.week.previousToDate,
    ]),
  ]);
  const [today, yesterday, week, lastWeek] = figures as [
    BookedFigures,
    BookedFigures,
    BookedFigures,
    BookedFigures,
  ];
  const [cToday = 0, cYesterday = 0, cWeek = 0, cLastWeek = 0] = collected;
  const openOf = (c: ComparedPeriod, which: "current" | "previous") =>
    sumDates(capacity.openTeamMinutes, which === "current" ? c.currentDate : c.previousDate, c.days);
  const money = (n: number) => formatMoney(n, currency);
  const util = (n: number | null) => (n === null ? "Closed" : `${n}%`);
  const points = (n: number) => plural(n, "point", "points");
  const uToday = utilisationPercent(today.minutes, openOf(p.day, "current"));
  const uYesterday = utilisationPercent(yesterday.minutes, openOf(p.day, "previous"));
  const uWeek = utilisationPercent(week.minutes, openOf(p.week, "current"));
  const uLastWeek = utilisationPercent(lastWeek.minutes, openOf(p.week, "previous"));
  const kpis: Kpi[] = [
    {
      key: "bookings",
      label: "Jobs booked",
      help: "Bookings whose job falls in the period (not cancelled, declined or expired).",
      today: {
        value: String(today.count),
        delta: describeDelta(today.count, yesterday.count, String, "yesterday"),
      },
      week: {
        value: String(week.count),
        delta: describeDelta(week.count, lastWeek.count, String, "last week"),
      },
    },
    {
      key: "collected",
      label: REVENUE_TERMS.net.label,
      help: `${REVENUE_TERMS.collected.counts} ${REVENUE_TERMS.net.counts} So far in the period.`,
      today: {
        value: money(cToday),
        delta: describeDelta(cToday, cYesterday, money, "yesterday by this time"),
      },
      week: { value: money(cWeek), delta: describeDelta(cWeek, cLastWeek, money, "last week by this time") },
    },
    {
      key: "booked",
      label: REVENUE_TERMS.booked.label,
      help: BOOKED_REVENUE_HELP,
      today: {
        value: money(today.valueMinor),
        delta: describeDelta(today.valueMinor, yesterday.valueMinor, money, "yesterday"),
      },
      week: {
        value: money(week.valueMinor),
        delta: describeDelta(week.valueMinor, lastWeek.valueMinor, money, "last week"),
      },
    },
    {
      key: "utilisation",
      label: "Utilisation",
      help: "Booked minutes ÷ open team minutes of the opening hours.",
      today: { value: util(uToday), delta: describeDelta(uToday, uYesterday, points, "yesterday") },
      week: { value: util(uWeek), delta: describeDelta(uWeek, uLastWeek, points, "last week") },
    },
  ];
  return {
    timeZone: tz,
    todayTitle: formatLongDate(now, tz),
    days: jobs.days,
    nextJobId: jobs.nextJobId,
    queue,
    queueTotal: queue.reduce((s, g) => s + g.count, 0),
    kpis,
    activity,
  };
}

/** For the page: the request's database. */
export async function loadAdminToday(
  viewer: Pick<SessionUser, "role"> | null,
  deps: { collectedRevenue: CollectedRevenue },
): Promise<AdminToday> {
  return getAdminToday(await getDb(), viewer, deps);
}
