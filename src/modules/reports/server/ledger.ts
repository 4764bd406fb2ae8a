import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookings, payments, refunds, users } from "@/server/db/schema";
import { between, num, type Range, rows, str, t } from "./sql";

// The payments and refunds ledger of the reports (split from aggregates.ts): it lists rows, so it reads the
// base tables, a page or a CSV batch at a time (ADR 0026), not the daily rollup.

// ── Payments and refunds ledger ───────────────────────────────────────────────────────────────────

export type LedgerEntry = {
  id: string;
  type: "payment" | "refund";
  settledAt: Date;
  /** The payment's kind (a refund's is its payment's). */
  kind: string;
  bookingId: string;
  bookingReference: string;
  customerName: string;
  customerEmail: string;
  provider: string;
  method: string;
  providerReference: string;
  /** Positive for a payment, negative for a refund. */
  amountMinor: number;
  currency: string;
};

export type LedgerTotals = {
  payments: number;
  paymentsMinor: number;
  refunds: number;
  refundsMinor: number;
  netMinor: number;
};

/**
 * Payments and refunds settled in the range, as one list of entries. With `page`, each side is already
 * cut to the entries after the cursor, in settle order, at most `limit` (+ offset) of them — read from
 * the start of the cursor in (settled_at, id) indexes — so a page or a CSV batch costs its own rows,
 * not the range's (ADR 0026; each batch of the 12-month CSV at 1,000,000 bookings read the whole range).
 */
const ledgerUnion = (r: Range, page?: { take: number; after?: LedgerCursor }) => {
  const after = (table: string) =>
    page?.after
      ? sql`AND (${sql.raw(`"${table}"."settled_at", "${table}"."id"`)}) > (${t(page.after.at)}, ${page.after.id}::uuid)`
      : sql``;
  const cut = (table: string) =>
    page ? sql.raw(`ORDER BY "${table}"."settled_at", "${table}"."id" LIMIT ${page.take}`) : sql``;
  return sql`(
  (SELECT 'payment' AS type, "payments"."id" AS id, "payments"."settled_at" AS at, "payments"."kind"::text AS kind,
    "payments"."booking_id" AS booking_id, "payments"."provider"::text AS provider,
    "payments"."method"::text AS method, "payments"."provider_reference" AS provider_reference,
    "payments"."amount_minor" AS amount, "payments"."currency" AS currency
  FROM ${payments}
  WHERE "payments"."status" = 'succeeded' AND ${between(sql`"payments"."settled_at"`, r)} ${after("payments")}
  ${cut("payments")})
  UNION ALL
  (SELECT 'refund', "refunds"."id", "refunds"."settled_at", "payments"."kind"::text, "payments"."booking_id",
    "payments"."provider"::text, "payments"."method"::text, "refunds"."provider_reference",
    -"refunds"."amount_minor", "payments"."currency"
  FROM ${refunds} JOIN ${payments} ON "payments"."id" = "refunds"."payment_id"
  WHERE "refunds"."status" = 'succeeded' AND ${between(sql`"refunds"."settled_at"`, r)} ${after("refunds")}
  ${cut("refunds")})
) e`;
};

const toEntry = (row: Record<string, unknown>): LedgerEntry => ({
  id: str(row.id),
  type: row.type === "refund" ? "refund" : "payment",
  settledAt: new Date(row.at as string | Date),
  kind: str(row.kind),
  bookingId: str(row.booking_id),
  bookingReference: str(row.reference),
  customerName: str(row.name),
  customerEmail: str(row.email),
  provider: str(row.provider),
  method: str(row.method),
  providerReference: str(row.provider_reference),
  amountMinor: num(row.amount),
  currency: str(row.currency),
});

export type LedgerCursor = { at: Date; id: string };

/** Ledger entries in settle order; a page (limit/offset) or the entries after a cursor (the CSV stream). */
export async function ledgerEntries(
  db: DbOrTx,
  r: Range,
  page: { limit: number; offset?: number; after?: LedgerCursor },
): Promise<LedgerEntry[]> {
  // The page of entries first (from the two settle-date indexes), then its bookings and customers: the
  // joins touch the page's rows, not the range's.
  const offset = page.offset ?? 0;
  const found = await rows(
    db,
    sql`SELECT e.*, "bookings"."reference" AS reference, "users"."name" AS name, "users"."email" AS email
      FROM (SELECT * FROM ${ledgerUnion(r, { take: page.limit + offset, after: page.after })}
        ORDER BY e.at, e.id LIMIT ${page.limit} OFFSET ${offset}) e
      JOIN ${bookings} ON "bookings"."id" = e.booking_id
      JOIN ${users} ON "users"."id" = "bookings"."customer_id"
      ORDER BY e.at, e.id`,
  );
  return found.map(toEntry);
}

/** Every entry after the cursor, a batch at a time (for the CSV download). */
export async function* ledgerBatches(db: DbOrTx, r: Range, batchSize = 2000): AsyncGenerator<LedgerEntry[]> {
  let after: LedgerCursor | undefined;
  for (;;) {
    const batch = await ledgerEntries(db, r, { limit: batchSize, after });
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1] as LedgerEntry;
    after = { at: last.settledAt, id: last.id };
  }
}

export async function ledgerTotals(db: DbOrTx, r: Range): Promise<LedgerTotals> {
  const [row] = await rows(
    db,
    sql`SELECT count(*) FILTER (WHERE type = 'payment')::int AS payments,
        COALESCE(sum(amount) FILTER (WHERE type = 'payment'), 0)::bigint AS payments_minor,
        count(*) FILTER (WHERE type = 'refund')::int AS refunds,
        COALESCE(-sum(amount) FILTER (WHERE type = 'refund'), 0)::bigint AS refunds_minor,
        COALESCE(sum(amount), 0)::bigint AS net_minor
      FROM ${ledgerUnion(r)}`,
  );
  return {
    payments: num(row?.payments),
    paymentsMinor: num(row?.payments_minor),
    refunds: num(row?.refunds),
    refundsMinor: num(row?.refunds_minor),
    netMinor: num(row?.net_minor),
  };
}
