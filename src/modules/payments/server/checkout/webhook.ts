import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { formatMoney } from "@/lib/money";
import { recordBookingEvents, findBooking } from "@/modules/bookings/server";
import type { Db, Tx } from "@/server/db";
import { bookingEvents, payments, webhookEvents } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";
import { amountMatches } from "../../domain/amount-check";
import { enqueuePaymentAlert } from "../payment-emails";
import { type CheckoutStatus, type ParsedWebhook, WebhookSignatureError } from "../providers/provider";
import { issueRefund, issueUnsentRefunds } from "../refunds/refunds";
import { getPaymentProvider, type OnlineProviderName } from "../providers/registry";
import { expireCheckoutsQuietly, type OpenCheckout } from "./checkout";
import { closeCheckout, settlePaidCheckout } from "./settle";
import { faultPoint } from "@/server/fault-point";

// Webhooks: verify the signature over the raw body → record the event (provider, event id) — a duplicate
// is acknowledged and ignored → find our payment by the provider's checkout id → check amount and
// currency → settle. Everything but the provider's refund call happens in one transaction, so a failure
// rolls back the event row too and the provider's retry processes it afresh.

export type WebhookResult = {
  status: 200 | 400;
  body: { received: boolean; duplicate?: boolean; error?: string };
};

type Handled = { error: string | null; refundId?: string; paymentId?: string; closed?: OpenCheckout[] };

/** Checks that the provider's checkout is ours and the money is what we asked for; returns the problem. */
export async function checkPaidCheckout(
  tx: Tx,
  provider: OnlineProviderName,
  checkout: CheckoutStatus,
): Promise<{ payment: typeof payments.$inferSelect | null; problem: string | null }> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, checkout.id)));
  if (!payment) return { payment: null, problem: `No payment is waiting for checkout ${checkout.id}.` };
  if (checkout.bookingId && checkout.bookingId !== payment.bookingId)
    return { payment, problem: `Checkout ${checkout.id} names another booking.` };
  if (!amountMatches(payment, checkout)) {
    const got =
      checkout.amountMinor !== null && checkout.currency
        ? formatMoney(checkout.amountMinor, checkout.currency)
        : "an unknown amount";
    return {
      payment,
      problem: `Checkout ${checkout.id} was paid ${got} but the booking asked for ${formatMoney(payment.amountMinor, payment.currency)}.`,
    };
  }
  return { payment, problem: null };
}

/** Records a payment that does not match its booking: nothing is confirmed; the business is told. */
export async function recordPaymentProblem(
  tx: Tx,
  payment: typeof payments.$inferSelect,
  problem: string,
  checkout: CheckoutStatus,
): Promise<void> {
  const booking = await findBooking(tx, payment.bookingId);
  if (!booking) return;
  // Once per payment, however many deliveries or page loads report it.
  const [known] = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, booking.id),
        eq(bookingEvents.type, "payment"),
        eq(bookingEvents.toValue, "rejected"),
        sql`${bookingEvents.data} ->> 'paymentId' = ${payment.id}`,
      ),
    )
    .limit(1);
  if (known) return;
  await recordBookingEvents(tx, [
    {
      bookingId: booking.id,
      type: "payment",
      toValue: "rejected",
      data: {
        paymentId: payment.id,
        problem,
        expected: { amountMinor: payment.amountMinor, currency: payment.currency },
        received: { amountMinor: checkout.amountMinor, currency: checkout.currency },
      },
    },
  ]);
  await enqueuePaymentAlert(tx, {
    bookingId: booking.id,
    kind: "amount_mismatch",
    amountMinor: checkout.amountMinor ?? payment.amountMinor,
    currency: checkout.currency ?? payment.currency,
    detail: `${problem} The booking was not confirmed; please check the payment with the provider.`,
  });
  await publish(
    tx,
    "booking.updated",
    { audience: "admins" },
    { bookingId: booking.id, reference: booking.reference, status: booking.status },
  );
}

/** Acts on a recorded event. The event row is marked before anything publishes (publishing comes last). */
async function handle(
  tx: Tx,
  provider: OnlineProviderName,
  event: ParsedWebhook,
  recordedId: string,
  now: Date,
): Promise<Handled> {
  const mark = async (error: string | null) => {
    await tx.update(webhookEvents).set({ processedAt: now, error }).where(eq(webhookEvents.id, recordedId));
    return error;
  };
  const action = event.action;
  if (action.kind === "ignored" || action.kind === "processing") return { error: await mark(null) };
  if (action.kind === "closed") {
    await closeCheckout(tx, { provider, checkoutId: action.checkoutId, outcome: action.outcome, now });
    return { error: await mark(null) };
  }
  const { payment, problem } = await checkPaidCheckout(tx, provider, action.checkout);
  if (!payment) return { error: await mark(problem) };
  if (problem) {
    await mark(problem);
    await recordPaymentProblem(tx, payment, problem, action.checkout);
    return { error: problem, paymentId: payment.id };
  }
  await mark(null);
  const settled = await settlePaidCheckout(tx, { paymentId: payment.id, source: "webhook", now });
  return {
    error: null,
    paymentId: payment.id,
    refundId: settled.outcome === "refunding" ? settled.refundId : undefined,
    closed: settled.outcome === "confirmed" ? settled.closed : undefined,
  };
}

export async function processWebhook(
  db: Db,
  providerName: OnlineProviderName,
  body: Uint8Array,
  headers: Headers,
  { now = new Date() }: { now?: Date } = {},
): Promise<WebhookResult> {
  const provider = getPaymentProvider(providerName);
  let event: ParsedWebhook;
  try {
    event = await provider.parseWebhook(body, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      return { status: 400, body: { received: false, error: "Invalid signature" } };
    throw err;
  }

  const outcome = await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(webhookEvents)
      .values({ provider: providerName, eventId: event.id, type: event.type, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!recorded) return { duplicate: true as const };
    const handled = await handle(tx, providerName, event, recorded.id, now);
    faultPoint("webhook:applying");
    return { duplicate: false as const, ...handled };
  });
  faultPoint("webhook:committed");

  const paymentReference = event.action.kind === "paid" ? event.action.checkout.paymentReference : null;
  if (outcome.duplicate) {
    // The first delivery may have stopped between its commit and the refund call.
    if (event.action.kind === "paid") {
      const [payment] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(eq(payments.provider, providerName), eq(payments.providerReference, event.action.checkout.id)),
        );
      if (payment) await issueUnsentRefunds(db, payment.id, { paymentReference });
    }
    return { status: 200, body: { received: true, duplicate: true } };
  }
  if (outcome.refundId) await issueRefund(db, outcome.refundId, { paymentReference });
  if (outcome.closed?.length) await expireCheckoutsQuietly(outcome.closed);
  return { status: 200, body: { received: true } };
}
