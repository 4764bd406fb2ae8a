// A/B of the customers list's facts on a kept `bench:admin` database (BENCH_KEEP_DB=1): ADR 0020's
// grouped read of every booking against ADR 0025's read model, alternating run by run so both see the
// same machine load:
//   BENCH_DB=<name> BENCH_DATABASE_URL=… node --conditions=react-server --import tsx scripts/bench/customers-ab.ts
import { sql } from "drizzle-orm";
import { ADMIN_CUSTOMER_SORTS, type AdminCustomersQuery } from "@/modules/accounts/admin-customers-filters";
import {
  type CustomerFactsSource,
  listAdminCustomers,
} from "@/modules/accounts/server/customers/admin-customers";
import { customerFactsSource } from "@/modules/bookings/server/customer-facts";
import { openDatabase } from "@/server/db/client";
import { pct } from "./databases";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const name = process.env.BENCH_DB;
if (!base || !name || !/^forecourt_bench_[0-9a-f]+$/.test(name))
  throw new Error("set BENCH_DATABASE_URL and BENCH_DB");
const url = new URL(base);
url.pathname = `/${name}`;
const { db, close } = await openDatabase({ url: url.toString(), poolSize: 5 });

/** ADR 0020's facts: one GROUP BY over every booking. */
const grouped: CustomerFactsSource = {
  searchIds: customerFactsSource.searchIds,
  sortKey: (now, key) =>
    sql`SELECT g.customer_id, g.${sql.raw({ bookings: "bookings", value: "value_minor", last: "last_at", next: "next_at" }[key])} AS k
      FROM (${grouped.facts(now)}) g`,
  facts: (now, ids) => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const only =
      ids === undefined
        ? sql``
        : ids.length
          ? sql`AND customer_id IN (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`
          : sql`AND false`;
    return sql`SELECT customer_id, (count(*) FILTER (WHERE status <> 'expired'))::int AS bookings,
      max(starts_at) FILTER (WHERE starts_at <= ${at} AND status NOT IN ('cancelled', 'declined', 'expired')) AS last_at,
      min(starts_at) FILTER (WHERE starts_at > ${at} AND status IN ('pending_payment', 'awaiting_approval', 'confirmed')) AS next_at,
      COALESCE(sum(GREATEST(0, total_minor - (amount_paid_minor - amount_refunded_minor)))
        FILTER (WHERE status IN ('confirmed', 'in_progress', 'completed')), 0)::int AS owed_minor,
      COALESCE(sum(amount_paid_minor - amount_refunded_minor), 0)::int AS value_minor
      FROM bookings WHERE true ${only} GROUP BY customer_id`;
  },
};

const admin = { role: "admin" as const };
const runs = Number(process.env.BENCH_RUNS ?? 20);
const cases: [string, AdminCustomersQuery][] = [
  ["filter_upcoming", { upcoming: "yes" }],
  ["filter_owed", { owed: "yes" }],
  ...ADMIN_CUSTOMER_SORTS.filter((s) => s !== "name" && s !== "joined").flatMap((sort) =>
    (["asc", "desc"] as const).map(
      (dir) => [`sort_${sort}_${dir}`, { sort, dir }] as [string, AdminCustomersQuery],
    ),
  ),
];
for (const [label, q] of cases) {
  const times = { grouped: [] as number[], model: [] as number[] };
  for (let i = 0; i < runs + 2; i++) {
    for (const [k, source] of [
      ["grouped", grouped],
      ["model", customerFactsSource],
    ] as const) {
      const start = performance.now();
      await listAdminCustomers(db, admin, { ...q, page: 1 + (i % 3) }, source);
      if (i >= 2) times[k].push(performance.now() - start);
    }
  }
  console.log(
    `RESULT customers_${label} before(grouped) p50_ms=${pct(times.grouped, 50).toFixed(1)} p95_ms=${pct(times.grouped, 95).toFixed(1)} after(read model) p50_ms=${pct(times.model, 50).toFixed(1)} p95_ms=${pct(times.model, 95).toFixed(1)}`,
  );
}
await close();
