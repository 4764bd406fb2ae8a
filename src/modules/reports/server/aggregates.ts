import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { statusIn, statusNotIn } from "@/server/db/time-taken";
import {
  bookings,
  reportDaily,
  reportDailyItems,
  reportDailyMoney,
  reportDailySizes,
  reportDailyZones,
  teams,
} from "@/server/db/schema";
import { reconcileRevenue, type RevenueReconciliation } from "@/lib/booking/revenue-terms";
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
  split,
  str,
} from "./sql";
import { CALLED_OFF_STATUSES, FEE_KEPT_STATUSES, NOT_TAKEN_ON_STATUSES } from "@/lib/enums";

// Every report's figures, each one SQL aggregate (or three, merged by key) over the range's rows; totals
// come from the same statement (GROUP BY ROLLUP), so no report sums rows in JavaScript. Reads across the
// bookings, payments and availability tables are allowed (ADR 0016); nothing here writes.
//
// The sums come from the daily rollup (ADR 0037: report_daily* — per business-local date, kept by triggers
// in every write's transaction), so 12 months read a few thousand rows, not ~300,000 bookings. A rollup row
// may hold zeros (its bookings moved away), so the reads skip rows with no jobs. What lists rows (the
// ledger) or needs each customer's history (customers, top customers) reads the base tables.
//
// What counts, once for all reports:
// - "Booked" revenue is the charge (ADR 0040: the total less adjustments; a missed booking's no-show fee)
//   of the bookings whose job starts in the range (its local date in the business zone) and that stand
//   and the business has taken on: BOOKED_REVENUE_STATUSES / booking_is_booked_revenue — confirmed, in
//   progress, completed, no-show. A hold waiting for payment, a request waiting for approval, cancelled,
//   declined and expired bookings add nothing (the bookings-by-status report counts them). The revenue,
//   customers, top customers and teams reports' money, and the Today page's booked value, use this rule.
// - Jobs and hours (teams, analytics, the board) count every booking that takes a team's time:
//   BOOKED_STATUSES (also pending payment and awaiting approval).
// - "Collected" is succeeded payments by the instant they settled; "refunded" is succeeded refunds by the
//   instant they settled; net = collected − refunded, which is payments' collectedRevenue (the Today page).
// - Money kept on a booking is what was paid less what was refunded; on a cancelled or no-show booking
//   that is the fee kept.

export type { Range } from "./sql";

// ── Revenue ───────────────────────────────────────────────────────────────────────────────────────

export type RevenueRow = {
  /** YYYY-MM-DD or YYYY-MM in the business zone; "" on the totals row. */
  period: string;
  bookings: number;
  bookedMinor: number;
  collectedMinor: number;
  depositsMinor: number;
  fullMinor: number;
  balancesMinor: number;
  refundedMinor: number;
  netMinor: number;
};

const emptyRevenue = (period: string): RevenueRow => ({
  period,
  bookings: 0,
  bookedMinor: 0,
  collectedMinor: 0,
  depositsMinor: 0,
  fullMinor: 0,
  balancesMinor: 0,
  refundedMinor: 0,
  netMinor: 0,
});

