import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as stripeWebhook } from "@/app/api/payments/stripe/webhook/route";
import { expireHolds } from "@/modules/bookings/server/hold-expiry";
import { bookingPageUrl } from "@/modules/bookings/links";
import { cancelWithRefund } from "@/modules/booking-cancel/server";
import { refundBooking } from "@/modules/payments/server/admin-money";
import { startCheckout } from "@/modules/payments/server/checkout/checkout";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { loadBookingResult } from "@/modules/wizard/server";
import { StripeProvider } from "@/modules/payments/server/providers/stripe-provider";
import { setDatabaseForProcess } from "@/server/db";
import {
  allocations,
  bookingEvents,
  bookings,
  emails,
  liveEvents,
  payments,
  refunds,
  webhookEvents,
} from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { fakeStripe, SECRET_KEY } from "../support/fake-stripe";

// Stripe against a fake Stripe API on a random local port (the SDK's host/port/protocol options) with
// webhooks signed by the SDK's own test-header helper: the real SDK, the real signature scheme, no network.

const WEBHOOK_SECRET = "whsec_forecourt_test";
const APP = "http://localhost:3000";
const DAY_MS = 24 * 60 * 60_000;

// The SDK's signing helper, exactly as Stripe signs (t=…,v1=HMAC-SHA256).
const signer = new Stripe(SECRET_KEY);

