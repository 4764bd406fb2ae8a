import { afterAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "@/env";
import { activeProviderName } from "@/modules/payments/server/providers/registry";

// Issue 10 #8: the built-in test provider lets anyone with a checkout link "pay". A production
// installation on PostgreSQL refuses to start with it unless the operator asks for it by name.
const KEYS = [
  "NODE_ENV",
  "DATABASE_URL",
  "AUTH_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "PAYMENTS_PROVIDER",
] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else (process.env as Record<string, string>)[k] = saved[k];
  }
  resetEnvCache();
});

function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) delete process.env[k];
  Object.assign(process.env, values);
  resetEnvCache();
}
const production = {
  NODE_ENV: "production",
  DATABASE_URL: "postgres://forecourt@db.internal:5432/forecourt",
  AUTH_SECRET: "a".repeat(40),
};

describe("the payment provider in production", () => {
  it("refuses to start on PostgreSQL without a real provider, saying how to fix it", () => {
    withEnv(production);
    expect(() => getEnv()).toThrow(
      /STRIPE_SECRET_KEY: no payment provider is configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=test/,
    );
  });

  it("starts in test mode when the operator opts in, or with Stripe", () => {
    withEnv({ ...production, PAYMENTS_PROVIDER: "test" });
    expect(activeProviderName()).toBe("test");
    withEnv({ ...production, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(activeProviderName()).toBe("stripe");
    // The opt-in wins even when keys are present (e.g. a staging copy of a live configuration).
    withEnv({
      ...production,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      PAYMENTS_PROVIDER: "test",
    });
    expect(activeProviderName()).toBe("test");
  });

  it("keeps the embedded demo and development in test mode without asking", () => {
    withEnv({ NODE_ENV: "production" });
    expect(activeProviderName()).toBe("test");
    withEnv({ DATABASE_URL: production.DATABASE_URL });
    expect(activeProviderName()).toBe("test");
  });

  it("refuses PAYMENTS_PROVIDER=stripe without Stripe's keys", () => {
    withEnv({ PAYMENTS_PROVIDER: "stripe" });
    expect(() => getEnv()).toThrow(/PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY/);
  });
});
