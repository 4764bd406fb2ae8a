import "server-only";
import type { PaymentMethod } from "@/lib/enums";
import { addToBookingLedger, type Booking, recordBookingEvents } from "@/modules/bookings/server";
import type { ReceiptSection } from "@/modules/notifications/templates/booking";
import type { Tx } from "@/server/db";
import { payments } from "@/server/db/schema";
import { receiptSection } from "./payment-emails";
import { issueInvoiceIfDue } from "./tax-documents/tax-documents";

// Money the business took for a booking it has just made on the phone (cash, card terminal or bank
// transfer): a settled manual payment, counted on the booking's ledger through the bookings module, on
// its timeline — in the booking's own transaction. Its receipt is a section of the booking's confirmation
// (one email to the customer, as a paid online booking gets), not an email of its own.

/** Money taken at the desk: how, how much, and the terminal's or bank's reference. */
export type ManualPayment = {
  method: Exclude<PaymentMethod, "online">;
  amountMinor: number;
  reference: string | null;
};

/** Records it, and answers its receipt for the customer's one confirmation email. */
export async function recordPhonePayment(
  tx: Tx,
  {
    booking,
    payment,
    actorId,
    now,
  }: { booking: Booking; payment: ManualPayment; actorId: string; now: Date },
): Promise<ReceiptSection> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: booking.id,
      provider: "manual",
      kind: payment.amountMinor >= booking.totalMinor ? "full" : "deposit",
      method: payment.method,
      amountMinor: payment.amountMinor,
      currency: booking.currency,
      status: "succeeded",
      recordedBy: actorId,
      settledAt: now,
    })
    .returning();
  if (!row) throw new Error("payment insert returned nothing");
  await addToBookingLedger(tx, booking.id, { paidMinor: payment.amountMinor });
  await recordBookingEvents(tx, [
    {
      bookingId: booking.id,
      actorId,
      type: "payment",
      toValue: "succeeded",
      data: {
        paymentId: row.id,
        provider: "manual",
        method: payment.method,
        amountMinor: payment.amountMinor,
        currency: booking.currency,
        reference: payment.reference,
        source: "phone booking",
      },
    },
  ]);
  // The first money for it: a VAT-registered business's invoice is issued with it (ADR 0040).
  await issueInvoiceIfDue(tx, booking.id, now);
  return receiptSection(tx, row, now);
}
