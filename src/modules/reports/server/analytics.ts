import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { statusNotIn } from "@/server/db/time-taken";
import {
  bookingEvents,
  bookings,
  reportDaily,
  reportDailyHours,
  reportDailyItems,
  reportDailyLeads,
  serviceCategories,
  services,
} from "@/server/db/schema";
import { LEAD_TIME_BUCKETS, type HeatCell, type TrendGrain } from "../domain/analytics";
import { rangeCustomers } from "./customer-aggregates";
import {
  between,
  booked,
  bookedRevenue,
  dateKey,
  inDates,
  isTotal,
  num,
  type Range,
  rows,
  str,
  t,
} from "./sql";
import { NEVER_BOOKED_STATUSES } from "@/lib/enums";

// /admin/analytics' figures, each one SQL aggregate over the range's rows (the reports' definitions:
// ADR 0022 — "booked" is a job starting in the range with a status in BOOKED_STATUSES). Every local day,
// month, weekday and hour is the instant's wall-clock time in the business zone, so a DST week puts a
// 09:00 job at 09:00 on both sides of the change. The sums come from the daily rollup (ADR 0037); the
// rates' reschedules and the repeat customers read the base tables.

const startsIn = (r: Range) => between(sql`"bookings"."starts_at"`, r);

export type TrendPoint = { period: string; bookings: number; revenueMinor: number };

/**
 * Booked jobs and their booked value per local day or month (only periods with a job), and the total: the
 * reports' "Booked" (lib/booking/revenue-terms) — the charge of the jobs that stand — so analytics and the
 * revenue report say the same figure for the same range.
 */
export async function bookingTrend(
  db: DbOrTx,
  r: Range,
  grain: TrendGrain,
): Promise<{ rows: TrendPoint[]; total: TrendPoint }> {
  const all = await rows(
    db,
    sql`SELECT k, GROUPING(k) AS g, COALESCE(sum(n), 0)::int AS n, COALESCE(sum(v), 0)::bigint AS v
      FROM (SELECT ${dateKey(sql`d.local_date`, grain)} AS k, d.jobs AS n, d.charge_minor AS v
        FROM ${reportDaily} d
        WHERE ${bookedRevenue(sql`d.status`)} AND d.jobs <> 0 AND ${inDates(sql`d.local_date`, r)}) s
      GROUP BY ROLLUP(k)
      ORDER BY g, k`,
  );
  const map = (row: Record<string, unknown>): TrendPoint => ({
    period: isTotal(row) ? "" : str(row.k),
    bookings: num(row.n),
    revenueMinor: num(row.v),
  });
  const total = all.find(isTotal);
  return {
    rows: all.filter((x) => !isTotal(x)).map(map),
    total: total ? map(total) : { period: "", bookings: 0, revenueMinor: 0 },
  };
}

export type MixRow = { name: string; count: number; revenueMinor: number };

/**
 * Package and add-on lines of the booked jobs by their service's category (a line whose service was
 * deleted has none: name ""). Count: lines sold.
 */
export async function categoryMix(db: DbOrTx, r: Range): Promise<{ rows: MixRow[]; total: MixRow }> {
  const all = await rows(
    db,
    sql`SELECT name, GROUPING(name) AS g, COALESCE(sum(n), 0)::int AS n, COALESCE(sum(v), 0)::bigint AS revenue
      FROM (SELECT COALESCE(${serviceCategories.name}, '') AS name, i.lines AS n, i.revenue_minor AS v
        FROM ${reportDailyItems} i
        LEFT JOIN ${services} ON ${services.id} = i.service_id
        LEFT JOIN ${serviceCategories} ON ${serviceCategories.id} = ${services.categoryId}
        WHERE i.lines <> 0 AND ${inDates(sql`i.local_date`, r)}) s
      GROUP BY ROLLUP(name)
      ORDER BY g, revenue DESC, name`,
  );
  const map = (row: Record<string, unknown>): MixRow => ({
    name: str(row.name),
    count: num(row.n),
    revenueMinor: num(row.revenue),
  });
  const total = all.find(isTotal);
  return {
    rows: all.filter((x) => !isTotal(x)).map(map),
    total: total ? map(total) : { name: "", count: 0, revenueMinor: 0 },
  };
}

