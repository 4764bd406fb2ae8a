import "server-only";
import type { PaymentProvider as ProviderName } from "@/lib/enums";

// The one interface every payment provider implements (PRODUCT.md §6): create a hosted checkout for a
// booking, fetch a checkout's status, verify and parse a webhook, refund an amount. Stripe, the built-in
// test provider and "manual" (recorded by an admin) are the implementations; nothing outside
// src/modules/payments knows which one is in use.

export type { ProviderName };

export type CreateCheckoutInput = {
  /** Our payments row id: the provider's idempotency key and part of its metadata. */
  paymentId: string;
  bookingId: string;
  reference: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the customer sees on the provider's page. */
  description: string;
  businessName: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** When the booking's hold lapses; the checkout should not outlive it by much. */
  expiresAt: Date;
};

export type CreatedCheckout = { id: string; url: string };

/**
 * open: not paid yet · processing: completed but the money is still on its way (bank debits) ·
 * paid · expired / cancelled / failed: this checkout can no longer be paid.
 */
export type CheckoutState = "open" | "processing" | "paid" | "expired" | "cancelled" | "failed";

export type CheckoutStatus = {
  id: string;
  state: CheckoutState;
  amountMinor: number | null;
  /** Upper case, or null when the provider did not say. */
  currency: string | null;
  /** The provider's id of the money movement (Stripe: the PaymentIntent) — what a refund needs. */
  paymentReference: string | null;
  /** The booking id carried in the checkout's metadata. */
  bookingId: string | null;
};

/** What a verified webhook means for us. Anything we do not act on is `ignored` (and still recorded). */
export type WebhookAction =
  | { kind: "paid"; checkout: CheckoutStatus }
  | { kind: "processing"; checkoutId: string }
  | { kind: "closed"; checkoutId: string; outcome: "expired" | "cancelled" | "failed" }
  | { kind: "ignored" };

export type ParsedWebhook = {
  /** The provider's event id: the idempotency key (unique per provider). */
  id: string;
  type: string;
  payload: Record<string, unknown>;
  action: WebhookAction;
};

export type RefundInput = {
  checkoutId: string;
  paymentReference: string | null;
  amountMinor: number;
  currency: string;
  /** Our refund row id: retrying with it never refunds twice. */
  idempotencyKey: string;
  reason: string;
};

export type RefundResult = { id: string; status: "succeeded" | "pending" };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether customers can be sent to this provider to pay online. */
  readonly takesOnlinePayments: boolean;
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  fetchCheckout(checkoutId: string): Promise<CheckoutStatus>;
  /** Verifies the signature over the raw body, then parses; throws WebhookSignatureError when it fails. */
  parseWebhook(body: Uint8Array, headers: Headers): Promise<ParsedWebhook>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Best effort: stops a superseded or abandoned checkout from being paid. */
  expireCheckout(checkoutId: string): Promise<void>;
}

/** A webhook whose signature (or timestamp) does not verify: answered 400, nothing is written. */
export class WebhookSignatureError extends Error {
  constructor(message = "Webhook signature verification failed") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
