import "server-only";
import { type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";

// Money actually collected in a span of time: payments settled in it, less refunds settled in it. One
// aggregate over the settled payments and refunds of the whole window (partial index
// payments_settled_idx, refunds_settled_idx), whatever the number of spans asked for.

export type InstantRange = { from: Date; to: Date };

/** Net money collected (minor units) in each half-open range, in the order given. */
export async function collectedRevenue(db: DbOrTx, ranges: readonly InstantRange[]): Promise<number[]> {
  if (ranges.length === 0) return [];
  const from = new Date(Math.min(...ranges.map((r) => r.from.getTime()))).toISOString();
  const to = new Date(Math.max(...ranges.map((r) => r.to.getTime()))).toISOString();
  const sums = (col: SQLWrapper, amount: SQLWrapper) =>
    sql.join(
      ranges.map(
        (r, i) =>
          sql`COALESCE(sum(${amount}) FILTER (WHERE ${col} >= ${r.from.toISOString()}::timestamptz
            AND ${col} < ${r.to.toISOString()}::timestamptz), 0)::bigint AS ${sql.identifier(`r${i}`)}`,
      ),
      sql`, `,
    );
  const [paid, refunded] = await Promise.all([
    db.execute<Record<string, string | number>>(
      sql`SELECT ${sums(payments.settledAt, payments.amountMinor)} FROM ${payments}
        WHERE ${payments.status} = 'succeeded' AND ${payments.settledAt} >= ${from}::timestamptz
          AND ${payments.settledAt} < ${to}::timestamptz`,
    ),
    db.execute<Record<string, string | number>>(
      sql`SELECT ${sums(refunds.settledAt, refunds.amountMinor)} FROM ${refunds}
        WHERE ${refunds.status} = 'succeeded' AND ${refunds.settledAt} >= ${from}::timestamptz
          AND ${refunds.settledAt} < ${to}::timestamptz`,
    ),
  ]);
  const p = paid.rows[0] ?? {};
  const r = refunded.rows[0] ?? {};
  return ranges.map((_, i) => Number(p[`r${i}`] ?? 0) - Number(r[`r${i}`] ?? 0));
}