/** Booked (by job date), collected by payment kind and refunded (by settle date), per day or month. */
export async function revenueReport(
  db: DbOrTx,
  r: Range,
  grain: "day" | "month",
): Promise<{ rows: RevenueRow[]; total: RevenueRow }> {
  const [bookedRows, paidRows, refundRows] = await Promise.all([
    rows(
      db,
      sql`SELECT k, GROUPING(k) AS g, COALESCE(sum(n), 0)::int AS n, COALESCE(sum(v), 0)::bigint AS v
        FROM (SELECT ${dateKey(sql`d.local_date`, grain)} AS k, d.jobs AS n, d.charge_minor AS v
          FROM ${reportDaily} d
          WHERE ${bookedRevenue(sql`d.status`)} AND d.jobs <> 0 AND ${inDates(sql`d.local_date`, r)}) s
        GROUP BY ROLLUP(k)`,
    ),
    rows(
      db,
      sql`SELECT k, GROUPING(k) AS g, COALESCE(sum(v), 0)::bigint AS v,
          COALESCE(sum(v) FILTER (WHERE kind = 'deposit'), 0)::bigint AS deposit,
          COALESCE(sum(v) FILTER (WHERE kind = 'full'), 0)::bigint AS "full",
          COALESCE(sum(v) FILTER (WHERE kind = 'balance'), 0)::bigint AS balance
        FROM (SELECT ${dateKey(sql`m.local_date`, grain)} AS k, m.amount_minor AS v, m.kind
          FROM ${reportDailyMoney} m
          WHERE m.kind <> 'refund' AND m.entries <> 0 AND ${inDates(sql`m.local_date`, r)}) s
        GROUP BY ROLLUP(k)`,
    ),
    rows(
      db,
      sql`SELECT k, GROUPING(k) AS g, COALESCE(sum(v), 0)::bigint AS v
        FROM (SELECT ${dateKey(sql`m.local_date`, grain)} AS k, m.amount_minor AS v
          FROM ${reportDailyMoney} m
          WHERE m.kind = 'refund' AND m.entries <> 0 AND ${inDates(sql`m.local_date`, r)}) s
        GROUP BY ROLLUP(k)`,
    ),
  ]);
  const byKey = new Map<string, RevenueRow>();
  const at = (row: Record<string, unknown>) => {
    const key = isTotal(row) ? "" : str(row.k);
    let out = byKey.get(key);
    if (!out) byKey.set(key, (out = emptyRevenue(key)));
    return out;
  };
  for (const b of bookedRows) Object.assign(at(b), { bookings: num(b.n), bookedMinor: num(b.v) });
  for (const p of paidRows)
    Object.assign(at(p), {
      collectedMinor: num(p.v),
      depositsMinor: num(p.deposit),
      fullMinor: num(p.full),
      balancesMinor: num(p.balance),
    });
  for (const f of refundRows) at(f).refundedMinor = num(f.v);
  for (const row of byKey.values()) row.netMinor = row.collectedMinor - row.refundedMinor;
  const total = byKey.get("") ?? emptyRevenue("");
  byKey.delete("");
  return { rows: [...byKey.values()].sort((a, b) => a.period.localeCompare(b.period)), total };
}

/**
 * How the range's booked value becomes what it collected (lib/booking/revenue-terms): the charge, what is
 * still due, owed back and was paid on the jobs starting in the range that the business took on (not holds
 * nor requests), from the bookings themselves; collected and refunded from the ledger's rollup, as the
 * revenue report's. One statement over the range's bookings (bookings_starts_report_idx covers it).
 */
export async function revenueReconciliation(db: DbOrTx, r: Range): Promise<RevenueReconciliation> {
  const m = sql.raw(
    `status, total_minor, adjustment_minor, fee_minor, amount_paid_minor, amount_refunded_minor`,
  );
  const [jobs, ledger] = await Promise.all([
    rows(
      db,
      sql`SELECT
          COALESCE(sum(booking_charge_minor(status, total_minor, adjustment_minor, fee_minor))
            FILTER (WHERE ${bookedRevenue(sql`status`)}), 0)::bigint AS booked,
          COALESCE(sum(booking_charge_minor(status, total_minor, adjustment_minor, fee_minor))
            FILTER (WHERE ${statusIn(sql`status`, CALLED_OFF_STATUSES)}), 0)::bigint AS fees,
          COALESCE(sum(booking_due_minor(${m})), 0)::bigint AS due,
          COALESCE(sum(booking_refundable_minor(${m})), 0)::bigint AS back,
          -- Net paid on these jobs, by the definition's identity (net paid = charge − due + refundable).
          COALESCE(sum(booking_charge_minor(status, total_minor, adjustment_minor, fee_minor)
            - booking_due_minor(${m}) + booking_refundable_minor(${m})), 0)::bigint AS paid
        FROM ${bookings}
        WHERE ${between(sql`starts_at`, r)} AND ${statusNotIn(sql`status`, NOT_TAKEN_ON_STATUSES)}`,
    ),
    revenueReport(db, r, "month"),
  ]);
  const j = jobs[0] ?? {};
  return reconcileRevenue({
    bookedMinor: num(j.booked),
    closedFeesMinor: num(j.fees),
    outstandingMinor: num(j.due),
    owedBackMinor: num(j.back),
    paidForJobsMinor: num(j.paid),
    collectedMinor: ledger.total.collectedMinor,
    refundedMinor: ledger.total.refundedMinor,
  });
}

