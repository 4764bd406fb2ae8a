import "server-only";
import { AppError } from "@/server/errors";
import {
  type CheckoutStatus,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  WebhookSignatureError,
} from "./provider";

/**
 * Manual payments: cash, card terminal or bank transfer, recorded by an admin (the screen comes with the
 * admin booking page). There is no checkout and no webhook; a manual refund is money handed back by the
 * business, so recording it is all there is to do.
 */
export class ManualProvider implements PaymentProvider {
  readonly name = "manual" as const;
  readonly takesOnlinePayments = false;

  // No checkout and no webhook: these two only refuse, so they never return.
  async createCheckout(): Promise<never> {
    throw new AppError("CONFLICT", "Manual payments are recorded by the business, not paid online.");
  }

  async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
    return {
      id: checkoutId,
      state: "open",
      amountMinor: null,
      currency: null,
      paymentReference: null,
      bookingId: null,
    };
  }

  async parseWebhook(): Promise<never> {
    throw new WebhookSignatureError("Manual payments have no webhooks");
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    return { id: `manual_${input.idempotencyKey}`, status: "succeeded" };
  }

  async expireCheckout(): Promise<void> {}
}
