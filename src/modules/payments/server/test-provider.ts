import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { getSecret } from "@/server/auth/secret";
import { type DbOrTx, getDb } from "@/server/db";
import { webhookEvents } from "@/server/db/schema";
import {
  type CheckoutStatus,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type ParsedWebhook,
  type PaymentProvider,
  type RefundResult,
  WebhookSignatureError,
} from "./providers/provider";

// The built-in test provider: the embedded default, so the whole product works offline. Its "hosted
// checkout" is our own page (/pay/test), clearly marked as test mode; Pay and Cancel there send a
// webhook signed with a local secret through the same verify → record → settle path as Stripe's.
//
// It keeps no table of its own: a checkout is a signed, self-describing token (what to charge, where to
// return), and what happened to it is the events it sent — which we record in webhook_events anyway.

export const TEST_SIGNATURE_HEADER = "x-forecourt-test-signature";
const TOLERANCE_SECONDS = 300;

export type TestCheckoutClaims = {
  id: string;
  bookingId: string;
  paymentId: string;
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  businessName: string;
  successUrl: string;
  cancelUrl: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

export type TestEventType = "checkout.completed" | "checkout.cancelled";

/** Keys derived from the app secret (AUTH_SECRET, or the embedded default's generated one). */
function key(purpose: "checkout" | "webhook"): Buffer {
  return createHmac("sha256", getSecret()).update(`forecourt:test-payments:${purpose}`).digest();
}

function mac(purpose: "checkout" | "webhook", data: string): Buffer {
  return createHmac("sha256", key(purpose)).update(data).digest();
}

function equalBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signTestCheckout(claims: TestCheckoutClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${mac("checkout", body).toString("base64url")}`;
}

/** The claims of a checkout token made by this installation, or null (tampered, foreign, malformed). */
export function readTestCheckout(token: string): TestCheckoutClaims | null {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  if (!equalBytes(Buffer.from(sig, "base64url"), mac("checkout", body))) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TestCheckoutClaims;
  } catch {
    return null;
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` — the same shape as Stripe's header. */
export function signTestWebhook(body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${mac("webhook", `${timestamp}.${body}`).toString("hex")}`;
}

export function testWebhookPayload(type: TestEventType, claims: TestCheckoutClaims): string {
  return JSON.stringify({
    // One event per (checkout, outcome): pressing Pay twice is a duplicate, never a second payment.
    id: `evt_${claims.id}_${type === "checkout.completed" ? "paid" : "cancelled"}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      checkout: {
        id: claims.id,
        amountMinor: claims.amountMinor,
        currency: claims.currency,
        bookingId: claims.bookingId,
        paymentId: claims.paymentId,
        paymentReference: `tpay_${claims.id.slice(4)}`,
      },
    },
  });
}

type TestEventPayload = {
  id?: unknown;
  type?: unknown;
  data?: {
    checkout?: {
      id?: unknown;
      amountMinor?: unknown;
      currency?: unknown;
      bookingId?: unknown;
      paymentReference?: unknown;
    };
  };
};

export class TestProvider implements PaymentProvider {
  readonly name = "test" as const;
  readonly takesOnlinePayments = true;

  constructor(private readonly db: () => Promise<DbOrTx> = getDb) {}

  async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
    const id = `tcs_${randomBytes(12).toString("base64url")}`;
    const token = signTestCheckout({
      id,
      bookingId: input.bookingId,
      paymentId: input.paymentId,
      reference: input.reference,
      amountMinor: input.amountMinor,
      currency: input.currency,
      description: input.description,
      businessName: input.businessName,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      expiresAt: input.expiresAt.getTime(),
    });
    const url = new URL("/pay/test", getEnv().APP_URL);
    url.searchParams.set("checkout", token);
    return { id, url: url.toString() };
  }

  /** What the hosted page reported for this checkout: its recorded events, latest outcome first. */
  async fetchCheckout(checkoutId: string): Promise<CheckoutStatus> {
    const db = await this.db();
    const rows = await db
      .select({ type: webhookEvents.type, payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.provider, "test"),
          sql`${webhookEvents.payload} -> 'data' -> 'checkout' ->> 'id' = ${checkoutId}`,
        ),
      )
      .orderBy(asc(webhookEvents.receivedAt));
    const paid = rows.find((r) => r.type === "checkout.completed");
    if (paid) return { ...this.checkoutOf(paid.payload as TestEventPayload, checkoutId), state: "paid" };
    const cancelled = rows.find((r) => r.type === "checkout.cancelled");
    return {
      ...(cancelled
        ? this.checkoutOf(cancelled.payload as TestEventPayload, checkoutId)
        : emptyStatus(checkoutId)),
      state: cancelled ? "cancelled" : "open",
    };
  }

  async parseWebhook(body: Uint8Array, headers: Headers): Promise<ParsedWebhook> {
    const text = Buffer.from(body).toString("utf8");
    const header = headers.get(TEST_SIGNATURE_HEADER) ?? "";
    const parts = Object.fromEntries(
      header.split(",").map((p) => {
        const i = p.indexOf("=");
        return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
      }),
    );
    const timestamp = Number(parts.t);
    if (!Number.isInteger(timestamp) || !parts.v1) throw new WebhookSignatureError("Missing signature");
    if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS)
      throw new WebhookSignatureError("Signature timestamp outside the tolerance");
    if (!equalBytes(Buffer.from(parts.v1, "hex"), mac("webhook", `${timestamp}.${text}`)))
      throw new WebhookSignatureError();
    let payload: TestEventPayload & Record<string, unknown>;
    try {
      payload = JSON.parse(text) as TestEventPayload & Record<string, unknown>;
    } catch {
      throw new WebhookSignatureError("Malformed payload");
    }
    if (typeof payload.id !== "string" || typeof payload.type !== "string")
      throw new WebhookSignatureError("Malformed payload");
    const checkoutId = payload.data?.checkout?.id;
    const base = { id: payload.id, type: payload.type, payload };
    if (typeof checkoutId !== "string") return { ...base, action: { kind: "ignored" } };
    if (payload.type === "checkout.completed")
      return {
        ...base,
        action: { kind: "paid", checkout: { ...this.checkoutOf(payload, checkoutId), state: "paid" } },
      };
    if (payload.type === "checkout.cancelled")
      return { ...base, action: { kind: "closed", checkoutId, outcome: "cancelled" } };
    return { ...base, action: { kind: "ignored" } };
  }

  async refund(): Promise<RefundResult> {
    return { id: `tre_${randomBytes(12).toString("base64url")}`, status: "succeeded" };
  }

  /** A test checkout lapses by itself (its token carries the expiry); nothing to tell anyone. */
  async expireCheckout(): Promise<void> {}

  private checkoutOf(payload: TestEventPayload, checkoutId: string): CheckoutStatus {
    const c = payload.data?.checkout ?? {};
    return {
      id: checkoutId,
      state: "open",
      amountMinor: typeof c.amountMinor === "number" ? c.amountMinor : null,
      currency: typeof c.currency === "string" ? c.currency.toUpperCase() : null,
      paymentReference: typeof c.paymentReference === "string" ? c.paymentReference : null,
      bookingId: typeof c.bookingId === "string" ? c.bookingId : null,
    };
  }
}

function emptyStatus(id: string): CheckoutStatus {
  return { id, state: "open", amountMinor: null, currency: null, paymentReference: null, bookingId: null };
}