// ── Bookings by status ────────────────────────────────────────────────────────────────────────────

export type StatusRow = {
  status: string;
  bookings: number;
  valueMinor: number;
  paidMinor: number;
  refundedMinor: number;
  /** Paid less refunded: on a cancelled or no-show booking, the fee kept. */
  keptMinor: number;
};

export type StatusReport = {
  rows: StatusRow[];
  total: StatusRow;
  cancellations: number;
  noShows: number;
  /** Money kept on cancelled and no-show bookings. */
  feesKeptMinor: number;
};

/** Every booking whose job starts in the range, whatever its status. */
export async function bookingsByStatus(db: DbOrTx, r: Range): Promise<StatusReport> {
  const all = await rows(
    db,
    sql`SELECT status::text AS status, GROUPING(status) AS g, COALESCE(sum(d.jobs), 0)::int AS n,
        COALESCE(sum(d.value_minor), 0)::bigint AS value,
        COALESCE(sum(d.paid_minor), 0)::bigint AS paid,
        COALESCE(sum(d.refunded_minor), 0)::bigint AS refunded,
        COALESCE(sum(d.jobs) FILTER (WHERE status = 'cancelled'), 0)::int AS cancellations,
        COALESCE(sum(d.jobs) FILTER (WHERE status = 'no_show'), 0)::int AS no_shows,
        COALESCE(sum(d.paid_minor - d.refunded_minor)
          FILTER (WHERE ${statusIn(sql`status`, FEE_KEPT_STATUSES)}), 0)::bigint AS fees_kept
      FROM ${reportDaily} d
      WHERE d.jobs <> 0 AND ${inDates(sql`d.local_date`, r)}
      GROUP BY ROLLUP(status)`,
  );
  const map = (row: Record<string, unknown>): StatusRow => ({
    status: isTotal(row) ? "" : str(row.status),
    bookings: num(row.n),
    valueMinor: num(row.value),
    paidMinor: num(row.paid),
    refundedMinor: num(row.refunded),
    keptMinor: num(row.paid) - num(row.refunded),
  });
  const totalRow = all.find(isTotal);
  return {
    ...split(all, map, map({ g: 1 })),
    cancellations: num(totalRow?.cancellations),
    noShows: num(totalRow?.no_shows),
    feesKeptMinor: num(totalRow?.fees_kept),
  };
}

// ── Services and add-ons ──────────────────────────────────────────────────────────────────────────

export type ServiceRow = {
  kind: "package" | "addon" | "";
  name: string;
  count: number;
  revenueMinor: number;
  averageMinor: number;
};

/** Package and add-on lines of the booked jobs in the range, by kind and name (what was sold, as sold). */
export async function servicesReport(
  db: DbOrTx,
  r: Range,
): Promise<{ rows: ServiceRow[]; total: ServiceRow }> {
  const all = await rows(
    db,
    sql`SELECT i.kind::text AS kind, i.name AS name, GROUPING(i.kind) AS g, COALESCE(sum(i.lines), 0)::int AS n,
        COALESCE(sum(i.revenue_minor), 0)::bigint AS revenue,
        COALESCE(round(sum(i.revenue_minor)::numeric / NULLIF(sum(i.lines), 0)), 0)::bigint AS average
      FROM ${reportDailyItems} i
      WHERE i.lines <> 0 AND ${inDates(sql`i.local_date`, r)}
      GROUP BY ROLLUP((i.kind, i.name))
      ORDER BY g, kind DESC, revenue DESC, name`,
  );
  return split(
    all,
    (row) => ({
      kind: isTotal(row) ? "" : row.kind === "addon" ? "addon" : "package",
      name: str(row.name),
      count: num(row.n),
      revenueMinor: num(row.revenue),
      averageMinor: num(row.average),
    }),
    { kind: "", name: "", count: 0, revenueMinor: 0, averageMinor: 0 },
  );
}

export type SizeRow = { size: string; jobs: number; revenueMinor: number; averageMinor: number };

/**
 * Package and add-on revenue of the booked jobs by vehicle size: each vehicle of a visit under its own size
 * (`jobs` counts vehicles; a visit of one is one job, as before).
 */
