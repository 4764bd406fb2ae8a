import "server-only";
import Stripe from "stripe";
import {
  type CheckoutStatus,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type ParsedWebhook,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  WebhookSignatureError,
} from "./provider";

// Stripe Checkout Sessions + signed webhooks. The SDK does the HTTP and the signature scheme; this maps
// Stripe's objects onto the provider interface. `api` points the client at another server (a fake
// Stripe in the integration tests, stripe-mock locally) through the SDK's host/port/protocol options.

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  api?: { host: string; port: number; protocol: "http" | "https" };
};

// Stripe accepts a Checkout Session lifetime of 30 minutes to 24 hours.
export const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 60 * 60_000;

function toStatus(session: Stripe.Checkout.Session): CheckoutStatus {
  const state: CheckoutStatus["state"] =
    session.status === "complete"
      ? session.payment_status === "paid"
        ? "paid"
        : "processing"
      : session.status === "expired"
        ? "expired"
        : "open";
  const pi = session.payment_intent;
  return {
    id: session.id,
    state,
    amountMinor: session.amount_total,
    currency: session.currency ? session.currency.toUpperCase() : null,
    paymentReference: typeof pi === "string" ? pi : (pi?.id ?? null),
    bookingId: session.metadata?.bookingId ?? session.client_reference_id ?? null,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  readonly takesOnlinePayments = true;
  private readonly client: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.client = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "Forecourt" },
      telemetry: false,
      ...(options.api ?? {}),
    });
  }

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    const now = Date.now();
    const expiresAt = Math.min(
      Math.max(input.expiresAt.getTime(), now + MIN_SESSION_MS),
      now + MAX_SESSION_MS,
    );
    const metadata = { bookingId: input.bookingId, paymentId: input.paymentId, reference: input.reference };
    const session = await this.client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.description },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.bookingId,
        customer_email: input.customerEmail ?? undefined,
        metadata,
        payment_intent_data: { metadata, description: `${input.businessName} ${input.reference}` },
        expires_at: Math.floor(expiresAt / 1000),
      },
      // A retried request (network failure) returns the same session instead of a second one.
      { idempotencyKey: `checkout-${input.paymentId}` },
    );
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL`);
    return { id: session.id, url: session.url };
  }

  async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
    return toStatus(await this.client.checkout.sessions.retrieve(checkoutId));
  }

  async parseWebhook(body: Uint8Array, headers: Headers): Promise<ParsedWebhook> {
    const signature = headers.get("stripe-signature");
    if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      event = await this.client.webhooks.constructEventAsync(body, signature, this.options.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
    }
    const base = {
      id: event.id,
      type: event.type,
      payload: event as unknown as Record<string, unknown>,
    };
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const checkout = toStatus(event.data.object);
        return checkout.state === "paid"
          ? { ...base, action: { kind: "paid", checkout } }
          : { ...base, action: { kind: "processing", checkoutId: checkout.id } };
      }
      case "checkout.session.expired":
        return { ...base, action: { kind: "closed", checkoutId: event.data.object.id, outcome: "expired" } };
      case "checkout.session.async_payment_failed":
        return { ...base, action: { kind: "closed", checkoutId: event.data.object.id, outcome: "failed" } };
      default:
        return { ...base, action: { kind: "ignored" } };
    }
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const paymentIntent =
      input.paymentReference ?? (await this.fetchCheckout(input.checkoutId)).paymentReference;
    if (!paymentIntent) throw new Error(`Checkout ${input.checkoutId} has no payment to refund`);
    const refund = await this.client.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: input.amountMinor,
        reason: "requested_by_customer",
        metadata: { refundId: input.idempotencyKey, note: input.reason.slice(0, 450) },
      },
      { idempotencyKey: `refund-${input.idempotencyKey}` },
    );
    if (refund.status === "failed" || refund.status === "canceled")
      throw new Error(`Stripe refused refund ${refund.id}: ${refund.failure_reason ?? refund.status}`);
    return { id: refund.id, status: refund.status === "succeeded" ? "succeeded" : "pending" };
  }

  async expireCheckout(checkoutId: string): Promise<void> {
    await this.client.checkout.sessions.expire(checkoutId);
  }
}