function stripeEvent(id: string, type: string, object: unknown) {
  return JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

function deliver(payload: string, secret = WEBHOOK_SECRET) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return stripeWebhook(
    new Request(`${APP}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "stripe-signature": signature, "content-type": "application/json" },
      body: payload,
    }),
  );
}

describe.each(dbKinds)("Stripe payments on %s", (kind) => {
  let t: TestDatabase;
  const stripe = fakeStripe();
  let teamId: string;
  let customer: { id: string; email: string };
  let slot = 0;
  let eventSeq = 0;

  beforeAll(async () => {
    const port = await stripe.start();
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    overridePaymentProviders({
      active: "stripe",
      providers: {
        stripe: new StripeProvider({
          secretKey: SECRET_KEY,
          webhookSecret: WEBHOOK_SECRET,
          api: { host: "127.0.0.1", port, protocol: "http" },
        }),
      },
    });
    await insertSettings(t.db, { businessName: "Shine Street", contactEmail: "hello@shine.test" });
    teamId = (await insertTeam(t.db)).id;
    customer = await insertUser(t.db);
  });
  afterAll(async () => {
    overridePaymentProviders(undefined);
    setDatabaseForProcess(undefined);
    await t.drop();
    await stripe.stop();
  });

  async function pendingBooking(holdMinutes = 30) {
    const startsAt = new Date(
      Math.ceil((Date.now() + 5 * DAY_MS) / 3_600_000) * 3_600_000 + slot++ * 4 * 3_600_000,
    );
    return insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt,
      status: "pending_payment",
      holdExpiresAt: new Date(Date.now() + holdMinutes * 60_000),
      depositDueMinor: 8500,
    });
  }

  async function checkoutFor(bookingId: string) {
    const { url } = await startCheckout(t.db, { id: customer.id }, { bookingId });
    const id = url.split("/").at(-1) ?? "";
    const session = stripe.sessions.get(id);
    if (!session) throw new Error("no session created");
    return session;
  }

  const nextEventId = () => `evt_test_${kind}_${++eventSeq}`;
  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const paymentsOf = (id: string) => t.db.select().from(payments).where(eq(payments.bookingId, id));

  it("creates a Checkout Session with the amount, currency, booking metadata and return URLs", async () => {
    const booking = await pendingBooking();
    const session = await checkoutFor(booking.id);
    expect(session).toMatchObject({
      amount_total: 8500,
      currency: "gbp",
      client_reference_id: booking.id,
      customer_email: customer.email,
      metadata: { bookingId: booking.id, reference: booking.reference },
      success_url: bookingPageUrl("payment-complete", booking, APP),
      cancel_url: bookingPageUrl("payment-cancelled", booking, APP),
    });
    // Stripe's minimum session lifetime is 30 minutes.
    expect(session.expires_at * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
    const [payment] = await paymentsOf(booking.id);
    expect(payment).toMatchObject({
      provider: "stripe",
      providerReference: session.id,
      status: "pending",
      amountMinor: 8500,
      currency: "GBP",
    });
    const create = stripe.seen.find((s) => s.path === "/v1/checkout/sessions" && s.method === "POST");
    expect(create?.idempotencyKey).toBe(`checkout-${payment?.id}`);
  });

  it("an admin cancels a paid booking with a refund: Stripe is asked after the commit, keyed by the refund row", async () => {
    const admin = await insertUser(t.db, { role: "admin" });
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    expect((await deliver(stripeEvent(nextEventId(), "checkout.session.completed", session))).status).toBe(
      200,
    );
    const result = await cancelWithRefund(
      t.db,
      { id: admin.id },
      {
        bookingId: booking.id,
        from: "confirmed",
        refundMinor: 5000,
        refundableMinor: 8500,
        reason: "Storm warning for the day.",
      },
    );
    expect(result).toEqual({ status: "cancelled", refundedMinor: 5000 });
    const [payment] = await paymentsOf(booking.id);
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? ""));
    expect(refund).toMatchObject({ amountMinor: 5000, status: "succeeded", createdBy: admin.id });
    const sent = stripe.refunds.find((r) => r.payment_intent === `pi_for_${session.id}`);
    expect(sent).toMatchObject({ amount: 5000, idempotencyKey: `refund-${refund?.id}` });
    expect(refund?.providerReference).toBe(sent?.id);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      amountPaidMinor: 8500,
      amountRefundedMinor: 5000,
    });
    // A second refund of what is left goes to Stripe too, once.
    await refundBooking(
      t.db,
      { id: admin.id },
      {
        bookingId: booking.id,
        amountMinor: 3500,
        refundableMinor: 3500,
        reasonKind: "goodwill",
        reason: "Goodwill.",
      },
    );
    expect(
      stripe.refunds.filter((r) => r.payment_intent === `pi_for_${session.id}`).map((r) => r.amount),
    ).toEqual([5000, 3500]);
    expect((await bookingRow(booking.id))?.amountRefundedMinor).toBe(8500);
  });

  it("success: a signed checkout.session.completed confirms the booking, queues the emails, tells everyone", async () => {
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    const res = await deliver(stripeEvent(nextEventId(), "checkout.session.completed", session));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", amountPaidMinor: 8500 });
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(alloc?.status).toBe("confirmed");
    expect((await paymentsOf(booking.id))[0]?.status).toBe("succeeded");
    const mail = await t.db.select().from(emails).where(eq(emails.bookingId, booking.id));
    // One email to the customer (the confirmation, with its receipt) and one to the business (issue 17).
    expect(mail.map((m) => m.template).sort()).toEqual(["booking-confirmed", "booking-new-admin"]);
    const live = await t.db
      .select()
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${booking.id}`);
    expect(
      live
        .filter((e) => e.type === "booking.updated")
        .map((e) => e.audience)
        .sort(),
    ).toEqual(["admins", "user"]);
  });

  it("duplicate event: the second delivery is acknowledged and changes nothing", async () => {
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    const payload = stripeEvent(nextEventId(), "checkout.session.completed", session);
    const first = await deliver(payload);
    const second = await deliver(payload);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    // The same money reported by another event type (async success) is not counted twice either.
    await deliver(stripeEvent(nextEventId(), "checkout.session.async_payment_succeeded", session));
    expect((await bookingRow(booking.id))?.amountPaidMinor).toBe(8500);
    const rows = await paymentsOf(booking.id);
    expect(rows.filter((p) => p.status === "succeeded")).toHaveLength(1);
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.filter((e) => e.type === "payment")).toHaveLength(1);
    expect(await t.db.select().from(emails).where(eq(emails.bookingId, booking.id))).toHaveLength(2);
  });

  it("concurrent deliveries and the return page settle the payment exactly once", async () => {
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    const payload = stripeEvent(nextEventId(), "checkout.session.completed", session);
    const other = stripeEvent(nextEventId(), "checkout.session.completed", session);
    const results = await Promise.all([
      deliver(payload),
      deliver(payload),
      deliver(other),
      loadBookingResult({
        page: "payment-complete",
        reference: booking.reference,
        token: booking.accessToken,
        viewer: null,
      }),
      deliver(payload),
    ]);
    for (const r of results) if (r instanceof Response) expect(r.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", amountPaidMinor: 8500 });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.filter((e) => e.type === "payment")).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, (await paymentsOf(booking.id))[0]?.id ?? "")),
    ).toHaveLength(0);
  });

  it("cancel/expiry: checkout.session.expired closes the payment and the booking keeps its hold", async () => {
    const booking = await pendingBooking();
    const session = await checkoutFor(booking.id);
    session.status = "expired";
    const res = await deliver(stripeEvent(nextEventId(), "checkout.session.expired", session));
    expect(res.status).toBe(200);
    expect((await paymentsOf(booking.id))[0]?.status).toBe("cancelled");
    const row = await bookingRow(booking.id);
    expect(row?.status).toBe("pending_payment");
    expect(row?.holdExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    // Try again supersedes nothing open now; a new session is made.
    const again = await checkoutFor(booking.id);
    expect(again.id).not.toBe(session.id);
  });

  it("Try again expires the superseded Stripe session", async () => {
    const booking = await pendingBooking();
    const first = await checkoutFor(booking.id);
    await checkoutFor(booking.id);
    expect(stripe.sessions.get(first.id)?.status).toBe("expired");
    expect((await paymentsOf(booking.id)).map((p) => p.status).sort()).toEqual(["cancelled", "pending"]);
  });

  it("a payment that lands after 'Try again' confirms the booking and closes the newer checkout", async () => {
    const booking = await pendingBooking();
    const first = await checkoutFor(booking.id);
    const second = await checkoutFor(booking.id);
    // The first session was paid just before it was superseded; its webhook arrives now.
    const paid = stripe.pay(first.id);
    const res = await deliver(stripeEvent(nextEventId(), "checkout.session.completed", paid));
    expect(res.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", amountPaidMinor: 8500 });
    expect((await paymentsOf(booking.id)).map((p) => p.status).sort()).toEqual(["cancelled", "succeeded"]);
    expect(stripe.sessions.get(second.id)?.status).toBe("expired");
  });

  it("wrong amount: the booking is not confirmed; the event records why", async () => {
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    const eventId = nextEventId();
    const res = await deliver(
      stripeEvent(eventId, "checkout.session.completed", { ...session, amount_total: 850 }),
    );
    expect(res.status).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending_payment", amountPaidMinor: 0 });
    expect((await paymentsOf(booking.id))[0]?.status).toBe("pending");
    const [event] = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    expect(event?.error).toMatch(/£8\.50/);
    expect(event?.processedAt).toBeInstanceOf(Date);
    // The wrong currency is refused the same way.
    await deliver(stripeEvent(nextEventId(), "checkout.session.completed", { ...session, currency: "eur" }));
    expect((await bookingRow(booking.id))?.status).toBe("pending_payment");
    const alerts = await t.db.select().from(emails).where(eq(emails.bookingId, booking.id));
    expect(alerts.filter((m) => m.template === "payment-alert-admin")).toHaveLength(1);
  });

  it("late payment after the hold expired: refunded automatically, the booking stays expired, the admin is told", async () => {
    const booking = await pendingBooking();
    const session = await checkoutFor(booking.id);
    // The hold runs out and the expiry job makes it official; the customer pays on Stripe afterwards.
    const past = new Date(Date.now() - 60_000);
    await t.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, booking.id));
    await t.db.update(allocations).set({ holdExpiresAt: past }).where(eq(allocations.bookingId, booking.id));
    await expireHolds(t.db);
    expect((await bookingRow(booking.id))?.status).toBe("expired");

    stripe.pay(session.id);
    const res = await deliver(
      stripeEvent(nextEventId(), "checkout.session.completed", stripe.pay(session.id)),
    );
    expect(res.status).toBe(200);

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ status: "expired", amountPaidMinor: 8500, amountRefundedMinor: 8500 });
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(alloc?.status).toBe("expired");
    const [payment] = await paymentsOf(booking.id);
    expect(payment?.status).toBe("succeeded");
    const [refund] = await t.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? ""));
    expect(refund).toMatchObject({ amountMinor: 8500, status: "succeeded" });
    const sent = stripe.refunds.find((r) => r.payment_intent === `pi_for_${session.id}`);
    expect(sent).toMatchObject({ amount: 8500, idempotencyKey: `refund-${refund?.id}` });
    expect(refund?.providerReference).toBe(sent?.id);

    const mail = await t.db.select().from(emails).where(eq(emails.bookingId, booking.id));
    // The business never heard of the unpaid checkout, so not of its expiry: it hears of the late
    // payment's refund (issue 17).
    const alerts = mail.filter((m) => m.template === "payment-alert-admin");
    expect(alerts.map((m) => (m.data as { kind: string }).kind).sort()).toEqual(["late_payment_refunded"]);
    expect(alerts.every((m) => m.to === "hello@shine.test")).toBe(true);
    expect(mail.some((m) => m.template === "booking-confirmed")).toBe(false);
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(
      events
        .filter((e) => e.type === "refund")
        .map((e) => e.toValue)
        .sort(),
    ).toEqual(["pending", "succeeded"]);
    const live = await t.db
      .select()
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${booking.id}`);
    expect(live.some((e) => e.audience === "admins")).toBe(true);

    const page = await loadBookingResult({
      page: "payment-complete",
      reference: booking.reference,
      token: booking.accessToken,
      viewer: null,
    });
    expect(page).toMatchObject({ payment: "settled", refund: { amount: "£85.00", status: "succeeded" } });
    expect(page?.view.status).toBe("expired");
  });

  it("a payment for a hold that lapsed a moment ago (no expiry job yet) is refunded and the hold made official", async () => {
    const booking = await pendingBooking();
    const session = await checkoutFor(booking.id);
    const past = new Date(Date.now() - 1_000);
    await t.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, booking.id));
    await t.db.update(allocations).set({ holdExpiresAt: past }).where(eq(allocations.bookingId, booking.id));
    await deliver(stripeEvent(nextEventId(), "checkout.session.completed", stripe.pay(session.id)));
    expect(await bookingRow(booking.id)).toMatchObject({ status: "expired", amountRefundedMinor: 8500 });
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(alloc?.status).toBe("expired");
  });

  it("bad signature: 400 and nothing written", async () => {
    const booking = await pendingBooking();
    const session = stripe.pay((await checkoutFor(booking.id)).id);
    const before = await t.db.select().from(webhookEvents);
    const payload = stripeEvent(nextEventId(), "checkout.session.completed", session);
    const wrongSecret = await deliver(payload, "whsec_someone_else");
    expect(wrongSecret.status).toBe(400);
    const unsigned = await stripeWebhook(
      new Request(`${APP}/api/payments/stripe/webhook`, { method: "POST", body: payload }),
    );
    expect(unsigned.status).toBe(400);
    const tampered = await stripeWebhook(
      new Request(`${APP}/api/payments/stripe/webhook`, {
        method: "POST",
        headers: {
          "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload.replace('"amount_total":8500', '"amount_total":1'),
      }),
    );
    expect(tampered.status).toBe(400);
    expect(await t.db.select().from(webhookEvents)).toHaveLength(before.length);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "pending_payment", amountPaidMinor: 0 });
    expect((await paymentsOf(booking.id))[0]?.status).toBe("pending");
  });

  it("the return page settles a paid session itself when the webhook is late; the webhook then changes nothing", async () => {
    const booking = await pendingBooking();
    const session = await checkoutFor(booking.id);
    const waiting = await loadBookingResult({
      page: "payment-complete",
      reference: booking.reference,
      token: booking.accessToken,
      viewer: null,
    });
    expect(waiting).toMatchObject({ payment: "open", canPay: true });

    stripe.pay(session.id);
    const page = await loadBookingResult({
      page: "payment-complete",
      reference: booking.reference,
      token: booking.accessToken,
      viewer: null,
    });
    expect(page).toMatchObject({ payment: "settled" });
    expect(page?.view).toMatchObject({ status: "confirmed", paid: "£85.00" });

    const res = await deliver(stripeEvent(nextEventId(), "checkout.session.completed", session));
    expect(res.status).toBe(200);
    expect((await bookingRow(booking.id))?.amountPaidMinor).toBe(8500);
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.filter((e) => e.type === "payment")).toHaveLength(1);
    expect(events.find((e) => e.type === "payment")?.data).toMatchObject({ source: "return" });
  });
});
