import "server-only";
import { eq } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { bookingPageUrl } from "@/modules/bookings/links";
import { type BusinessAlert, bookingContext, enqueueBusinessAlert } from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import type { ReceiptSection } from "@/modules/notifications/templates/booking";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { payments } from "@/server/db/schema";

// The payment emails, queued in the caller's transaction: the customer's receipt and the business's
// alerts about money it has to know of. The booking's own emails are the bookings module's.

const METHOD_LABELS = {
  stripe: "Card (Stripe)",
  test: "Test payment (no real money)",
  manual: "Recorded payment",
};

/** The receipt of a payment, as a section of the booking's confirmation. */
export async function receiptSection(
  tx: DbOrTx,
  payment: typeof payments.$inferSelect,
  now: Date,
): Promise<ReceiptSection> {
  const settings = await getSettingsOrThrow(tx);
  return {
    amount: formatMoney(payment.amountMinor, payment.currency),
    method: METHOD_LABELS[payment.provider],
    paidAt: formatDateTime(payment.settledAt ?? now, settings.timeZone),
  };
}

/** The customer's receipt for one settled payment (a money email: always sent, whatever the preferences). */
export async function enqueuePaymentReceipt(tx: Tx, paymentId: string): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  const { booking, view, customer, settings } = await bookingContext(tx, payment.bookingId);
  if (!customer) return;
  await enqueueEmail(tx, {
    to: customer.email,
    template: "payment-receipt",
    bookingId: booking.id,
    userId: customer.id,
    data: {
      name: customer.name,
      reference: booking.reference,
      amount: formatMoney(payment.amountMinor, payment.currency),
      method: METHOD_LABELS[payment.provider],
      paidAt: formatDateTime(payment.settledAt ?? new Date(), settings.timeZone),
      total: view.total,
      paidToDate: view.paid,
      balance: view.onTheDay,
      balanceMinor: view.onTheDayMinor,
      payBy: view.payBy,
      url: bookingPageUrl("success", booking, getEnv().APP_URL),
    },
  });
}

/** Tells the business about a payment it has to know of (the bookings module's alert mechanism). */
export async function enqueuePaymentAlert(tx: DbOrTx, input: BusinessAlert): Promise<void> {
  await enqueueBusinessAlert(tx, input);
}
