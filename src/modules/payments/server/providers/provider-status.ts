import "server-only";
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import { getEnv } from "@/env";
import { type DbOrTx, getDb } from "@/server/db";
import { webhookEvents } from "@/server/db/schema";
import { activeProviderName } from "./registry";

// What the settings screen says about payments: which provider takes the money (test mode, Stripe in
// test mode or live, from the key's prefix — the key itself is never shown) and whether its webhooks
// arrive (the last event received, and the last one that failed to process).

export type ProviderStatus = {
  label: string;
  detail: string;
  lastWebhookAt: Date | null;
  lastWebhookType: string | null;
  lastFailure: { at: Date; type: string } | null;
};

export async function paymentProviderStatus(db: DbOrTx): Promise<ProviderStatus> {
  const name = activeProviderName();
  const key = getEnv().STRIPE_SECRET_KEY ?? "";
  const { label, detail } =
    name === "test"
      ? {
          label: "Test mode",
          detail: "The built-in test provider: no money moves. Set STRIPE_SECRET_KEY to take real payments.",
        }
      : key.startsWith("sk_live_") || key.startsWith("rk_live_")
        ? { label: "Stripe — live", detail: "Real cards are charged." }
        : { label: "Stripe — test mode", detail: "Stripe's test cards only; no money moves." };
  const [last] = await db
    .select({ at: webhookEvents.receivedAt, type: webhookEvents.type })
    .from(webhookEvents)
    .where(eq(webhookEvents.provider, name))
    .orderBy(desc(webhookEvents.receivedAt))
    .limit(1);
  // A problem worth showing: an event in the last week that could not be processed.
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
  const [failed] = await db
    .select({ at: webhookEvents.receivedAt, type: webhookEvents.type })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, name),
        isNotNull(webhookEvents.error),
        gte(webhookEvents.receivedAt, weekAgo),
      ),
    )
    .orderBy(desc(webhookEvents.receivedAt))
    .limit(1);
  const failure = failed ?? null;
  return {
    label,
    detail,
    lastWebhookAt: last?.at ?? null,
    lastWebhookType: last?.type ?? null,
    lastFailure: failure,
  };
}

/** For the settings page (pages don't reach the database themselves). */
export async function loadPaymentProviderStatus(): Promise<ProviderStatus> {
  return paymentProviderStatus(await getDb());
}