export async function vehicleSizesReport(db: DbOrTx, r: Range): Promise<{ rows: SizeRow[]; total: SizeRow }> {
  // A vehicle counts under its size when it has package or add-on lines; the average is per vehicle.
  const all = await rows(
    db,
    sql`SELECT z.size, GROUPING(z.size) AS g, COALESCE(sum(z.jobs), 0)::int AS n,
        COALESCE(sum(z.revenue_minor), 0)::bigint AS revenue,
        COALESCE(round(sum(z.revenue_minor)::numeric / NULLIF(sum(z.jobs), 0)), 0)::bigint AS average
      FROM ${reportDailySizes} z
      WHERE z.jobs <> 0 AND ${inDates(sql`z.local_date`, r)}
      GROUP BY ROLLUP(z.size)
      ORDER BY g, revenue DESC, size`,
  );
  return split(
    all,
    (row) => ({
      size: str(row.size),
      jobs: num(row.n),
      revenueMinor: num(row.revenue),
      averageMinor: num(row.average),
    }),
    { size: "", jobs: 0, revenueMinor: 0, averageMinor: 0 },
  );
}

// ── Teams ─────────────────────────────────────────────────────────────────────────────────────────

export type TeamJobsRow = {
  teamId: string;
  name: string;
  isActive: boolean;
  jobs: number;
  bookedMinutes: number;
  valueMinor: number;
};

/** Booked jobs and minutes per team (every team; the caller adds the schedule's open minutes). */
export async function teamJobs(db: DbOrTx, r: Range): Promise<{ rows: TeamJobsRow[]; total: TeamJobsRow }> {
  const all = await rows(
    db,
    sql`SELECT "teams"."id" AS id, "teams"."name" AS name, "teams"."is_active" AS active,
        GROUPING("teams"."id") AS g, COALESCE(sum(d.jobs), 0)::int AS n,
        COALESCE(sum(d.seconds) / 60, 0)::bigint AS minutes,
        COALESCE(sum(d.charge_minor) FILTER (WHERE ${bookedRevenue(sql`d.status`)}), 0)::bigint AS value
      FROM ${teams} LEFT JOIN ${reportDaily} d ON d.team_id = "teams"."id"
        AND d.status IN ${booked} AND ${inDates(sql`d.local_date`, r)}
      GROUP BY ROLLUP(("teams"."id", "teams"."name", "teams"."is_active", "teams"."sort_order"))
      ORDER BY g, "teams"."sort_order", "teams"."name"`,
  );
  return split(
    all,
    (row) => ({
      teamId: str(row.id),
      name: str(row.name),
      isActive: row.active === true || row.active === "t",
      jobs: num(row.n),
      bookedMinutes: num(row.minutes),
      valueMinor: num(row.value),
    }),
    { teamId: "", name: "", isActive: true, jobs: 0, bookedMinutes: 0, valueMinor: 0 },
  );
}

// ── Travel zones ──────────────────────────────────────────────────────────────────────────────────

export type ZoneRow = {
  /** The zone's name as booked ("Travel to Brixton" → "Brixton"); "" for jobs with no travel fee. */
  zone: string;
  jobs: number;
  feesMinor: number;
};

/**
 * Booked jobs by the travel fee they were charged. A booking keeps its zone only as its travel-fee line
 * (booking_items kind travel_fee, named "Travel to <zone>"; pricing's quote — at most one per booking), so a
 * zone with no fee shows among "no travel fee".
 */
export async function travelZones(db: DbOrTx, r: Range): Promise<{ rows: ZoneRow[]; total: ZoneRow }> {
  const all = await rows(
    db,
    sql`SELECT z.zone, GROUPING(z.zone) AS g, COALESCE(sum(z.jobs), 0)::int AS n,
        COALESCE(sum(z.fees_minor), 0)::bigint AS fees
      FROM ${reportDailyZones} z
      WHERE z.jobs <> 0 AND ${inDates(sql`z.local_date`, r)}
      GROUP BY ROLLUP(z.zone)
      ORDER BY g, (zone = ''), fees DESC, zone`,
  );
  return split(all, (row) => ({ zone: str(row.zone), jobs: num(row.n), feesMinor: num(row.fees) }), {
    zone: "",
    jobs: 0,
    feesMinor: 0,
  });
}
