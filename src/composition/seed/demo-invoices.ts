import "server-only";
import { and, asc, eq, gte, isNotNull, min } from "drizzle-orm";
import { addDays, localDateOf, localDayStart } from "@/lib/dates";
import { issueInvoiceIfDue } from "@/modules/payments/server";
import type { Tx } from "@/server/db";
import { payments } from "@/server/db/schema";

// The demo business is VAT registered (issue 41 §5) since the first day of last month, so the bookings
// paid since then carry the VAT invoices a real business's would — each invoiced as of its first payment,
// in the order the money came in, so the numbers run with the dates — and the accountant's exports of this
// month and last have rows from the start. The seed writes its payments directly (demo-history-write),
// past the money path that issues invoices; the months before stay uninvoiced, which keeps the first start
// quick (an invoice costs a dozen queries).

/** The first day of the month before `now`'s, in the business's zone. */
export function demoVatRegisteredFrom(now: Date, timeZone: string): Date {
  const firstOfThisMonth = `${localDateOf(now, timeZone).slice(0, 8)}01`;
  const firstOfLast = `${addDays(firstOfThisMonth, -1).slice(0, 8)}01`;
  return localDayStart(firstOfLast, timeZone);
}

export async function issueDemoInvoices(tx: Tx, o: { now: Date; timeZone: string }): Promise<number> {
  const from = demoVatRegisteredFrom(o.now, o.timeZone);
  const first = min(payments.settledAt);
  const paid = await tx
    .select({ bookingId: payments.bookingId, first })
    .from(payments)
    .where(and(eq(payments.status, "succeeded"), isNotNull(payments.settledAt)))
    .groupBy(payments.bookingId)
    .having(gte(first, from))
    .orderBy(asc(first), asc(payments.bookingId));
  let issued = 0;
  for (const p of paid) {
    if (p.first && (await issueInvoiceIfDue(tx, p.bookingId, p.first))) issued++;
  }
  return issued;
}