/** Booked jobs by the local ISO weekday (1 = Monday) and hour they start at; only slots with a job. */
export async function weekdayHourHeat(db: DbOrTx, r: Range): Promise<HeatCell[]> {
  const all = await rows(
    db,
    sql`SELECT extract(isodow FROM h.local_date)::int AS wd, h.hour::int AS h, sum(h.jobs)::int AS n
      FROM ${reportDailyHours} h
      WHERE ${inDates(sql`h.local_date`, r)}
      GROUP BY 1, 2
      HAVING sum(h.jobs) <> 0
      ORDER BY 1, 2`,
  );
  return all.map((row) => ({ weekday: num(row.wd), hour: num(row.h), jobs: num(row.n) }));
}

/**
 * Booked jobs by how far ahead they were booked: local days from the booking's creation to its job
 * (LEAD_TIME_BUCKETS), one count per bucket (zeros included) and the total.
 */
export async function leadTimes(db: DbOrTx, r: Range): Promise<{ buckets: number[]; total: number }> {
  // CASE from the buckets' lower bounds, highest first; below the first (booked after the job's day,
  // by hand) counts as the first.
  const cases = sql.raw(
    [...LEAD_TIME_BUCKETS]
      .map((b, i) => ({ ...b, i }))
      .reverse()
      .map((b) => `WHEN d >= ${b.min} THEN ${b.i}`)
      .join(" "),
  );
  const all = await rows(
    db,
    sql`SELECT b, GROUPING(b) AS g, COALESCE(sum(n), 0)::int AS n
      FROM (SELECT CASE ${cases} ELSE 0 END AS b, jobs AS n
        FROM (SELECT l.lead_days AS d, l.jobs FROM ${reportDailyLeads} l
          WHERE l.jobs <> 0 AND ${inDates(sql`l.local_date`, r)}) s) s2
      GROUP BY ROLLUP(b)`,
  );
  const buckets = LEAD_TIME_BUCKETS.map(() => 0);
  for (const row of all) if (!isTotal(row)) buckets[num(row.b)] = num(row.n);
  return { buckets, total: num(all.find(isTotal)?.n) };
}

export type Rates = {
  /** Bookings whose job falls in the range and that were made: every status but declined and expired. */
  bookings: number;
  cancelled: number;
  noShows: number;
  /** Of those bookings, the ones moved to another time at least once. */
  rescheduled: number;
};

/** Cancellation, no-show and reschedule counts of the bookings made for jobs in the range. */
export async function bookingRates(db: DbOrTx, r: Range): Promise<Rates> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n,
        count(*) FILTER (WHERE ${bookings.status} = 'cancelled')::int AS cancelled,
        count(*) FILTER (WHERE ${bookings.status} = 'no_show')::int AS no_shows,
        count(*) FILTER (WHERE ${bookings.id} IN (
          SELECT ${bookingEvents.bookingId} FROM ${bookingEvents} WHERE ${bookingEvents.type} = 'rescheduled'
        ))::int AS rescheduled
      FROM ${bookings}
      WHERE ${statusNotIn(bookings.status, NEVER_BOOKED_STATUSES)} AND ${startsIn(r)}`,
  );
  return {
    bookings: num(row?.n),
    cancelled: num(row?.cancelled),
    noShows: num(row?.no_shows),
    rescheduled: num(row?.rescheduled),
  };
}

export type RepeatCustomers = {
  /** Customers with a booked job in the range. */
  customers: number;
  /** Of them, those who have booked more than once: a booked job before the range, or two in it. */
  repeat: number;
};

export async function repeatCustomers(db: DbOrTx, r: Range): Promise<RepeatCustomers> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS customers,
        count(*) FILTER (WHERE c.jobs > 1 OR EXISTS (SELECT 1 FROM ${bookings} p
          WHERE p.customer_id = c.customer_id AND p.status IN ${booked} AND p.starts_at < ${t(r.from)}))::int AS repeat
      FROM ${rangeCustomers(r)} c`,
  );
  return { customers: num(row?.customers), repeat: num(row?.repeat) };
}
