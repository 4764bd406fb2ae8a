import { handleWebhookRequest } from "@/modules/payments/server";

// Stripe's webhook endpoint (checkout.session.* events), verified with STRIPE_WEBHOOK_SECRET.
export async function POST(request: Request) {
  return handleWebhookRequest("stripe", request);
}
