import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as stripeWebhook } from "@/app/api/payments/stripe/webhook/route";
import { POST as testWebhook } from "@/app/api/payments/test/webhook/route";
import { resetEnvCache } from "@/env";
import { setDatabaseForProcess } from "@/server/db";
import { webhookEvents } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { insertSettings } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 10 #6: without Stripe keys, Stripe's webhook endpoint does not exist (404, like the test
// provider's when Stripe takes payments) instead of failing with a 500 and a logged stack.
describe.each(dbKinds)("webhook endpoints of providers that are not configured on %s", (kind) => {
  let t: TestDatabase;
  const keys = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "PAYMENTS_PROVIDER"] as const;
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    setDatabaseForProcess(t);
  });
  afterAll(async () => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    resetEnvCache();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const post = (handler: (r: Request) => Promise<Response>, path: string) =>
    handler(
      new Request(`http://127.0.0.1:3000${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
        body: JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }),
      }),
    );

  it("Stripe's answers 404 without its keys, logs no error and writes nothing", async () => {
    for (const k of keys) delete process.env[k];
    resetEnvCache();
    const errors: unknown[] = [];
    const original = logger.error.bind(logger);
    logger.error = ((...args: unknown[]) => void errors.push(args)) as typeof logger.error;
    try {
      const res = await post(stripeWebhook, "/api/payments/stripe/webhook");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ received: false });
    } finally {
      logger.error = original;
    }
    expect(errors).toEqual([]);
    expect(await t.db.$count(webhookEvents)).toBe(0);
  });

  it("the test provider's answers 404 while Stripe takes payments", async () => {
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_x";
    resetEnvCache();
    expect((await post(testWebhook, "/api/payments/test/webhook")).status).toBe(404);
    // And Stripe's, now configured, verifies the signature: a bad one is a 400, nothing written.
    expect((await post(stripeWebhook, "/api/payments/stripe/webhook")).status).toBe(400);
    expect(await t.db.$count(webhookEvents)).toBe(0);
  });
});
