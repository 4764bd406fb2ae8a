import "server-only";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import type { Db } from "@/server/db";
import {
  addToBookingLedger,
  bookingLiveColumns,
  publishBookingUpdated,
  recordBookingEvents,
} from "@/modules/bookings/server";
import { bookings, payments, refunds } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { publish } from "@/server/realtime/publish";
import { REFUND_MAX_ATTEMPTS, REFUND_SEND_LEASE_MS, refundRetryAt } from "../../domain/refund-plan";
import { enqueuePaymentAlert } from "../payment-emails";
import { getPaymentProvider } from "../providers/registry";
import { faultPoint } from "@/server/fault-point";

// Sends a recorded refund to the provider, outside any transaction. The refund row's id is the
// provider's idempotency key, so sending it again (a webhook retried after a crash, the retry job) never
// refunds twice. Each send first claims the row (attempts + 1, and a lease in retry_at: a send lost with
// its process is picked up by the retry job once the lease ends). A provider's failure leaves the row
// `failed` with its next attempt in retry_at (backing off, at most REFUND_MAX_ATTEMPTS in all); the
// business is told on the first failure and when the retries give up.

export type RefundHints = { paymentReference?: string | null };

type Outcome = "succeeded" | "pending" | "failed" | "skipped";

/** Claims the refund for one send; null when it isn't there to send (sent, settled, or not due). */
async function claim(db: Db, refundId: string, now: Date, retry: boolean): Promise<number | null> {
  const [claimed] = await db
    .update(refunds)
    .set({
      status: "pending",
      attempts: sql`${refunds.attempts} + 1`,
      retryAt: new Date(now.getTime() + REFUND_SEND_LEASE_MS),
    })
    .where(
      and(
        eq(refunds.id, refundId),
        isNull(refunds.providerReference),
        retry
          ? and(inArray(refunds.status, ["pending", "failed"]), lte(refunds.retryAt, now))
          : eq(refunds.status, "pending"),
      ),
    )
    .returning({ attempts: refunds.attempts });
  return claimed?.attempts ?? null;
}

export async function issueRefund(
  db: Db,
  refundId: string,
  hints: RefundHints = {},
  now = new Date(),
): Promise<Outcome> {
  const attempts = await claim(db, refundId, now, false);
  return attempts === null ? "skipped" : send(db, refundId, attempts, hints, now);
}

/** The retry job: every refund whose next attempt (or lapsed lease) is due is sent again. */
export async function retryDueRefunds(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<Record<Outcome, number>> {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(lte(refunds.retryAt, now), isNull(refunds.providerReference)))
    .orderBy(asc(refunds.retryAt))
    .limit(50);
  const counts: Record<Outcome, number> = { succeeded: 0, pending: 0, failed: 0, skipped: 0 };
  for (const { id } of due) {
    const attempts = await claim(db, id, now, true);
    counts[attempts === null ? "skipped" : await send(db, id, attempts, {}, now)] += 1;
  }
  return counts;
}

async function send(
  db: Db,
  refundId: string,
  attempts: number,
  hints: RefundHints,
  now: Date,
): Promise<Outcome> {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== "pending" || row.refund.providerReference) return "skipped";
  const { refund, payment } = row;
  const [booking] = await db
    .select(bookingLiveColumns)
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
    faultPoint("refund:provider-accepted");
  } catch (err) {
    logger.error({ err, refundId, attempts }, "automatic refund failed");
    const retryAt = refundRetryAt(attempts, now);
    const amount = formatMoney(refund.amountMinor, payment.currency);
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(refunds)
        .set({ status: "failed", retryAt })
        .where(
          and(eq(refunds.id, refund.id), eq(refunds.status, "pending"), isNull(refunds.providerReference)),
        )
        .returning({ id: refunds.id });
      if (!failed) return;
      // The first failure and the last are the admin's to know (the queue reads `failed`); the retries
      // between them are on the timeline only.
      const tell = attempts === 1 || retryAt === null;
      await recordBookingEvents(tx, [
        {
          bookingId: booking.id,
          type: "refund",
          fromValue: "pending",
          toValue: tell ? "failed" : "retry_failed",
          data: {
            refundId: refund.id,
            amountMinor: refund.amountMinor,
            currency: payment.currency,
            attempt: attempts,
            retryAt: retryAt?.toISOString() ?? null,
          },
        },
      ]);
      if (tell)
        await enqueuePaymentAlert(tx, {
          bookingId: booking.id,
          kind: "refund_failed",
          amountMinor: refund.amountMinor,
          currency: payment.currency,
          detail: retryAt
            ? `The automatic refund of ${amount} could not be made by the payment provider. It is tried again automatically (up to ${REFUND_MAX_ATTEMPTS} times in all) — do not refund it yourself meanwhile; you will be told if it still fails.`
            : `The automatic refund of ${amount} failed ${attempts} times at the payment provider and is no longer retried. Please refund the customer from the provider's dashboard and record it.`,
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
        retryAt: null,
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
        data: {
          refundId: refund.id,
          amountMinor: refund.amountMinor,
          providerReference: result.id,
          attempt: attempts,
        },
      },
    ]);
    await publishBookingUpdated(tx, booking);
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
