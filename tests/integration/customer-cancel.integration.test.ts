import { and, eq } from "drizzle-orm";
import { customerCancelInput } from "@/modules/booking-cancel/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminBookingPage } from "@/modules/bookings/server/admin/admin-booking-view";
import { loadActionQueue } from "@/modules/today/server/admin-today-queue";
import { getMyBooking } from "@/modules/bookings/server/my-bookings";
import { renderTemplate } from "@/modules/notifications/templates";
import { recordPaymentInput, refundInput } from "@/modules/payments/admin-money-schemas";
import { REFUND_MAX_ATTEMPTS } from "@/modules/payments/domain/refund-plan";

import { recordPayment } from "@/modules/payments/server/record-payment";
import { refundBooking } from "@/modules/payments/server/admin-money";
import { getAdminMoneyPanel } from "@/modules/payments/server/admin-money-view";
import { cancelMyBooking, getMyCancelOffer } from "@/modules/booking-cancel/server";
import type { PaymentProvider, RefundInput } from "@/modules/payments/server/providers/provider";
import { retryDueRefunds } from "@/modules/payments/server/refunds/refunds";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { StripeProvider } from "@/modules/payments/server/providers/stripe-provider";
import { TestProvider } from "@/modules/payments/server/test-provider";
import { auditLog, bookings, emails, payments, refunds, settings } from "@/server/db/schema";
import { insertUser } from "@tests/factories";
import { dbKinds } from "../support/db";
import { fakeStripe, SECRET_KEY } from "../support/fake-stripe";
import { DAY_MS, NOW, useLifecycle } from "./booking-lifecycle-fixture";

// Issue 13: the customer cancels their own booking from /dashboard/bookings/{id}. The dialog's outcome
// (the policy's refund in this booking's money) is what happens, or the cancel is refused; online money
// goes back through its provider exactly once (retried by the job when the provider fails), money paid
// to the business directly becomes a refund task for the admin, and another customer learns nothing.

const EMAIL_CTX = {
  businessName: "Shine Street",
  contactEmail: "hello@shine.test",
  contactPhone: "020 7946 0000",
  appUrl: "http://localhost",
};

/** A provider whose refunds fail while `down`, counting every call. */
function switchableProvider() {
  const base = new TestProvider();
  const calls: { amountMinor: number; idempotencyKey: string; ok: boolean }[] = [];
  const state = { down: false };
  const provider: PaymentProvider = Object.assign(Object.create(base) as TestProvider, {
    refund: async (input: RefundInput) => {
      calls.push({ amountMinor: input.amountMinor, idempotencyKey: input.idempotencyKey, ok: !state.down });
      if (state.down) throw new Error("provider down");
      return base.refund();
    },
  });
  return Object.assign(provider, { calls, state });
}

