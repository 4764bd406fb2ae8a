import "server-only";
import { getEnv } from "@/env";
import { formatMoney } from "@/lib/money";
import { AppError } from "@/server/errors";
import { activeProviderName, getPaymentProvider } from "./providers/registry";
import {
  readTestCheckout,
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  type TestCheckoutClaims,
  testWebhookPayload,
} from "./test-provider";
import { handleWebhookRequest } from "./checkout/webhook-http";

// The test provider's hosted checkout page (/pay/test): what it shows, and its two buttons. Pay and
// Cancel do what a real provider does — send a signed webhook, then send the customer back — through
// the very handler behind /api/payments/test/webhook (called in-process, so it works wherever the app
// runs, whatever APP_URL resolves to from the server).

export type TestCheckoutState = "open" | "paid" | "cancelled" | "expired";

export type TestCheckoutPage = {
  claims: TestCheckoutClaims;
  amount: string;
  state: TestCheckoutState;
};

function claimsOrNull(token: string): TestCheckoutClaims | null {
  if (activeProviderName() !== "test") return null;
  const claims = readTestCheckout(token);
  const origin = new URL(getEnv().APP_URL).origin;
  // Signed by us, but a return address is only ever this site.
  if (!claims || new URL(claims.successUrl).origin !== origin || new URL(claims.cancelUrl).origin !== origin)
    return null;
  return claims;
}

export async function getTestCheckoutPage(token: string, now = new Date()): Promise<TestCheckoutPage | null> {
  const claims = claimsOrNull(token);
  if (!claims) return null;
  const status = await getPaymentProvider("test").fetchCheckout(claims.id);
  const state: TestCheckoutState =
    status.state === "paid"
      ? "paid"
      : status.state === "cancelled"
        ? "cancelled"
        : claims.expiresAt <= now.getTime()
          ? "expired"
          : "open";
  return { claims, amount: formatMoney(claims.amountMinor, claims.currency), state };
}

export async function completeTestCheckout(
  token: string,
  outcome: "pay" | "cancel",
  now = new Date(),
): Promise<{ redirectTo: string }> {
  const claims = claimsOrNull(token);
  if (!claims) throw new AppError("NOT_FOUND");
  if (outcome === "pay" && claims.expiresAt <= now.getTime())
    throw new AppError("CONFLICT", "This checkout has expired. Go back to your booking to start a new one.");
  const body = testWebhookPayload(outcome === "pay" ? "checkout.completed" : "checkout.cancelled", claims);
  const response = await handleWebhookRequest(
    "test",
    new Request(new URL("/api/payments/test/webhook", getEnv().APP_URL), {
      method: "POST",
      headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signTestWebhook(body) },
      body,
    }),
  );
  if (!response.ok) throw new Error(`the test webhook answered ${response.status}`);
  return { redirectTo: outcome === "pay" ? claims.successUrl : claims.cancelUrl };
}
