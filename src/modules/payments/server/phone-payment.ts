import "server-only";
import { addToBookingLedger, recordBookingEvents } from "@/modules/bookings/server";
import { type RecordManualPayment } from "@/modules/phone-bookings/server";
import { payments } from "@/server/db/schema";
import { receiptSection } from "./payment-emails";
import { issueInvoiceIfDue } from "./tax-documents/tax-documents";

// Money the business took for a booking it has just made on the phone (cash, card terminal or bank
// transfer): a settled manual payment, counted on the booking's ledger through the bookings module, on
// its timeline — in the booking's own transaction. Its receipt is a section of the booking's confirmation
// (one email to the customer, as a paid online booking gets), not an email of its own.

export const recordPhonePayment: RecordManualPayment = async (tx, { booking, payment, actorId, now }) => {
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
};