describe.each(dbKinds)("a customer cancels their booking, on %s", (kind) => {
  const l = useLifecycle(kind);
  const provider = switchableProvider();
  const me = () => ({ id: l.customer.id, ip: "198.51.100.4" });
  const bookingRow = async (id: string) =>
    (await l.t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const refundsOf = (bookingId: string) =>
    l.t.db
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
  const mailOf = async (bookingId: string) =>
    l.t.db.select().from(emails).where(eq(emails.bookingId, bookingId));
  const alerts = async (bookingId: string) =>
    (await mailOf(bookingId))
      .filter((m) => m.template === "payment-alert-admin")
      .map((m) => (m.data as { kind: string }).kind);
  const cancelledEmail = async (bookingId: string) => {
    const mail = (await mailOf(bookingId)).filter((m) => m.template === "booking-cancelled");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(l.customer.email);
    return await renderTemplate("booking-cancelled", mail[0]?.data as never, EMAIL_CTX);
  };
  /** A booking of £85.00 three days ahead (outside the 24 h window), with `paidMinor` paid by `how`. */
  const booking = async (
    paidMinor: number,
    how: "test" | "cash" = "test",
    status: "confirmed" | "awaiting_approval" = "confirmed",
  ) => {
    const b = await l.bookingIn(status);
    if (paidMinor > 0 && how === "test") {
      await l.t.db.insert(payments).values({
        bookingId: b.id,
        provider: "test",
        kind: paidMinor >= 8500 ? "full" : "deposit",
        amountMinor: paidMinor,
        currency: "GBP",
        status: "succeeded",
        providerReference: `seed_${b.reference}`,
        settledAt: new Date(NOW.getTime() - DAY_MS),
      });
      await l.t.db.update(bookings).set({ amountPaidMinor: paidMinor }).where(eq(bookings.id, b.id));
    }
    if (paidMinor > 0 && how === "cash")
      await recordPayment(
        l.t.db,
        { id: l.admin.id },
        recordPaymentInput.parse({
          bookingId: b.id,
          from: status,
          method: "cash",
          amount: (paidMinor / 100).toFixed(2),
          moreThanDue: true,
        }),
        { now: NOW },
      );
    return b;
  };
  /** The dialog as the page shows it at `now`, and the cancel it sends. */
  const offerAndCancel = async (bookingId: string, now: Date) => {
    const offer = await getMyCancelOffer(l.t.db, l.customer.id, bookingId, now);
    if (!offer) throw new Error("no cancel offered");
    const input = customerCancelInput.parse({
      bookingId,
      from: offer.from,
      refundableMinor: offer.refundableMinor,
      refundMinor: offer.refundMinor,
    });
    return { offer, input, run: () => cancelMyBooking(l.t.db, me(), input, { now }) };
  };
  const late = (b: { startsAt: Date }) => new Date(b.startsAt.getTime() - 2 * 3_600_000);

  beforeAll(() => overridePaymentProviders({ active: "test", providers: { test: provider } }));
  afterAll(() => overridePaymentProviders(undefined));

  describe("the policy's refund, in this booking's money", () => {
    it("full payment, before the free window: everything back through the provider, once", async () => {
      const b = await booking(8500);
      const calls = provider.calls.length;
      const { offer, run } = await offerAndCancel(b.id, NOW);
      expect(offer.outcome.sentence).toBe(
        "You paid £85.00. Cancelling now is free: £85.00 goes back to your card.",
      );
      expect(await run()).toEqual({ status: "cancelled", refundMinor: 8500, owedMinor: 0 });
      const after = await l.snapshot(b.id);
      expect(after.booking).toMatchObject({
        status: "cancelled",
        cancelledBy: l.customer.id,
        amountRefundedMinor: 8500,
      });
      expect(after.allocation?.status).toBe("released");
      const rows = await refundsOf(b.id);
      expect(rows.map((r) => [r.provider, r.refund.amountMinor, r.refund.status, r.refund.retryAt])).toEqual([
        ["test", 8500, "succeeded", null],
      ]);
      expect(provider.calls.slice(calls)).toEqual([
        { amountMinor: 8500, idempotencyKey: rows[0]?.refund.id, ok: true },
      ]);
      // The status change by the customer, the refund on its way then made, the business told twice.
      const events = after.events.map((e) => [e.type, e.toValue, e.actorId]);
      expect(events).toEqual(
        expect.arrayContaining([
          ["status_changed", "cancelled", l.customer.id],
          ["refund", "pending", l.customer.id],
          ["refund", "succeeded", null],
        ]),
      );
      expect(after.events.filter((e) => e.type === "email_sent" && e.toValue === "business")).toHaveLength(2);
      expect((await alerts(b.id)).sort()).toEqual(["booking_cancelled", "refund_made"]);
      const text = (await cancelledEmail(b.id)).text;
      expect(text).toContain(`You cancelled booking ${b.reference}`);
      expect(text).toContain("You paid £85.00. Cancelling was free.");
      expect(text).toContain("£85.00 is on its way back to your card");
      expect(text).not.toContain("has cancelled your");
      const [audit] = await l.t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, "booking.cancel")));
      expect(audit).toMatchObject({ actorId: l.customer.id, ip: "198.51.100.4" });
      expect(audit?.summary).toMatchObject({ by: "customer", refundMinor: 8500, refundableMinor: 8500 });
      // The customer's page reads it in their words.
      const page = await getMyBooking(l.t.db, l.customer.id, b.id);
      expect(page?.history.map((h) => h.what)).toEqual(
        expect.arrayContaining(["Booking cancelled", "Refund of £85.00 on its way", "Refund of £85.00 made"]),
      );
      // Nothing more to cancel: the page offers no Cancel.
      expect(await getMyCancelOffer(l.t.db, l.customer.id, b.id, NOW)).toBeNull();
    });

    it("full payment, inside the free window: the late fee is kept, the rest refunded", async () => {
      const b = await booking(8500);
      const { offer, run } = await offerAndCancel(b.id, late(b));
      expect(offer.outcome.sentence).toBe(
        "You paid £85.00. You are cancelling within 24 hours of the start: the fee is £42.50; £42.50 goes back to your card.",
      );
      expect(await run()).toMatchObject({ refundMinor: 4250 });
      expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(4250);
      const text = (await cancelledEmail(b.id)).text;
      expect(text).toContain("You paid £85.00. The late-cancellation fee is £42.50.");
      expect(text).toContain("£42.50 is on its way back to your card");
    });

    it("deposit mode, before the window: the deposit comes back; inside it: the deposit is the fee", async () => {
      await l.t.db.update(settings).set({ paymentMode: "deposit", depositPercent: 20 });
      try {
        const early = await booking(1700);
        const a = await offerAndCancel(early.id, NOW);
        expect(a.offer.outcome.sentence).toBe(
          "You paid £17.00. Cancelling now is free: £17.00 goes back to your card.",
        );
        expect(await a.run()).toMatchObject({ refundMinor: 1700 });
        expect((await refundsOf(early.id)).map((r) => r.refund.amountMinor)).toEqual([1700]);

        const lateOne = await booking(1700);
        const calls = provider.calls.length;
        const b = await offerAndCancel(lateOne.id, late(lateOne));
        expect(b.offer.outcome.sentence).toBe(
          "You paid £17.00. You are cancelling within 24 hours of the start: the fee is £17.00, nothing is refunded.",
        );
        expect(await b.run()).toMatchObject({ status: "cancelled", refundMinor: 0 });
        expect(await refundsOf(lateOne.id)).toEqual([]);
        expect(provider.calls.length).toBe(calls);
        expect(await alerts(lateOne.id)).toEqual(["booking_cancelled"]);
        expect((await cancelledEmail(lateOne.id)).text).toContain(
          "You paid £17.00. The late-cancellation fee is £17.00, so nothing is refunded.",
        );
      } finally {
        await l.t.db.update(settings).set({ paymentMode: "full" });
      }
    });

    it("a booking awaiting approval with nothing paid cancels for nothing", async () => {
      const b = await booking(0, "test", "awaiting_approval");
      const { offer, run } = await offerAndCancel(b.id, late(b));
      expect(offer.outcome.sentence).toBe(
        "You are cancelling within 24 hours of the start, but nothing has been paid, so it costs nothing.",
      );
      expect(await run()).toEqual({ status: "cancelled", refundMinor: 0, owedMinor: 0 });
      expect(await alerts(b.id)).toEqual(["booking_cancelled"]);
      expect((await cancelledEmail(b.id)).text).toContain("Nothing was paid, so there is nothing to refund.");
    });
  });

  it("money paid to the business directly is not marked refunded: the admin gets a refund task", async () => {
    const b = await booking(8500, "cash");
    const calls = provider.calls.length;
    const { offer, run } = await offerAndCancel(b.id, NOW);
    expect(offer.outcome.sentence).toBe(
      "You paid £85.00. Cancelling now is free: Shine Street will hand back the £85.00 you paid them directly.",
    );
    expect(await run()).toEqual({ status: "cancelled", refundMinor: 8500, owedMinor: 8500 });
    expect(provider.calls.length).toBe(calls);
    expect(await refundsOf(b.id)).toEqual([]);
    expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(0);
    const after = await l.snapshot(b.id);
    const owed = after.events.find((e) => e.type === "refund");
    expect(owed).toMatchObject({
      toValue: "owed",
      data: { amountMinor: 8500, currency: "GBP", method: "cash" },
    });
    const told = await alerts(b.id);
    expect(told).toEqual(expect.arrayContaining(["booking_cancelled", "refund_owed"]));
    expect(told).not.toContain("refund_made");
    const alert = (await mailOf(b.id)).find(
      (m) => m.template === "payment-alert-admin" && (m.data as { kind: string }).kind === "refund_owed",
    );
    expect((alert?.data as { detail: string }).detail).toContain("hand it back to the customer");
    // On the admin's Needs-you queue.
    const queue = await loadActionQueue(l.t.db, {
      now: NOW,
      timeZone: "Europe/London",
      unpaidWindowMinutes: 60,
    });
    const item = queue.find((g) => g.kind === "payment_alert")?.items.find((i) => i.bookingId === b.id);
    expect(item?.text).toBe(
      "The customer cancelled — hand back what they paid you directly, then record the refund (£85.00)",
    );
    const text = (await cancelledEmail(b.id)).text;
    expect(text).toContain(
      "You paid £85.00 of it to Shine Street directly, so they will hand that back to you",
    );
    expect(text).not.toContain("on its way back to your card");
    const page = await getMyBooking(l.t.db, l.customer.id, b.id);
    expect(page?.history.map((h) => h.what)).toContain(
      "£85.00 you paid the business directly is to be handed back to you",
    );
    expect((await getAdminBookingPage(l.t.db, b.id, NOW))?.timeline.map((e) => e.what)).toContain(
      "Refund £85.00 owed — to be handed back by the business",
    );
    // The admin hands it back and records it with the panel's Refund: it is then refunded, once.
    const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    expect(panel?.refundableMinor).toBe(8500);
    await refundBooking(
      l.t.db,
      { id: l.admin.id },
      refundInput.parse({
        bookingId: b.id,
        amount: "85",
        refundableMinor: 8500,
        reasonKind: "cancellation",
        reason: "Handed back",
      }),
      { now: NOW },
    );
    expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(8500);
  });

  describe("a refund the provider refuses", () => {
    it("leaves the booking cancelled, tells the admin, and the retry job refunds it exactly once", async () => {
      const b = await booking(8500);
      const calls = provider.calls.length;
      provider.state.down = true;
      try {
        expect(await (await offerAndCancel(b.id, NOW)).run()).toMatchObject({ status: "cancelled" });
      } finally {
        provider.state.down = false;
      }
      const [failed] = await refundsOf(b.id);
      expect(failed?.refund).toMatchObject({ status: "failed", attempts: 1, amountMinor: 8500 });
      expect(failed?.refund.retryAt?.getTime()).toBe(NOW.getTime() + 60_000);
      expect(await bookingRow(b.id)).toMatchObject({ status: "cancelled", amountRefundedMinor: 0 });
      expect((await alerts(b.id)).sort()).toEqual(["booking_cancelled", "refund_failed", "refund_made"]);
      // While it is retried nobody can refund that money again, and the queue says it is being retried.
      const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
      expect(panel?.refundableMinor).toBe(0);
      expect(panel?.refunds[0]?.status).toBe(
        `Failed — retried automatically (attempt 2 of ${REFUND_MAX_ATTEMPTS})`,
      );
      const queue = await loadActionQueue(l.t.db, {
        now: NOW,
        timeZone: "Europe/London",
        unpaidWindowMinutes: 60,
      });
      expect(
        queue.find((g) => g.kind === "payment_alert")?.items.find((i) => i.bookingId === b.id)?.text,
      ).toBe("An automatic refund failed — it is being retried (£85.00)");
      expect((await getAdminBookingPage(l.t.db, b.id, NOW))?.timeline.map((e) => e.what)).toContain(
        "Refund £85.00 failed — it is retried automatically",
      );
      // The customer sees the refund on its way, not the provider's trouble.
      expect((await getMyBooking(l.t.db, l.customer.id, b.id))?.history.map((h) => h.what)).toContain(
        "Refund of £85.00 on its way",
      );

      // Not due yet: nothing sent.
      expect(await retryDueRefunds(l.t.db, { now: NOW })).toMatchObject({ succeeded: 0, failed: 0 });
      const due = new Date(NOW.getTime() + 2 * 60_000);
      expect(await retryDueRefunds(l.t.db, { now: due })).toMatchObject({ succeeded: 1 });
      expect(await retryDueRefunds(l.t.db, { now: new Date(due.getTime() + DAY_MS) })).toMatchObject({
        succeeded: 0,
        skipped: 0,
      });
      const [done] = await refundsOf(b.id);
      expect(done?.refund).toMatchObject({ status: "succeeded", attempts: 2, retryAt: null });
      expect(provider.calls.slice(calls)).toEqual([
        { amountMinor: 8500, idempotencyKey: done?.refund.id, ok: false },
        { amountMinor: 8500, idempotencyKey: done?.refund.id, ok: true },
      ]);
      expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(8500);
      expect((await alerts(b.id)).filter((k) => k === "refund_failed")).toHaveLength(1);
    });

    it("stops after a bounded number of attempts and tells the admin to refund it by hand", async () => {
      const b = await booking(3000);
      provider.state.down = true;
      try {
        await (await offerAndCancel(b.id, NOW)).run();
        let at = NOW;
        for (let i = 0; i < REFUND_MAX_ATTEMPTS + 2; i++) {
          at = new Date(at.getTime() + 3 * 3_600_000);
          await retryDueRefunds(l.t.db, { now: at });
        }
      } finally {
        provider.state.down = false;
      }
      const [row] = await refundsOf(b.id);
      expect(row?.refund).toMatchObject({ status: "failed", attempts: REFUND_MAX_ATTEMPTS, retryAt: null });
      const failures = (await mailOf(b.id)).filter(
        (m) => m.template === "payment-alert-admin" && (m.data as { kind: string }).kind === "refund_failed",
      );
      expect(failures).toHaveLength(2);
      expect((failures.at(-1)?.data as { detail: string }).detail).toContain("is no longer retried");
      const events = (await l.snapshot(b.id)).events.filter((e) => e.type === "refund").map((e) => e.toValue);
      expect(events).toEqual(["pending", "failed", "retry_failed", "retry_failed", "retry_failed", "failed"]);
      // Given up: the money can be refunded again by the admin.
      expect((await getAdminMoneyPanel(l.t.db, b.id, NOW))?.refundableMinor).toBe(3000);
    });

    it("sends a refund whose send was lost with its process once its lease ends", async () => {
      const b = await booking(2000);
      const [payment] = await l.t.db.select().from(payments).where(eq(payments.bookingId, b.id));
      // Written as the use case writes it, but the process stopped before the provider was called.
      await l.t.db.insert(refunds).values({
        paymentId: payment?.id ?? "",
        amountMinor: 2000,
        reason: "Lost",
        retryAt: new Date(NOW.getTime() + 10 * 60_000),
      });
      expect(await retryDueRefunds(l.t.db, { now: NOW })).toMatchObject({ succeeded: 0 });
      expect(await retryDueRefunds(l.t.db, { now: new Date(NOW.getTime() + 11 * 60_000) })).toMatchObject({
        succeeded: 1,
      });
      expect((await refundsOf(b.id))[0]?.refund).toMatchObject({ status: "succeeded", attempts: 1 });
    });
  });

  describe("refused, writing nothing", () => {
    it("cancel pressed twice refunds once: the second is told it is already cancelled", async () => {
      const b = await booking(8500);
      const calls = provider.calls.length;
      const { run } = await offerAndCancel(b.id, NOW);
      await run();
      const before = await l.snapshot(b.id);
      await expect(run()).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking is already cancelled.",
      });
      expect(await l.snapshot(b.id)).toEqual(before);
      expect(await refundsOf(b.id)).toHaveLength(1);
      expect(provider.calls.length - calls).toBe(1);
    });

    it("two presses at once: one cancels and refunds, the other is refused", async () => {
      const b = await booking(8500);
      const calls = provider.calls.length;
      const { run } = await offerAndCancel(b.id, NOW);
      const results = await Promise.allSettled([run(), run()]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
        code: "CONFLICT",
      });
      expect(await refundsOf(b.id)).toHaveLength(1);
      expect(provider.calls.length - calls).toBe(1);
      expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(8500);
    });

    it("a race with the admin: a refund, a cancellation or a start meanwhile — this booking changed", async () => {
      const refunded = await booking(8500);
      const shown = await offerAndCancel(refunded.id, NOW);
      await refundBooking(
        l.t.db,
        { id: l.admin.id },
        refundInput.parse({
          bookingId: refunded.id,
          amount: "10",
          refundableMinor: 8500,
          reasonKind: "goodwill",
          reason: "Goodwill",
        }),
        { now: NOW },
      );
      const before = await l.snapshot(refunded.id);
      await expect(shown.run()).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking's payments changed: £75.00 can be refunded now.",
      });
      expect(await l.snapshot(refunded.id)).toEqual(before);

      const cancelled = await booking(8500);
      const shown2 = await offerAndCancel(cancelled.id, NOW);
      await l.run({ bookingId: cancelled.id, to: "cancelled", actor: l.admin, reason: "Van broke down." });
      await expect(shown2.run()).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking is already cancelled.",
      });
      expect(await refundsOf(cancelled.id)).toEqual([]);

      const started = await booking(8500);
      const shown3 = await offerAndCancel(started.id, NOW);
      await l.run({ bookingId: started.id, to: "in_progress", actor: l.admin, reason: "Started." });
      await expect(shown3.run()).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking changed: it is now In progress.",
      });
    });

    it("the free window passed while the dialog was open: the new amount is given, nothing is written", async () => {
      const b = await booking(8500);
      const justBefore = new Date(b.startsAt.getTime() - 24 * 3_600_000 - 60_000);
      const { offer, input } = await offerAndCancel(b.id, justBefore);
      expect(offer.refundMinor).toBe(8500);
      const before = await l.snapshot(b.id);
      await expect(cancelMyBooking(l.t.db, me(), input, { now: late(b) })).rejects.toMatchObject({
        code: "CONFLICT",
        message:
          "This booking changed: cancelling now gives back £42.50, not the £85.00 you were shown. Look at the new amount and confirm again.",
      });
      expect(await l.snapshot(b.id)).toEqual(before);
    });

    it("another customer's booking, and the admin's, are not there for them", async () => {
      const b = await booking(8500);
      const other = await insertUser(l.t.db, { name: "Somebody Else" });
      expect(await getMyCancelOffer(l.t.db, other.id, b.id, NOW)).toBeNull();
      expect(await getMyCancelOffer(l.t.db, l.customer.id, "not-a-uuid", NOW)).toBeNull();
      const { input } = await offerAndCancel(b.id, NOW);
      const before = await l.snapshot(b.id);
      for (const actor of [{ id: other.id }, { id: l.admin.id }])
        await expect(cancelMyBooking(l.t.db, actor, input, { now: NOW })).rejects.toMatchObject({
          code: "NOT_FOUND",
        });
      await expect(
        cancelMyBooking(
          l.t.db,
          me(),
          { ...input, bookingId: "00000000-0000-4000-8000-000000000000" },
          { now: NOW },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await l.snapshot(b.id)).toEqual(before);
    });

    it("bad input gets field messages; a booking waiting for payment is not cancelled here", async () => {
      const bad = customerCancelInput.safeParse({
        bookingId: "x",
        from: "pending_payment",
        refundableMinor: -1,
      });
      expect(bad.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(
        ["bookingId", "from", "refundMinor", "refundableMinor"].sort(),
      );
      const pending = await l.bookingIn("pending_payment");
      expect(await getMyCancelOffer(l.t.db, l.customer.id, pending.id, NOW)).toBeNull();
    });
  });
});

