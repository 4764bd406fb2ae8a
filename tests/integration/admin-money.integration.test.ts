import { and, eq } from "drizzle-orm";
import { cancelWithRefundInput } from "@/modules/booking-cancel/schemas";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendBookingEmailAsAdmin } from "@/modules/bookings/server/admin/admin-booking-emails";
import { getAdminBookingPage } from "@/modules/bookings/server/admin/admin-booking-view";
import { lockBooking } from "@/modules/bookings/server/booking-records";
import { transitionBooking, SYSTEM_ACTOR } from "@/modules/bookings/server/transition-booking";
import { enqueueBusinessAlert } from "@/modules/bookings/server/booking-emails";
import { renderTemplate } from "@/modules/notifications/templates";
import { recordPaymentInput, refundInput } from "@/modules/payments/admin-money-schemas";
import { cancelWithRefund } from "@/modules/booking-cancel/server";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { refundBooking } from "@/modules/payments/server/admin-money";
import { getAdminMoneyPanel } from "@/modules/payments/server/admin-money-view";
import { sendPaymentLink, startBalanceCheckout } from "@/modules/payments/server/checkout/payment-link";
import type { PaymentProvider, RefundInput } from "@/modules/payments/server/providers/provider";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { completeTestCheckout } from "@/modules/payments/server/test-checkout";
import { TestProvider } from "@/modules/payments/server/test-provider";
import { auditLog, bookings, emails, payments, refunds, settings } from "@/server/db/schema";
import { insertUser } from "@tests/factories";
import { dbKinds } from "../support/db";
import { holding, queued } from "../support/lock-waits";
import { DAY_MS, NOW, useLifecycle } from "./booking-lifecycle-fixture";

// The money buttons of /admin/bookings/{id}: record a payment, refund through the provider the money came
// in by (split newest first; manual money handed back by the business), cancel with the policy's refund,
// send a payment link (and pay the balance through it), resend an email; and the business told when money
// moves. Every one: admin only, a stale page refused with nothing written, an audit row, the timeline.

/** The test provider, counting its refund calls. */
function countingProvider() {
  const base = new TestProvider();
  const calls: { amountMinor: number; idempotencyKey: string }[] = [];
  const provider: PaymentProvider = Object.assign(Object.create(base) as TestProvider, {
    refund: async (input: RefundInput) => {
      calls.push({ amountMinor: input.amountMinor, idempotencyKey: input.idempotencyKey });
      return base.refund();
    },
  });
  return Object.assign(provider, { calls });
}

