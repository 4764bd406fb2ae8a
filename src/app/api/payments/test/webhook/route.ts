import { handleWebhookRequest } from "@/modules/payments/server";

// The built-in test provider's webhook endpoint, verified with a key derived from the app secret.
export async function POST(request: Request) {
  return handleWebhookRequest("test", request);
}