describe.each(dbKinds)("a customer cancels a booking paid through Stripe, on %s", (kind) => {
  const l = useLifecycle(kind);
  const stripe = fakeStripe();

  beforeAll(async () => {
    const port = await stripe.start();
    overridePaymentProviders({
      active: "stripe",
      providers: {
        stripe: new StripeProvider({
          secretKey: SECRET_KEY,
          webhookSecret: "whsec_forecourt_test",
          api: { host: "127.0.0.1", port, protocol: "http" },
        }),
      },
    });
  });
  afterAll(async () => {
    overridePaymentProviders(undefined);
    await stripe.stop();
  });

  const stripeBooking = async (paidMinor: number) => {
    const b = await l.bookingIn("confirmed");
    const session = stripe.paidSession(b.id, paidMinor);
    await l.t.db.insert(payments).values({
      bookingId: b.id,
      provider: "stripe",
      kind: "full",
      amountMinor: paidMinor,
      currency: "GBP",
      status: "succeeded",
      providerReference: session.id,
      settledAt: new Date(NOW.getTime() - DAY_MS),
    });
    await l.t.db.update(bookings).set({ amountPaidMinor: paidMinor }).where(eq(bookings.id, b.id));
    return { b, session };
  };
  const cancel = async (bookingId: string, now: Date) => {
    const offer = await getMyCancelOffer(l.t.db, l.customer.id, bookingId, now);
    if (!offer) throw new Error("no offer");
    return cancelMyBooking(
      l.t.db,
      { id: l.customer.id },
      { bookingId, from: offer.from, refundableMinor: offer.refundableMinor, refundMinor: offer.refundMinor },
      { now },
    );
  };
  const refundRows = (bookingId: string) =>
    l.t.db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));

  it("inside the window: Stripe refunds what the policy gives, keyed by the refund row", async () => {
    const { b, session } = await stripeBooking(8500);
    const res = await cancel(b.id, new Date(b.startsAt.getTime() - 3_600_000));
    expect(res).toMatchObject({ status: "cancelled", refundMinor: 4250 });
    const [row] = await refundRows(b.id);
    expect(row?.refund).toMatchObject({ status: "succeeded", amountMinor: 4250 });
    const sent = stripe.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(sent).toEqual([
      expect.objectContaining({ amount: 4250, idempotencyKey: `refund-${row?.refund.id}` }),
    ]);
  });

  it("Stripe down: the refund fails, the booking stays cancelled, the retry refunds it once", async () => {
    const { b, session } = await stripeBooking(8500);
    stripe.state.refundsDown = true;
    try {
      await cancel(b.id, NOW);
    } finally {
      stripe.state.refundsDown = false;
    }
    const [failed] = await refundRows(b.id);
    expect(failed?.refund).toMatchObject({ status: "failed", attempts: 1 });
    expect((await l.t.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]?.status).toBe("cancelled");
    expect(await retryDueRefunds(l.t.db, { now: new Date(NOW.getTime() + 2 * 60_000) })).toMatchObject({
      succeeded: 1,
    });
    expect(await retryDueRefunds(l.t.db, { now: new Date(NOW.getTime() + DAY_MS) })).toMatchObject({
      succeeded: 0,
    });
    const sent = stripe.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(sent).toEqual([
      expect.objectContaining({ amount: 8500, idempotencyKey: `refund-${failed?.refund.id}` }),
    ]);
    // Every request for it, failed or not, carried the same idempotency key.
    const keys = new Set(
      stripe.seen
        .filter((s) => s.path === "/v1/refunds" && s.params.get("metadata[refundId]") === failed?.refund.id)
        .map((s) => s.idempotencyKey),
    );
    expect([...keys]).toEqual([`refund-${failed?.refund.id}`]);
  });
});
