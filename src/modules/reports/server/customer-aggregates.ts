import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookings, chargeExpr, users } from "@/server/db/schema";
import { between, booked, bookedRevenue, isTotal, num, type Range, rows, split, str, t } from "./sql";

// The customers reports' aggregates: new against returning customers, and the top customers by spend.

// ── Customers ─────────────────────────────────────────────────────────────────────────────────────

export type CustomerTypeRow = {
  /** "new": their first booked job is in the range; "returning": they had one before it. */
  type: "new" | "returning" | "";
  customers: number;
  jobs: number;
  valueMinor: number;
};

/** The range's customers with their booked jobs and value in it (one row each). */
export const rangeCustomers = (r: Range) => sql`(
  SELECT "bookings"."customer_id" AS customer_id, count(*)::int AS jobs,
    COALESCE(sum(${chargeExpr(bookings)}) FILTER (WHERE ${bookedRevenue(sql`"bookings"."status"`)}), 0) AS value
  FROM ${bookings}
  WHERE "bookings"."status" IN ${booked} AND ${between(sql`"bookings"."starts_at"`, r)}
  GROUP BY "bookings"."customer_id"
)`;

/** Customers with booked jobs in the range, new and returning. */
export async function customerTypes(
  db: DbOrTx,
  r: Range,
): Promise<{ rows: CustomerTypeRow[]; total: CustomerTypeRow }> {
  const all = await rows(
    db,
    sql`SELECT is_returning, GROUPING(is_returning) AS g, count(*)::int AS customers, COALESCE(sum(jobs), 0)::int AS jobs,
        COALESCE(sum(value), 0)::bigint AS value
      FROM (SELECT c.*, EXISTS (SELECT 1 FROM ${bookings} p WHERE p.customer_id = c.customer_id
          AND p.status IN ${booked} AND p.starts_at < ${t(r.from)}) AS is_returning
        FROM ${rangeCustomers(r)} c) s
      GROUP BY ROLLUP(is_returning)
      ORDER BY g, is_returning`,
  );
  const map = (row: Record<string, unknown>): CustomerTypeRow => ({
    type: isTotal(row) ? "" : row.is_returning === true || row.is_returning === "t" ? "returning" : "new",
    customers: num(row.customers),
    jobs: num(row.jobs),
    valueMinor: num(row.value),
  });
  const out = split(all, map, map({ g: 1 }));
  // Both rows always: a range with no returning customers still says so.
  const rowsOut = (["new", "returning"] as const).map(
    (type) => out.rows.find((x) => x.type === type) ?? { type, customers: 0, jobs: 0, valueMinor: 0 },
  );
  return { rows: rowsOut, total: out.total };
}

export type TopCustomerRow = {
  customerId: string;
  name: string;
  email: string;
  jobs: number;
  valueMinor: number;
  /** Their first booked job ever. */
  firstJobAt: Date | null;
};

/** The customers with the highest booked value in the range. */
export async function topCustomers(db: DbOrTx, r: Range, limit = 10): Promise<TopCustomerRow[]> {
  const found = await rows(
    db,
    sql`SELECT c.customer_id, "users"."name" AS name, "users"."email" AS email, c.jobs, c.value::bigint AS value,
        (SELECT min(p.starts_at) FROM ${bookings} p WHERE p.customer_id = c.customer_id
          AND p.status IN ${booked}) AS first_job
      FROM ${rangeCustomers(r)} c JOIN ${users} ON "users"."id" = c.customer_id
      ORDER BY c.value DESC, "users"."name", c.customer_id
      LIMIT ${limit}`,
  );
  return found.map((row) => ({
    customerId: str(row.customer_id),
    name: str(row.name),
    email: str(row.email),
    jobs: num(row.jobs),
    valueMinor: num(row.value),
    firstJobAt: row.first_job ? new Date(row.first_job as string | Date) : null,
  }));
}
