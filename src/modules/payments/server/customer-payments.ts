import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, payments, refunds } from "@/server/db/schema";

// A customer's money for their admin profile: every payment and refund across their bookings (settled,
// on their way, or failed — the admin sees what happened), newest first, each with its booking, and the
// lifetime value (collected minus refunded) the customers list shows.

export type CustomerMoneyLine = {
  id: string;
  kind: "payment" | "refund";
  bookingId: string;
  reference: string;
  at: string;
  atIso: string;
  amount: string;
  status: string;
};

export type CustomerMoney = { lines: CustomerMoneyLine[]; collectedMinor: number; refundedMinor: number };

export async function customerMoney(
  db: DbOrTx,
  customerId: string,
  timeZone: string,
): Promise<CustomerMoney> {
  const mine = sql`${payments.bookingId} IN (SELECT "bookings"."id" FROM ${bookings} WHERE "bookings"."customer_id" = ${customerId})`;
  const [paid, back] = await Promise.all([
    db
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        reference: bookings.reference,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        status: payments.status,
        at: sql<Date>`COALESCE(${payments.settledAt}, ${payments.createdAt})`.mapWith(payments.createdAt),
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(mine, inArray(payments.status, ["succeeded", "failed", "pending"]))),
    db
      .select({
        id: refunds.id,
        bookingId: payments.bookingId,
        reference: bookings.reference,
        amountMinor: refunds.amountMinor,
        currency: payments.currency,
        status: refunds.status,
        at: sql<Date>`COALESCE(${refunds.settledAt}, ${refunds.createdAt})`.mapWith(refunds.createdAt),
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(mine),
  ]);
  const line = (kind: "payment" | "refund") => (r: (typeof paid)[number] | (typeof back)[number]) => ({
    id: r.id,
    kind,
    bookingId: r.bookingId,
    reference: r.reference,
    at: formatDateTime(r.at, timeZone),
    atIso: r.at.toISOString(),
    amount: formatMoney(r.amountMinor, r.currency),
    status: r.status,
  });
  const lines = [...paid.map(line("payment")), ...back.map(line("refund"))].sort((a, b) =>
    b.atIso.localeCompare(a.atIso),
  );
  const total = (rows: { amountMinor: number; status: string }[]) =>
    rows.filter((r) => r.status === "succeeded").reduce((s, r) => s + r.amountMinor, 0);
  return { lines, collectedMinor: total(paid), refundedMinor: total(back) };
}

export const loadCustomerMoney = async (customerId: string, timeZone: string) =>
  customerMoney(await getDb(), customerId, timeZone);