describe.each(dbKinds)("the admin's money on a booking, on %s", (kind) => {
  const l = useLifecycle(kind);
  const provider = countingProvider();
  const actor = () => ({ id: l.admin.id, ip: "203.0.113.7" });
  const audits = (bookingId: string, action: string) =>
    l.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, action)));
  const bookingRow = async (id: string) =>
    (await l.t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const refundsOf = (bookingId: string) =>
    l.t.db
      .select({ refund: refunds, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
  const alerts = async (bookingId: string) =>
    (await l.t.db.select().from(emails).where(eq(emails.bookingId, bookingId)))
      .filter((m) => m.template === "payment-alert-admin")
      .map((m) => (m.data as { kind: string }).kind);
  const paid = async (status: "confirmed" | "pending_payment" | "awaiting_approval", paidMinor: number) => {
    const b = await l.bookingIn(status);
    // The factory's test-provider payment; the ledger counts it.
    if (paidMinor > 0) {
      await l.t.db.insert(payments).values({
        bookingId: b.id,
        provider: "test",
        kind: "deposit",
        amountMinor: paidMinor,
        currency: "GBP",
        status: "succeeded",
        providerReference: `seed_${b.reference}`,
        settledAt: new Date(NOW.getTime() - DAY_MS),
      });
      await l.t.db.update(bookings).set({ amountPaidMinor: paidMinor }).where(eq(bookings.id, b.id));
    }
    return b;
  };

  beforeAll(() => overridePaymentProviders({ active: "test", providers: { test: provider } }));
  afterAll(() => overridePaymentProviders(undefined));

  describe("record a payment", () => {
    it("records cash against a confirmed booking: ledger, timeline, receipt, audit, live", async () => {
      const b = await paid("confirmed", 2000);
      const before = await l.snapshot(b.id);
      const input = recordPaymentInput.parse({
        bookingId: b.id,
        from: "confirmed",
        method: "cash",
        amount: "65.00",
      });
      const res = await recordPayment(l.t.db, actor(), input, { now: NOW });
      expect(res.status).toBe("confirmed");
      const after = await l.snapshot(b.id);
      expect(after.booking?.amountPaidMinor).toBe(8500);
      const [p] = await l.t.db.select().from(payments).where(eq(payments.id, res.paymentId));
      expect(p).toMatchObject({
        provider: "manual",
        method: "cash",
        kind: "balance",
        amountMinor: 6500,
        status: "succeeded",
        recordedBy: l.admin.id,
      });
      const events = after.events.slice(before.events.length);
      expect(events.map((e) => [e.type, e.toValue])).toEqual([["payment", "recorded"]]);
      expect(events[0]?.data).toMatchObject({ amountMinor: 6500, method: "cash", reason: "Cash" });
      expect(
        after.mail.filter((m) => !before.mail.some((x) => x.id === m.id)).map((m) => m.template),
      ).toEqual(["payment-receipt"]);
      expect(after.live.length).toBeGreaterThan(before.live.length);
      const [audit] = await audits(b.id, "booking.record_payment");
      expect(audit).toMatchObject({ actorId: l.admin.id, ip: "203.0.113.7" });
      expect(audit?.summary).toMatchObject({ amountMinor: 6500, method: "cash" });
    });

    it("confirms a booking waiting for its payment once what was due is covered, through transitionBooking", async () => {
      const b = await l.bookingIn("pending_payment");
      await l.t.db.update(bookings).set({ depositDueMinor: 2500 }).where(eq(bookings.id, b.id));
      const input = recordPaymentInput.parse({
        bookingId: b.id,
        from: "pending_payment",
        method: "bank_transfer",
        amount: "25",
        reference: "SHINE-123",
      });
      const res = await recordPayment(l.t.db, actor(), input, { now: NOW });
      expect(res.status).toBe("confirmed");
      const after = await l.snapshot(b.id);
      expect(after.booking).toMatchObject({
        status: "confirmed",
        amountPaidMinor: 2500,
        holdExpiresAt: null,
      });
      expect(after.allocation?.status).toBe("confirmed");
      expect(after.events.map((e) => [e.type, e.toValue])).toEqual(
        expect.arrayContaining([
          ["payment", "recorded"],
          ["status_changed", "confirmed"],
        ]),
      );
      expect(after.events.find((e) => e.type === "payment")?.data).toMatchObject({
        reason: "Bank transfer · reference SHINE-123",
      });
      expect(after.mail.map((m) => m.template)).toEqual(
        expect.arrayContaining(["booking-confirmed", "payment-receipt"]),
      );
    });

    it("validates on the server: method, amount, reference for card and bank, more than due only when ticked", async () => {
      const b = await paid("confirmed", 8000);
      const bad = recordPaymentInput.safeParse({
        bookingId: b.id,
        from: "confirmed",
        method: "card",
        amount: "abc",
      });
      expect(bad.success).toBe(false);
      const fields = bad.error?.issues.map((i) => i.path.join("."));
      expect(fields).toEqual(expect.arrayContaining(["amount"]));
      const noRef = recordPaymentInput.safeParse({
        bookingId: b.id,
        from: "confirmed",
        method: "card",
        amount: "5",
      });
      expect(noRef.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["reference", "Give the card terminal's receipt or transaction number."],
      ]);
      expect(
        recordPaymentInput.safeParse({ bookingId: b.id, from: "confirmed", method: "cash", amount: "0" })
          .success,
      ).toBe(false);
      const before = await l.snapshot(b.id);
      const tooMuch = recordPaymentInput.parse({
        bookingId: b.id,
        from: "confirmed",
        method: "cash",
        amount: "10.00",
      });
      await expect(recordPayment(l.t.db, actor(), tooMuch, { now: NOW })).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { amount: [expect.stringContaining("more than the £5.00 due")] },
      });
      expect(await l.snapshot(b.id)).toEqual(before);
      const ticked = recordPaymentInput.parse({
        bookingId: b.id,
        from: "confirmed",
        method: "cash",
        amount: "10.00",
        moreThanDue: true,
      });
      await recordPayment(l.t.db, actor(), ticked, { now: NOW });
      expect((await bookingRow(b.id))?.amountPaidMinor).toBe(9000);
    });

    it("refuses a stale page and a customer, writing nothing", async () => {
      const b = await l.bookingIn("cancelled");
      const before = await l.snapshot(b.id);
      const input = recordPaymentInput.parse({
        bookingId: b.id,
        from: "confirmed",
        method: "cash",
        amount: "5",
      });
      await expect(recordPayment(l.t.db, actor(), input, { now: NOW })).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking changed: it is now Cancelled.",
      });
      await expect(recordPayment(l.t.db, { id: l.customer.id }, input, { now: NOW })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      expect(await l.snapshot(b.id)).toEqual(before);
      expect(await audits(b.id, "booking.record_payment")).toEqual([]);
    });
  });

  describe("refund", () => {
    it("refunds through the provider the money came in by, split newest first, manual money handed back", async () => {
      const b = await paid("confirmed", 3000); // online, yesterday
      await recordPayment(
        l.t.db,
        actor(),
        recordPaymentInput.parse({ bookingId: b.id, from: "confirmed", method: "cash", amount: "20" }),
        { now: NOW },
      );
      const calls = provider.calls.length;
      const before = await l.snapshot(b.id);
      const input = refundInput.parse({
        bookingId: b.id,
        amount: "35.00",
        refundableMinor: 5000,
        reasonKind: "goodwill",
        reason: "Goodwill: late arrival.",
      });
      await refundBooking(l.t.db, actor(), input, { now: NOW });
      const rows = await refundsOf(b.id);
      expect(
        rows.map((r) => [r.provider, r.refund.amountMinor, r.refund.status, r.refund.createdBy]).sort(),
      ).toEqual([
        ["manual", 2000, "succeeded", l.admin.id],
        ["test", 1500, "succeeded", l.admin.id],
      ]);
      expect(provider.calls.slice(calls)).toEqual([
        { amountMinor: 1500, idempotencyKey: rows.find((r) => r.provider === "test")?.refund.id },
      ]);
      const after = await l.snapshot(b.id);
      expect(after.booking).toMatchObject({ amountPaidMinor: 5000, amountRefundedMinor: 3500 });
      const newEvents = after.events.slice(before.events.length).map((e) => [e.type, e.toValue]);
      expect(newEvents).toEqual(
        expect.arrayContaining([
          ["refund", "succeeded"],
          ["refund", "pending"],
          ["email_sent", "business"],
        ]),
      );
      expect(await alerts(b.id)).toContain("refund_made");
      expect(await audits(b.id, "booking.refund")).toHaveLength(1);
      const told = after.mail.find((m) => m.template === "refund-issued");
      expect(told).toMatchObject({
        to: l.customer.email,
        data: { amount: "£35.00", reason: "Goodwill: late arrival." },
      });
      const text = (
        await renderTemplate("refund-issued", told?.data as never, {
          businessName: "Shine Street",
          contactEmail: "hello@shine.test",
          contactPhone: "020 7946 0000",
          appUrl: "http://localhost",
        })
      ).text;
      expect(text).toContain("Shine Street has refunded £35.00 for your booking");
      const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
      expect(panel).toMatchObject({ refundableMinor: 1500, refundable: "£15.00" });
      // Not a booking (nor a uuid): no panel, and the page answers 404.
      expect(await getAdminMoneyPanel(l.t.db, "not-a-booking", NOW)).toBeNull();
      expect(await getAdminMoneyPanel(l.t.db, "00000000-0000-4000-8000-000000000000", NOW)).toBeNull();
    });

    it("refuses a refund above what was paid with a field message, and a page that showed other money", async () => {
      const b = await paid("confirmed", 3000);
      const before = await l.snapshot(b.id);
      await expect(
        refundBooking(
          l.t.db,
          actor(),
          refundInput.parse({
            bookingId: b.id,
            amount: "30.01",
            refundableMinor: 3000,
            reasonKind: "goodwill",
            reason: "Too much",
          }),
          { now: NOW },
        ),
      ).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: {
          amount: [
            "At most £30.00 can be refunded: a goodwill refund can return at most what was paid towards the price (refunds on their way count).",
          ],
        },
      });
      await expect(
        refundBooking(
          l.t.db,
          actor(),
          refundInput.parse({
            bookingId: b.id,
            amount: "10",
            refundableMinor: 2000,
            reasonKind: "goodwill",
            reason: "Stale page",
          }),
          { now: NOW },
        ),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking's payments changed: £30.00 can be refunded now.",
      });
      await expect(
        refundBooking(
          l.t.db,
          { id: l.customer.id },
          refundInput.parse({
            bookingId: b.id,
            amount: "10",
            refundableMinor: 3000,
            reasonKind: "goodwill",
            reason: "Me too",
          }),
          { now: NOW },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await l.snapshot(b.id)).toEqual(before);
      expect(await refundsOf(b.id)).toEqual([]);
    });

    it("records a provider's failure and tells the business", async () => {
      const b = await paid("confirmed", 3000);
      const failing: PaymentProvider = Object.assign(Object.create(new TestProvider()) as TestProvider, {
        refund: async (): Promise<never> => {
          throw new Error("provider down");
        },
      });
      overridePaymentProviders({ active: "test", providers: { test: failing } });
      try {
        await refundBooking(
          l.t.db,
          actor(),
          refundInput.parse({
            bookingId: b.id,
            amount: "10",
            refundableMinor: 3000,
            reasonKind: "goodwill",
            reason: "Goodwill",
          }),
          { now: NOW },
        );
      } finally {
        overridePaymentProviders({ active: "test", providers: { test: provider } });
      }
      const [row] = await refundsOf(b.id);
      expect(row?.refund.status).toBe("failed");
      expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(0);
      expect(await alerts(b.id)).toEqual(expect.arrayContaining(["refund_made", "refund_failed"]));
    });
  });

  describe("cancel with refund", () => {
    it("cancels and records the refund in one transaction, the customer told the amount, the provider after commit", async () => {
      const b = await paid("confirmed", 8500);
      const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
      // Three days ahead: inside the free window (24 h by default), the policy refunds everything.
      expect(panel?.cancel).toMatchObject({ refundMinor: 8500, refund: "£85.00" });
      const input = cancelWithRefundInput.parse({
        bookingId: b.id,
        from: "confirmed",
        amount: "60.00",
        refundableMinor: 8500,
        reason: "Our van broke down.",
      });
      const res = await cancelWithRefund(l.t.db, actor(), input, { now: NOW });
      expect(res).toEqual({ status: "cancelled", refundedMinor: 6000 });
      const after = await l.snapshot(b.id);
      expect(after.booking).toMatchObject({
        status: "cancelled",
        cancelledBy: l.admin.id,
        amountRefundedMinor: 6000,
      });
      expect(after.allocation?.status).toBe("released");
      const [row] = await refundsOf(b.id);
      expect(row?.refund).toMatchObject({
        amountMinor: 6000,
        status: "succeeded",
        reason: "Our van broke down.",
      });
      const mail = after.mail.find((m) => m.template === "booking-cancelled");
      const text = (
        await renderTemplate("booking-cancelled", mail?.data as never, {
          businessName: "Shine Street",
          contactEmail: "hello@shine.test",
          contactPhone: "020 7946 0000",
          appUrl: "http://localhost",
        })
      ).text;
      expect(text).toContain("You paid £85.00. We are refunding £60.00 to you");
      expect(await alerts(b.id)).toEqual(expect.arrayContaining(["booking_cancelled", "refund_made"]));
      const [audit] = await audits(b.id, "booking.cancel");
      expect(audit?.summary).toMatchObject({
        refundMinor: 6000,
        refundableMinor: 8500,
        from: "confirmed",
        to: "cancelled",
      });
      const page = await getAdminBookingPage(l.t.db, b.id, NOW);
      expect(page?.timeline.map((e) => e.what)).toEqual(
        expect.arrayContaining([
          "Confirmed → Cancelled",
          "Refund £60.00 pending (cancellation)",
          "Business told: A booking was cancelled",
        ]),
      );
    });

    it("proposes the late fee inside the window; cancelling with no refund tells the customer so", async () => {
      const b = await paid("confirmed", 8500);
      const late = new Date(b.startsAt.getTime() - 2 * 3_600_000);
      const panel = await getAdminMoneyPanel(l.t.db, b.id, late);
      expect(panel?.cancel.refundMinor).toBe(8500 - 4250);
      await cancelWithRefund(
        l.t.db,
        actor(),
        cancelWithRefundInput.parse({
          bookingId: b.id,
          from: "confirmed",
          amount: "0",
          refundableMinor: 8500,
          reason: "Customer no longer needs it.",
        }),
        { now: late },
      );
      expect(await refundsOf(b.id)).toEqual([]);
      const mail = (await l.snapshot(b.id)).mail.find((m) => m.template === "booking-cancelled");
      expect(mail?.data).toMatchObject({ refund: "none", paid: "£85.00" });
    });

    it("refuses a stale page and a refund above what was paid, writing nothing", async () => {
      const b = await paid("confirmed", 3000);
      const before = await l.snapshot(b.id);
      await expect(
        cancelWithRefund(
          l.t.db,
          actor(),
          cancelWithRefundInput.parse({
            bookingId: b.id,
            from: "confirmed",
            amount: "31",
            refundableMinor: 3000,
            reason: "Weather.",
          }),
          { now: NOW },
        ),
      ).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { amount: [expect.stringContaining("At most £30.00")] },
      });
      await expect(
        cancelWithRefund(
          l.t.db,
          actor(),
          cancelWithRefundInput.parse({
            bookingId: b.id,
            from: "awaiting_approval",
            amount: "30",
            refundableMinor: 3000,
            reason: "Weather.",
          }),
          { now: NOW },
        ),
      ).rejects.toMatchObject({ code: "CONFLICT", message: "This booking changed: it is now Confirmed." });
      expect(await l.snapshot(b.id)).toEqual(before);
    });
  });

  describe("payment links", () => {
    it("emails the customer the booking's own page while it waits for payment", async () => {
      const b = await l.bookingIn("pending_payment");
      await l.t.db.update(bookings).set({ depositDueMinor: 8500 }).where(eq(bookings.id, b.id));
      const res = await sendPaymentLink(
        l.t.db,
        actor(),
        { bookingId: b.id, from: "pending_payment" },
        { now: NOW },
      );
      expect(res).toEqual({ amountMinor: 8500, to: l.customer.email });
      const after = await l.snapshot(b.id);
      const mail = after.mail.find((m) => m.template === "payment-link");
      expect(mail?.data).toMatchObject({ amount: "£85.00", what: "the full price" });
      expect(String((mail?.data as { url: string }).url)).toContain("/booking/success?");
      expect(after.events.at(-1)).toMatchObject({
        type: "email_sent",
        toValue: "payment_link",
        actorId: l.admin.id,
      });
      expect(await audits(b.id, "booking.payment_link")).toHaveLength(1);
    });

    it("a confirmed booking's balance: the link's page opens a balance checkout; paid, the booking stays confirmed", async () => {
      const b = await paid("confirmed", 2500);
      await sendPaymentLink(l.t.db, actor(), { bookingId: b.id, from: "confirmed" }, { now: NOW });
      const mail = (await l.snapshot(b.id)).mail.find((m) => m.template === "payment-link");
      expect(mail?.data).toMatchObject({ amount: "£60.00", what: "the balance" });
      expect(String((mail?.data as { url: string }).url)).toContain("/booking/pay?");
      await expect(
        startBalanceCheckout(l.t.db, { id: l.admin.id }, { bookingId: b.id }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      const { url } = await startBalanceCheckout(
        l.t.db,
        { id: l.customer.id },
        { bookingId: b.id },
        { now: NOW },
      );
      const [pending] = await l.t.db
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, b.id), eq(payments.status, "pending")));
      expect(pending).toMatchObject({ kind: "balance", amountMinor: 6000, provider: "test" });
      await completeTestCheckout(new URL(url).searchParams.get("checkout") ?? "", "pay");
      const after = await bookingRow(b.id);
      expect(after).toMatchObject({ status: "confirmed", amountPaidMinor: 8500, amountRefundedMinor: 0 });
      expect(await alerts(b.id)).toContain("booking_paid");
      await expect(
        startBalanceCheckout(l.t.db, { id: l.customer.id }, { bookingId: b.id }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "Nothing is owed on this booking: it is paid.",
      });
    });

    it("refuses a stale page and a booking with nothing owed, writing nothing", async () => {
      const b = await paid("confirmed", 8500);
      const before = await l.snapshot(b.id);
      await expect(
        sendPaymentLink(l.t.db, actor(), { bookingId: b.id, from: "confirmed" }, { now: NOW }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "Nothing is owed on this booking.",
      });
      await expect(
        sendPaymentLink(l.t.db, actor(), { bookingId: b.id, from: "pending_payment" }, { now: NOW }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This booking changed: it is now Confirmed.",
      });
      expect(await l.snapshot(b.id)).toEqual(before);
    });
  });

  describe("business alerts and resending", () => {
    it("tells the business when a customer cancels (not when an unannounced checkout expires), on the timeline too", async () => {
      const expiring = await l.bookingIn("pending_payment");
      await l.t.db.transaction((tx) =>
        transitionBooking(tx, {
          bookingId: expiring.id,
          to: "expired",
          actor: SYSTEM_ACTOR,
          reason: "Hold lapsed.",
          now: NOW,
        }),
      );
      // An online checkout that never got paid was never announced to the business: its expiry is no news.
      expect(await alerts(expiring.id)).toEqual([]);
      const cancelled = await l.bookingIn("confirmed");
      await l.run({
        bookingId: cancelled.id,
        to: "cancelled",
        actor: l.asCustomer,
        reason: "Changed my mind.",
      });
      expect(await alerts(cancelled.id)).toEqual(["booking_cancelled"]);
      const mail = (await l.snapshot(cancelled.id)).mail.find((m) => m.template === "payment-alert-admin");
      expect(mail?.to).toBe("office@shine.test");
      expect((mail?.data as { detail: string }).detail).toContain(
        "Cancelled by the customer. Reason: Changed my mind.",
      );
    });

    it("follows the business's alert choices; problems that need it are always sent", async () => {
      await l.t.db.update(settings).set({ alertCancellations: false, alertRefunds: false });
      try {
        const b = await l.bookingIn("confirmed");
        await l.run({ bookingId: b.id, to: "cancelled", actor: l.asCustomer, reason: "Not needed." });
        expect(await alerts(b.id)).toEqual([]);
        // Nothing on the timeline claims the business was told.
        const told = (await l.snapshot(b.id)).events.filter((e) => e.type === "email_sent");
        expect(told).toEqual([]);
        await l.t.db.transaction((tx) =>
          enqueueBusinessAlert(tx, {
            bookingId: b.id,
            kind: "refund_failed",
            amountMinor: 100,
            currency: "GBP",
            detail: "The card refund was refused.",
          }),
        );
        await l.t.db.transaction((tx) =>
          enqueueBusinessAlert(tx, {
            bookingId: b.id,
            kind: "refund_made",
            amountMinor: 100,
            currency: "GBP",
            detail: "Refunded.",
          }),
        );
        expect(await alerts(b.id)).toEqual(["refund_failed"]);
      } finally {
        await l.t.db.update(settings).set({ alertCancellations: true, alertRefunds: true });
      }
    });

    it("resends an email as a fresh copy; audited and on the timeline; another booking's email is not found", async () => {
      const b = await l.bookingIn("awaiting_approval");
      const other = await l.bookingIn("confirmed");
      await l.run({ bookingId: b.id, to: "confirmed", actor: l.admin, reason: "ok" });
      const [original] = await l.t.db
        .select()
        .from(emails)
        .where(and(eq(emails.bookingId, b.id), eq(emails.template, "booking-confirmed")));
      expect(original).toBeDefined();
      const res = await resendBookingEmailAsAdmin(l.t.db, actor(), {
        bookingId: b.id,
        emailId: original?.id ?? "",
      });
      expect(res.to).toBe(l.customer.email);
      const copies = await l.t.db
        .select()
        .from(emails)
        .where(and(eq(emails.bookingId, b.id), eq(emails.template, "booking-confirmed")));
      expect(copies).toHaveLength(2);
      expect(copies[1]?.data).toEqual(original?.data);
      expect(copies[1]?.attachments).toEqual(original?.attachments);
      expect(await audits(b.id, "booking.resend_email")).toHaveLength(1);
      await expect(
        resendBookingEmailAsAdmin(l.t.db, actor(), { bookingId: other.id, emailId: original?.id ?? "" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      const customer = await insertUser(l.t.db, { name: "Not an admin" });
      await expect(
        resendBookingEmailAsAdmin(
          l.t.db,
          { id: customer.id },
          { bookingId: b.id, emailId: original?.id ?? "" },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      const page = await getAdminBookingPage(l.t.db, b.id, NOW);
      expect(page?.timeline.at(-1)?.what).toBe("Email sent again: Booking confirmed (with calendar file)");
    });
  });

  describe.runIf(kind === "postgres")("two admins pressing Refund at once", () => {
    it("refunds once: the second waits for the first's lock, then finds the money changed", async () => {
      const b = await paid("confirmed", 5000);
      const watcher = new pg.Client({ connectionString: l.t.url });
      await watcher.connect();
      try {
        const calls = provider.calls.length;
        const input = refundInput.parse({
          bookingId: b.id,
          amount: "50",
          refundableMinor: 5000,
          reasonKind: "goodwill",
          reason: "Double press",
        });
        // The first admin's refund holds the booking's row lock while the second arrives.
        const first = await holding(l.t.db, (tx) => lockBooking(tx, b.id));
        const a = refundBooking(l.t.db, actor(), input, { now: NOW });
        const second = refundBooking(l.t.db, actor(), input, { now: NOW });
        expect(await queued(watcher, 2, a, second)).toBe("queued");
        await first.commit();
        const results = await Promise.allSettled([a, second]);
        expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
        const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({
          code: "CONFLICT",
          message: "This booking's payments changed: £0.00 can be refunded now.",
        });
        expect(await refundsOf(b.id)).toHaveLength(1);
        expect(provider.calls.length - calls).toBe(1);
        expect((await bookingRow(b.id))?.amountRefundedMinor).toBe(5000);
      } finally {
        await watcher.end();
      }
    });
  });
});
