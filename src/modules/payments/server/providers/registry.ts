import "server-only";
import { getEnv } from "@/env";
import { ManualProvider } from "./manual-provider";
import type { PaymentProvider, ProviderName } from "./provider";
import { StripeProvider } from "./stripe-provider";
import { TestProvider } from "../test-provider";

// Which provider takes online payments: PAYMENTS_PROVIDER, else Stripe when its keys are configured,
// else the built-in test provider. Webhooks and refunds of an existing payment always go to the provider that took it.

export type OnlineProviderName = Exclude<ProviderName, "manual">;

type Overrides = { active?: OnlineProviderName; providers?: Partial<Record<ProviderName, PaymentProvider>> };

// Not a port (ADR 0045): the tests' stand-in providers (set through the test routes) and the one Stripe
// client this process keeps, both seen by every bundle of the process.
// eslint-disable-next-line no-restricted-globals -- a test seam and a client cache, not module wiring
const g = globalThis as unknown as {
  __forecourtPaymentOverrides?: Overrides;
  __forecourtStripe?: { key: string; provider: StripeProvider };
};

/** The provider new checkouts go to. */
export function activeProviderName(): OnlineProviderName {
  const override = g.__forecourtPaymentOverrides?.active;
  if (override) return override;
  const env = getEnv();
  return env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? "stripe" : "test");
}

/** Whether this provider's webhooks can be verified here (Stripe needs its keys; tests may inject one). */
export function webhookEndpointEnabled(name: OnlineProviderName): boolean {
  if (name === "test") return activeProviderName() === "test";
  if (g.__forecourtPaymentOverrides?.providers?.[name]) return true;
  const env = getEnv();
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

export function getPaymentProvider(name: ProviderName): PaymentProvider {
  const override = g.__forecourtPaymentOverrides?.providers?.[name];
  if (override) return override;
  if (name === "manual") return new ManualProvider();
  if (name === "test") return new TestProvider();
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: apiUrl,
  } = getEnv();
  if (!secretKey || !webhookSecret) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY)");
  const key = `${secretKey}:${webhookSecret}:${apiUrl ?? ""}`;
  if (g.__forecourtStripe?.key !== key)
    g.__forecourtStripe = {
      key,
      provider: new StripeProvider({ secretKey, webhookSecret, api: stripeApi(apiUrl) }),
    };
  return g.__forecourtStripe.provider;
}

/** STRIPE_API_URL as the SDK's host, port and protocol. */
function stripeApi(url: string | undefined) {
  if (!url) return undefined;
  const u = new URL(url);
  const protocol = u.protocol === "http:" ? ("http" as const) : ("https" as const);
  return { host: u.hostname, port: Number(u.port || (protocol === "http" ? 80 : 443)), protocol };
}

/** For tests: use these providers (e.g. Stripe pointed at a fake server) instead of the configured ones. */
export function overridePaymentProviders(overrides: Overrides | undefined): void {
  g.__forecourtPaymentOverrides = overrides;
}
