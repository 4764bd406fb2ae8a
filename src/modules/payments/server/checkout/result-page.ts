import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import {
  type BookingResult,
  loadBookingResult as loadWith,
  type ResultPayments,
} from "@/modules/wizard/server";
import { payments, refunds } from "@/server/db/schema";
import { verifyCheckoutOnReturn } from "./verify-return";

// The payments module's side of the /booking/* result pages: the provider's word on the latest checkout
// (settling a paid one on the spot) and the latest refund.

export const resultPayments: ResultPayments = {
  checkout: verifyCheckoutOnReturn,
  latestRefund: async (db, bookingId) => {
    const [row] = await db
      .select({ amountMinor: refunds.amountMinor, status: refunds.status, currency: payments.currency })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId))
      .orderBy(desc(refunds.createdAt))
      .limit(1);
    return row ? { amount: formatMoney(row.amountMinor, row.currency), status: row.status } : null;
  },
};

/** A result page's data with the payments module's facts in it. */
export const loadBookingResult = (input: Parameters<typeof loadWith>[0]): Promise<BookingResult | null> =>
  loadWith(input, resultPayments);
