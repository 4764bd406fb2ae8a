import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db";
import { addToBookingLedger, recordBookingEvents } from "@/modules/bookings/server";
import { bookings, payments, refunds } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { publish } from "@/server/realtime/publish";
import { enqueuePaymentAlert } from "./payment-emails";
import { getPaymentProvider } from "./registry";

// Sends a recorded refund to the provider, outside any transaction. The refund row's id is the
// provider's idempotency key, so sending it again (a webhook retried after a crash) never refunds twice.

export type RefundHints = { paymentReference?: string | null };

export async function issueRefund(
  db: Db,
  refundId: string,
  hints: RefundHints = {},
  now = new Date(),
): Promise<"succeeded" | "pending" | "failed" | "skipped"> {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== "pending" || row.refund.providerReference) return "skipped";
  const { refund, payment } = row;
  const [booking] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      customerId: bookings.customerId,
      status: bookings.status,
    })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId));
  if (!booking) return "skipped";
  const live = { bookingId: booking.id, reference: booking.reference, status: booking.status };

  let result: { id: string; status: "succeeded" | "pending" };
  try {
    result = await getPaymentProvider(payment.provider).refund({
      checkoutId: payment.providerReference ?? "",
      paymentReference: hints.paymentReference ?? null,
      amountMinor: refund.amountMinor,
      currency: payment.currency,
      idempotencyKey: refund.id,
      reason: refund.reason,
    });
  } catch (err) {
    logger.error({ err, refundId }, "automatic refund failed");
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: "failed" })
        .where(
          and(eq(refunds.id, refund.id), eq(refunds.status, "pending"), isNull(refunds.providerReference)),
        )
        .returning({ id: refunds.id });
      if (!failed) return;
      await recordBookingEvents(tx, [
        {
          bookingId: booking.id,
          type: "refund",
          fromValue: "pending",
          toValue: "failed",
          data: { refundId: refund.id, amountMinor: refund.amountMinor },
        },
      ]);
      await enqueuePaymentAlert(tx, {
        bookingId: booking.id,
        kind: "refund_failed",
        amountMinor: refund.amountMinor,
        currency: payment.currency,
        detail: `The automatic refund of ${formatMoney(refund.amountMinor, payment.currency)} could not be made by the payment provider. Please refund the customer from the provider's dashboard and record it.`,
      });
      await publish(tx, "booking.updated", { audience: "admins" }, live);
    });
    return "failed";
  }

  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({
        status: result.status,
        providerReference: result.id,
        settledAt: result.status === "succeeded" ? now : null,
      })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.providerReference)))
      .returning({ id: refunds.id });
    if (!done) return "skipped" as const;
    // Accepted by the provider: the booking's ledger counts it from now.
    await addToBookingLedger(tx, booking.id, { refundedMinor: refund.amountMinor });
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        type: "refund",
        fromValue: "pending",
        toValue: result.status,
        data: { refundId: refund.id, amountMinor: refund.amountMinor, providerReference: result.id },
      },
    ]);
    await publish(tx, "booking.updated", { audience: "admins" }, live);
    await publish(tx, "booking.updated", { audience: "user", userId: booking.customerId }, live);
    return result.status;
  });
}

/** Refunds recorded for a payment but never sent (the process stopped between commit and the call). */
export async function issueUnsentRefunds(db: Db, paymentId: string, hints: RefundHints = {}): Promise<void> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending"), isNull(refunds.providerReference)),
    );
  for (const r of rows) await issueRefund(db, r.id, hints);
}
