import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { DbOrTx } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";

// The latest refund of a booking, as the /booking/* result pages show it (the wizard's result page).

export type RefundFact = { amount: string; status: "pending" | "succeeded" | "failed" };

export async function latestRefundFact(db: DbOrTx, bookingId: string): Promise<RefundFact | null> {
  const [row] = await db
    .select({ amountMinor: refunds.amountMinor, status: refunds.status, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  return row ? { amount: formatMoney(row.amountMinor, row.currency), status: row.status } : null;
}
