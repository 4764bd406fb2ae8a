import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as testWebhook } from "@/app/api/payments/test/webhook/route";
import { GET as calendarFile } from "@/app/booking/calendar.ics/route";
import { findBookingForViewer } from "@/modules/bookings/server/booking-access";
import { getBookingView } from "@/modules/bookings/server/booking-view";
import { cancelPendingBooking } from "@/modules/payments/server/checkout/cancel-unpaid";
import { bookingPageUrl } from "@/modules/bookings/links";
import { startCheckout } from "@/modules/payments/server/checkout/checkout";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { loadBookingResult } from "@/modules/wizard/server";
import { completeTestCheckout, getTestCheckoutPage } from "@/modules/payments/server/test-checkout";
import {
  readTestCheckout,
  signTestWebhook,
  TEST_SIGNATURE_HEADER,
  testWebhookPayload,
} from "@/modules/payments/server/test-provider";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import {
  allocations,
  bookingEvents,
  bookings,
  emails,
  liveEvents,
  payments,
  webhookEvents,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const APP = "http://localhost:3000";
const DAY_MS = 24 * 60 * 60_000;

describe.each(dbKinds)("payments with the built-in test provider on %s", (kind) => {
  let t: TestDatabase;
  let teamId: string;
  let customer: { id: string; email: string };
  let slot = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    overridePaymentProviders({ active: "test" });
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
      timeZone: "Europe/London",
    });
    teamId = (await insertTeam(t.db)).id;
    customer = await insertUser(t.db, { name: "Ada Guest" });
  });
  afterAll(async () => {
    overridePaymentProviders(undefined);
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  /** A booking waiting for payment, on its own hour-long slot a few days ahead. */
  async function pendingBooking(overrides: { holdMinutes?: number; deposit?: number } = {}) {
    const startsAt = new Date(
      Math.ceil((Date.now() + 3 * DAY_MS) / 3_600_000) * 3_600_000 + slot++ * 4 * 3_600_000,
    );
    return insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt,
      status: "pending_payment",
      holdExpiresAt: new Date(Date.now() + (overrides.holdMinutes ?? 30) * 60_000),
      depositDueMinor: overrides.deposit ?? 8500,
      items: [
        { kind: "package", name: "Full Valet", priceMinor: 7000, minutes: 120 },
        { kind: "addon", name: "Pet hair, removal; & more", priceMinor: 1500, minutes: 30 },
      ],
    });
  }

  const tokenOf = (url: string) => new URL(url).searchParams.get("checkout") ?? "";
  const emailsOf = async (bookingId: string) =>
    t.db.select().from(emails).where(eq(emails.bookingId, bookingId));
  const eventsOf = async (bookingId: string) =>
    t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
  const liveOf = async (bookingId: string) =>
    t.db
      .select()
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${bookingId}`);

  it("takes a full payment end to end: checkout page, Pay through the signed webhook, confirmed", async () => {
    const booking = await pendingBooking();
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    expect(url.startsWith(`${APP}/pay/test?checkout=`)).toBe(true);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ provider: "test", kind: "full", amountMinor: 8500, status: "pending" });

    const token = tokenOf(url);
    const claims = readTestCheckout(token);
    expect(claims).toMatchObject({ id: payment?.providerReference, amountMinor: 8500, currency: "GBP" });
    expect(claims?.successUrl).toBe(bookingPageUrl("payment-complete", booking, APP));
    expect(claims?.cancelUrl).toBe(bookingPageUrl("payment-cancelled", booking, APP));
    expect(readTestCheckout(`${token.slice(0, -2)}xx`)).toBeNull();

    const page = await getTestCheckoutPage(token);
    expect(page).toMatchObject({ state: "open", amount: "£85.00" });
    expect(page?.claims.businessName).toBe("Shine Street");

    const { redirectTo } = await completeTestCheckout(token, "pay");
    expect(redirectTo).toBe(bookingPageUrl("payment-complete", booking, APP));

    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: "confirmed", amountPaidMinor: 8500, holdExpiresAt: null });
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(alloc).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    const [paid] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid?.status).toBe("succeeded");
    expect(paid?.settledAt).toBeInstanceOf(Date);

    const events = await eventsOf(booking.id);
    // The business hears of it once, by its "new booking" alert (no separate "payment received" alert).
    expect(events.map((e) => e.type).sort()).toEqual(["created", "payment", "status_changed"]);
    expect(events.find((e) => e.type === "status_changed")).toMatchObject({
      fromValue: "pending_payment",
      toValue: "confirmed",
    });

    const mail = await emailsOf(booking.id);
    // One email to the customer (the confirmation, with the receipt in it) and one to the business.
    expect(mail.map((m) => `${m.template}→${m.to}`).sort()).toEqual([
      `booking-confirmed→${customer.email}`,
      "booking-new-admin→office@shine.test",
    ]);
    const confirmed = mail.find((m) => m.template === "booking-confirmed");
    expect(confirmed?.data).toMatchObject({
      receipt: { amount: "£85.00", method: "Test payment (no real money)" },
    });
    expect(mail.find((m) => m.template === "booking-new-admin")?.data).toMatchObject({
      statusLabel: "Confirmed",
      summary: { paid: "£85.00" },
    });
    expect(confirmed?.attachments[0]).toMatchObject({ filename: `${booking.reference}.ics` });
    const ics = Buffer.from(confirmed?.attachments[0]?.content ?? "", "base64").toString("utf8");
    expect(ics).toContain(`UID:${booking.id}@localhost`);
    expect(ics).toContain("STATUS:CONFIRMED");

    const live = await liveOf(booking.id);
    expect(live.map((e) => `${e.type}:${e.audience}:${e.userId ?? ""}`)).toEqual(
      expect.arrayContaining(["booking.updated:admins:", `booking.updated:user:${customer.id}`]),
    );
    expect(await getTestCheckoutPage(token)).toMatchObject({ state: "paid" });

    // Pressing Pay again (or the webhook delivered twice) changes nothing.
    await completeTestCheckout(token, "pay");
    const [again] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(again?.amountPaidMinor).toBe(8500);
    expect(await emailsOf(booking.id)).toHaveLength(2);
    const recorded = await t.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.payload} -> 'data' -> 'checkout' ->> 'id' = ${claims?.id ?? ""}`);
    expect(recorded).toHaveLength(1);

    // The return page reads the provider's word and shows the booking confirmed.
    const result = await loadBookingResult({
      page: "payment-complete",
      reference: booking.reference,
      token: booking.accessToken,
      viewer: null,
    });
    expect(result).toMatchObject({ payment: "settled", viewerIsOwner: false, canPay: false });
    expect(result?.view).toMatchObject({ status: "confirmed", paid: "£85.00", paymentStatus: "paid" });
  });

  it("renders the booking emails with escaped text and times in the business zone", async () => {
    const booking = await pendingBooking();
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    await completeTestCheckout(tokenOf(url), "pay");
    const ctx = {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "0",
      appUrl: APP,
    };
    for (const row of await emailsOf(booking.id)) {
      const rendered = await renderTemplate(row.template as "booking-confirmed", row.data as never, ctx);
      expect(rendered.text).toMatch(/\d{2}:\d{2} (GMT|BST)/);
      expect(rendered.html).not.toContain("<script");
      expect(rendered.html).toContain("Pet hair, removal; &amp; more");
      expect(rendered.text).toContain("Pet hair, removal; & more");
      if (row.template === "booking-confirmed")
        expect(rendered.text).toMatch(/RECEIPT\nAmount paid: £85\.00\nPaid: .*\d{2}:\d{2} (GMT|BST)/);
    }
  });

  it("a deposit checkout asks the deposit; the view shows what is left for the day", async () => {
    const booking = await pendingBooking({ deposit: 1700 });
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ kind: "deposit", amountMinor: 1700 });
    await completeTestCheckout(tokenOf(url), "pay");
    const view = await getBookingView(t.db, booking.id);
    expect(view).toMatchObject({
      status: "confirmed",
      paymentStatus: "deposit_paid",
      paid: "£17.00",
      balance: "£68.00",
      onTheDay: "£68.00",
      dueNowMinor: 0,
    });
  });

  it("Cancel at the checkout keeps the hold; Try again starts a fresh checkout; Cancel booking frees the time", async () => {
    const booking = await pendingBooking();
    const first = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    const { redirectTo } = await completeTestCheckout(tokenOf(first.url), "cancel");
    expect(redirectTo).toBe(bookingPageUrl("payment-cancelled", booking, APP));
    const [cancelledPayment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(cancelledPayment?.status).toBe("cancelled");
    const [held] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(held?.status).toBe("pending_payment");
    expect(held?.holdExpiresAt).toBeInstanceOf(Date);

    const page = await loadBookingResult({
      page: "payment-cancelled",
      reference: booking.reference,
      token: booking.accessToken,
      viewer: null,
    });
    expect(page).toMatchObject({ canPay: true, payment: "closed" });

    const second = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    expect(second.url).not.toBe(first.url);
    const rows = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows.map((p) => p.status).sort()).toEqual(["cancelled", "pending"]);

    // Someone else's cancel or checkout is refused like a booking that doesn't exist, and changes nothing.
    const stranger = await insertUser(t.db);
    await expect(
      cancelPendingBooking(t.db, { id: stranger.id }, { bookingId: booking.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(startCheckout(t.db, { id: stranger.id }, { bookingId: booking.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still?.status).toBe("pending_payment");
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(2);

    await cancelPendingBooking(t.db, { id: customer.id }, { bookingId: booking.id });
    const [gone] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(gone).toMatchObject({ status: "cancelled", cancelledBy: customer.id, holdExpiresAt: null });
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, booking.id));
    expect(alloc?.status).toBe("released");
    const after = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(after.every((p) => p.status === "cancelled")).toBe(true);
    expect((await eventsOf(booking.id)).some((e) => e.toValue === "cancelled")).toBe(true);
    expect(
      (await liveOf(booking.id)).some((e) => (e.payload as { status?: string }).status === "cancelled"),
    ).toBe(true);
    // A second press finds it done — the customer's only: a stranger isn't told it was cancelled.
    await cancelPendingBooking(t.db, { id: customer.id }, { bookingId: booking.id });
    await expect(
      cancelPendingBooking(t.db, { id: stranger.id }, { bookingId: booking.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Paying is refused.
    await expect(
      startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // The old test checkout can't be paid now: its Pay is refused by the page (payment cancelled → a
    // payment that arrives anyway is refunded, covered by the Stripe tests).
  });

  it("refuses a checkout once the hold has lapsed, or for a booking that isn't awaiting payment", async () => {
    const lapsed = await pendingBooking({ holdMinutes: -1 });
    const err = await startCheckout(t.db, { id: lapsed.customerId }, { bookingId: lapsed.id }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/released/) });
    const confirmed = await insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt: new Date(Date.now() + 40 * DAY_MS),
    });
    await expect(
      startCheckout(t.db, { id: confirmed.customerId }, { bookingId: confirmed.id }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This booking isn't waiting for a payment.",
    });
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, lapsed.id))).toHaveLength(0);
  });

  it("a webhook with a wrong amount is recorded, not applied, and the business is told", async () => {
    const booking = await pendingBooking();
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    const claims = readTestCheckout(tokenOf(url));
    if (!claims) throw new Error("no claims");
    const body = testWebhookPayload("checkout.completed", { ...claims, amountMinor: 100 });
    const res = await testWebhook(
      new Request(`${APP}/api/payments/test/webhook`, {
        method: "POST",
        headers: { [TEST_SIGNATURE_HEADER]: signTestWebhook(body) },
        body,
      }),
    );
    expect(res.status).toBe(200);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b).toMatchObject({ status: "pending_payment", amountPaidMinor: 0 });
    const [p] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(p?.status).toBe("pending");
    const [event] = await t.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.payload} -> 'data' -> 'checkout' ->> 'id' = ${claims.id}`);
    expect(event?.error).toMatch(/£1\.00.*£85\.00/);
    expect((await eventsOf(booking.id)).some((e) => e.type === "payment" && e.toValue === "rejected")).toBe(
      true,
    );
    const alert = (await emailsOf(booking.id)).find((m) => m.template === "payment-alert-admin");
    expect(alert).toMatchObject({ to: "office@shine.test", data: { kind: "amount_mismatch" } });
    expect((await liveOf(booking.id)).some((e) => e.audience === "admins")).toBe(true);
  });

  it("a webhook whose signature does not verify answers 400 and writes nothing", async () => {
    const booking = await pendingBooking();
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    const claims = readTestCheckout(tokenOf(url));
    if (!claims) throw new Error("no claims");
    const body = testWebhookPayload("checkout.completed", claims);
    const before = (await t.db.select().from(webhookEvents)).length;
    const forged = [
      signTestWebhook(body.replace("GBP", "EUR")), // signed over another body
      `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      signTestWebhook(body, Math.floor(Date.now() / 1000) - 3600), // replayed an hour later
      "",
    ];
    for (const signature of forged) {
      const res = await testWebhook(
        new Request(`${APP}/api/payments/test/webhook`, {
          method: "POST",
          headers: { [TEST_SIGNATURE_HEADER]: signature },
          body,
        }),
      );
      expect(res.status).toBe(400);
    }
    expect((await t.db.select().from(webhookEvents)).length).toBe(before);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(b?.status).toBe("pending_payment");
  });

  describe("access to the /booking/* pages", () => {
    it("opens for the owner and for the token holder; a stranger gets nothing", async () => {
      const booking = await pendingBooking();
      const stranger = await insertUser(t.db);
      const find = (input: { reference?: string; token?: string | null; viewer: { id: string } | null }) =>
        findBookingForViewer({
          reference: input.reference ?? booking.reference,
          token: input.token,
          viewer: input.viewer,
          db: t.db,
        });
      expect((await find({ viewer: { id: customer.id } }))?.id).toBe(booking.id);
      expect((await find({ token: booking.accessToken, viewer: null }))?.id).toBe(booking.id);
      expect((await find({ token: booking.accessToken, viewer: { id: stranger.id } }))?.id).toBe(booking.id);
      expect(
        (await find({ reference: booking.reference.toLowerCase(), token: booking.accessToken, viewer: null }))
          ?.id,
      ).toBe(booking.id);
      expect(await find({ viewer: { id: stranger.id } })).toBeNull();
      expect(await find({ viewer: null })).toBeNull();
      const last = booking.accessToken.slice(-1);
      const altered = `${booking.accessToken.slice(0, -1)}${last === "A" ? "B" : "A"}`;
      expect(await find({ token: altered, viewer: null })).toBeNull();
      expect(await find({ token: "", viewer: null })).toBeNull();
      expect(await find({ reference: "FC-AAAAAA", token: booking.accessToken, viewer: null })).toBeNull();
      expect(
        await find({ reference: "not a reference", token: booking.accessToken, viewer: null }),
      ).toBeNull();
      expect(
        await loadBookingResult({
          page: "success",
          reference: booking.reference,
          token: "nope",
          viewer: null,
        }),
      ).toBeNull();
      const owner = await loadBookingResult({
        page: "success",
        reference: booking.reference,
        token: undefined,
        viewer: { id: customer.id },
      });
      expect(owner).toMatchObject({ viewerIsOwner: true, canPay: true, payment: "none" });
    });

    it("serves the calendar file to a token holder and 404 to anyone else", async () => {
      const booking = await pendingBooking();
      const ok = await calendarFile(
        new Request(`${APP}/booking/calendar.ics?ref=${booking.reference}&token=${booking.accessToken}`),
      );
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
      expect(ok.headers.get("content-disposition")).toContain(`${booking.reference}.ics`);
      const body = await ok.text();
      expect(body).toContain(`UID:${booking.id}@localhost`);
      expect(body).toContain("STATUS:TENTATIVE");
      expect(body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const missing = await calendarFile(new Request(`${APP}/booking/calendar.ics?ref=${booking.reference}`));
      expect(missing.status).toBe(404);
      const wrong = await calendarFile(
        new Request(`${APP}/booking/calendar.ics?ref=${booking.reference}&token=${"x".repeat(43)}`),
      );
      expect(wrong.status).toBe(404);
      // Cancelled: the same UID, METHOD:CANCEL.
      await cancelPendingBooking(t.db, { id: customer.id }, { bookingId: booking.id });
      const cancelled = await (
        await calendarFile(
          new Request(`${APP}/booking/calendar.ics?ref=${booking.reference}&token=${booking.accessToken}`),
        )
      ).text();
      expect(cancelled).toContain("METHOD:CANCEL");
      expect(cancelled).toContain(`UID:${booking.id}@localhost`);
    });
  });

  it("an online booking awaiting payment emails nobody; an abandoned checkout gets one 'complete your booking'", async () => {
    const booking = await pendingBooking();
    const { enqueueBookingEmails, enqueueCompleteYourBooking, remindAbandonedCheckouts } =
      await import("@/modules/bookings/server/booking-emails");
    await t.db.transaction((tx) => enqueueBookingEmails(tx, booking.id, "received"));
    expect(await emailsOf(booking.id)).toHaveLength(0);
    // Not yet abandoned: made a moment ago.
    expect(await remindAbandonedCheckouts(t.db, { now: new Date() })).toBe(0);
    // Five minutes on, still unpaid and held: one reminder, however often the sweep (or a second
    // worker) runs.
    const later = new Date(booking.createdAt.getTime() + 6 * 60_000);
    const sweeps = await Promise.all([
      remindAbandonedCheckouts(t.db, { now: later }),
      remindAbandonedCheckouts(t.db, { now: later }),
    ]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await t.db.transaction((tx) => enqueueCompleteYourBooking(tx, booking.id, later));
    const mail = await emailsOf(booking.id);
    expect(mail.map((m) => `${m.template}→${m.to}`)).toEqual([`booking-received→${customer.email}`]);
    expect(mail[0]?.data).toMatchObject({
      awaiting: "payment",
      abandoned: true,
      dueNow: "£85.00",
      url: bookingPageUrl("success", booking, APP),
    });
    // Then paid: the confirmation and the business's one "new booking"; no second reminder.
    await t.db.transaction((tx) => enqueueBookingEmails(tx, booking.id, "confirmed"));
    await t.db.transaction((tx) => enqueueBookingEmails(tx, booking.id, "confirmed"));
    const after = await emailsOf(booking.id);
    expect(after.filter((m) => m.template === "booking-new-admin")).toHaveLength(1);
    expect(after.filter((m) => m.template === "booking-received")).toHaveLength(1);
  });

  it("a paid booking never gets 'complete your booking', even when the sweep comes later", async () => {
    const booking = await pendingBooking();
    const { url } = await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    await completeTestCheckout(tokenOf(url), "pay");
    const { remindAbandonedCheckouts } = await import("@/modules/bookings/server/booking-emails");
    await remindAbandonedCheckouts(t.db, { now: new Date(Date.now() + 10 * 60_000) });
    const mail = await emailsOf(booking.id);
    expect(mail.filter((m) => m.template === "booking-received")).toHaveLength(0);
    expect(mail.filter((m) => m.to === customer.email)).toHaveLength(1);
  });

  it("a checkout closed unpaid at the provider asks the customer once to complete the booking", async () => {
    const booking = await pendingBooking();
    await startCheckout(t.db, { id: booking.customerId }, { bookingId: booking.id });
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const { closeCheckout } = await import("@/modules/payments/server/checkout/settle");
    await t.db.transaction((tx) =>
      closeCheckout(tx, {
        provider: "test",
        checkoutId: payment?.providerReference ?? "",
        outcome: "expired",
      }),
    );
    const mail = await emailsOf(booking.id);
    expect(mail.map((m) => m.template)).toEqual(["booking-received"]);
  });
});
