import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMoney } from "@/lib/booking/booking-money";
import { getMyBooking } from "@/modules/bookings/server/my-bookings";
import { renderTemplate } from "@/modules/notifications/templates";
import { adjustPriceInput, recordPaymentInput, refundInput } from "@/modules/payments/admin-money-schemas";
import { adjustPrice } from "@/modules/payments/server/adjust-price";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { refundBooking } from "@/modules/payments/server/admin-money";
import { getAdminMoneyPanel } from "@/modules/payments/server/admin-money-view";
import { bookingAdjustmentLines } from "@/modules/payments/server/booking-ledger";
import type { PaymentProvider } from "@/modules/payments/server/providers/provider";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { TestProvider } from "@/modules/payments/server/test-provider";
import { auditLog, bookingAdjustments, bookings, emails, payments, refunds } from "@/server/db/schema";
import { dbKinds } from "../support/db";
import { DAY_MS, NOW, useLifecycle } from "./booking-lifecycle-fixture";

// ADR 0040's write side: every refund has a reason and a method; a goodwill refund lowers the price (an
// adjustment row) so it never leaves a debt; an overpayment gives back only what was paid above the
// price; a discount lowers a standing booking's price before or after payment. Limits count refunds on
// their way, answer with a field message, and write nothing when refused.

const CTX = {
  businessName: "Shine Street",
  contactEmail: "hello@shine.test",
  contactPhone: "020 7946 0000",
  appUrl: "http://localhost",
};

describe.each(dbKinds)("refund reasons and price adjustments, on %s", (kind) => {
  const l = useLifecycle(kind);
  const actor = () => ({ id: l.admin.id, ip: "203.0.113.7" });
  const row = async (id: string) => {
    const [b] = await l.t.db.select().from(bookings).where(eq(bookings.id, id));
    if (!b) throw new Error(`booking ${id} not found`);
    return b;
  };
  const refundsOf = (bookingId: string) =>
    l.t.db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
  const adjustmentsOf = (bookingId: string) =>
    l.t.db.select().from(bookingAdjustments).where(eq(bookingAdjustments.bookingId, bookingId));

  /** A confirmed booking at `totalMinor`, with an online (test provider) payment of `onlineMinor`. */
  const booking = async (totalMinor: number, onlineMinor = 0) => {
    const b = await l.bookingIn("confirmed");
    await l.t.db.update(bookings).set({ totalMinor }).where(eq(bookings.id, b.id));
    if (onlineMinor > 0) {
      await l.t.db.insert(payments).values({
        bookingId: b.id,
        provider: "test",
        kind: "full",
        amountMinor: onlineMinor,
        currency: "GBP",
        status: "succeeded",
        providerReference: `seed_${b.reference}`,
        settledAt: new Date(NOW.getTime() - DAY_MS),
      });
      await l.t.db.update(bookings).set({ amountPaidMinor: onlineMinor }).where(eq(bookings.id, b.id));
    }
    return b;
  };
  const cash = (bookingId: string, amount: string, moreThanDue = false) =>
    recordPayment(
      l.t.db,
      actor(),
      recordPaymentInput.parse({ bookingId, from: "confirmed", method: "cash", amount, moreThanDue }),
      { now: NOW },
    );
  const refund = (
    bookingId: string,
    reasonKind: string,
    amount: string,
    refundableMinor: number,
    reason = "Sorry for the wait.",
  ) =>
    refundBooking(
      l.t.db,
      actor(),
      refundInput.parse({ bookingId, amount, refundableMinor, reasonKind, reason }),
      { now: NOW },
    );
  const discount = (bookingId: string, amount: string, chargeShownMinor: number, who = actor()) =>
    adjustPrice(
      l.t.db,
      who,
      adjustPriceInput.parse({
        bookingId,
        from: "confirmed",
        amount,
        chargeShownMinor,
        reason: "Returning customer.",
      }),
      { now: NOW },
    );

  beforeAll(() => overridePaymentProviders({ active: "test", providers: { test: new TestProvider() } }));
  afterAll(() => overridePaymentProviders(undefined));

  it("£140 paid in cash, then £30 goodwill: charge £110, nothing due, an adjustment row, cash wording", async () => {
    const b = await booking(14000);
    await cash(b.id, "140");
    const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    // Paid in full: only goodwill applies (nothing was paid above the price).
    expect(panel?.refundReasons.map((r) => [r.kind, r.limitMinor])).toEqual([["goodwill", 14000]]);

    await refund(b.id, "goodwill", "30", 14000, "Missed a spot on the bonnet.");
    const after = await row(b.id);
    expect(after).toMatchObject({ adjustmentMinor: 3000, amountPaidMinor: 14000, amountRefundedMinor: 3000 });
    expect(bookingMoney(after)).toMatchObject({ chargeMinor: 11000, dueMinor: 0, refundableMinor: 0 });
    const [r] = await refundsOf(b.id);
    expect(r?.refund).toMatchObject({ reasonKind: "goodwill", method: "cash", status: "succeeded" });
    expect(await adjustmentsOf(b.id)).toEqual([
      expect.objectContaining({
        kind: "goodwill",
        amountMinor: 3000,
        reason: "Missed a spot on the bonnet.",
        refundId: r?.refund.id,
        createdBy: l.admin.id,
      }),
    ]);
    // The admin's next goodwill refund is limited to the new price, with nothing above it to give back.
    const next = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    expect(next).toMatchObject({ chargeMinor: 11000, dueMinor: 0, refundableMinor: 11000 });
    expect(next?.refundReasons.map((x) => [x.kind, x.limitMinor])).toEqual([["goodwill", 11000]]);
    const [audit] = await l.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, "booking.refund")));
    expect(audit?.summary).toMatchObject({ reasonKind: "goodwill", amountMinor: 3000 });

    // The customer's email says it was a goodwill refund handed back in cash: no card wording.
    const [mail] = (await l.t.db.select().from(emails).where(eq(emails.bookingId, b.id))).filter(
      (m) => m.template === "refund-issued",
    );
    expect(mail?.data).toMatchObject({ reasonKind: "goodwill", method: "cash" });
    const text = (await renderTemplate("refund-issued", mail?.data as never, CTX)).text;
    expect(text).not.toContain("5–10 working days");
    expect(text).toContain("goodwill refund");
    expect(text).toContain("in cash, handed back to you by the business");

    // The customer sees the lower price, the reason, and no debt.
    const page = await getMyBooking(l.t.db, l.customer.id, b.id);
    expect(page?.view).toMatchObject({ chargeMinor: 11000, balanceMinor: 0, adjustmentMinor: 3000 });
    expect(page?.history.map((h) => h.why)).toContain("Goodwill refund: the price was lowered by as much");
    expect((await bookingAdjustmentLines(l.t.db, b.id)).map((a) => [a.kind, a.amount, a.reason])).toEqual([
      ["goodwill", "£30.00", "Missed a spot on the bonnet."],
    ]);
  });

  it("an overpayment refund gives back only what was paid above the price; refunds on their way count", async () => {
    const b = await booking(8500);
    await cash(b.id, "100", true);
    const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    expect(panel?.refundReasons.map((r) => [r.kind, r.limitMinor])).toEqual([
      ["overpayment", 1500],
      ["goodwill", 8500],
    ]);
    const before = await l.snapshot(b.id);
    await expect(refund(b.id, "overpayment", "15.01", 10000)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { amount: [expect.stringContaining("At most £15.00 can be refunded")] },
    });
    // A cancellation refund is for a booking that ended.
    await expect(refund(b.id, "cancellation", "5", 10000)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { reasonKind: [expect.any(String)] },
    });
    expect(await l.snapshot(b.id)).toEqual(before);
    expect(await refundsOf(b.id)).toEqual([]);
    expect(await adjustmentsOf(b.id)).toEqual([]);

    await refund(b.id, "overpayment", "15", 10000);
    const after = await row(b.id);
    expect(bookingMoney(after)).toMatchObject({ chargeMinor: 8500, dueMinor: 0, refundableMinor: 0 });
    expect(after.adjustmentMinor).toBe(0);
    const [r] = await refundsOf(b.id);
    expect(r?.refund).toMatchObject({ reasonKind: "overpayment", method: "cash" });
  });

  it("an online refund still on its way counts against the limits", async () => {
    const b = await booking(8500, 10000);
    const failing: PaymentProvider = Object.assign(Object.create(new TestProvider()) as TestProvider, {
      refund: async (): Promise<never> => {
        throw new Error("provider down");
      },
    });
    overridePaymentProviders({ active: "test", providers: { test: failing } });
    try {
      await refund(b.id, "overpayment", "10", 10000);
    } finally {
      overridePaymentProviders({ active: "test", providers: { test: new TestProvider() } });
    }
    const [r] = await refundsOf(b.id);
    expect(r?.refund).toMatchObject({ status: "failed", reasonKind: "overpayment", method: "online" });
    expect((await row(b.id)).amountRefundedMinor).toBe(0);
    const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    expect(panel?.refundReasons.map((x) => [x.kind, x.limitMinor])).toEqual([
      ["overpayment", 500],
      ["goodwill", 8500],
    ]);
    await expect(refund(b.id, "overpayment", "6", 9000)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { amount: [expect.stringContaining("At most £5.00")] },
    });
  });

  it("a discount before payment lowers what is due; the customer sees it with its reason", async () => {
    const b = await booking(8500);
    const res = await discount(b.id, "20", 8500);
    expect(res.chargeMinor).toBe(6500);
    const after = await row(b.id);
    expect(bookingMoney(after)).toMatchObject({ chargeMinor: 6500, dueMinor: 6500, refundableMinor: 0 });
    // The customer is told by email: the discount, its reason, the new price and what is left to pay.
    const told = (await l.t.db.select().from(emails).where(eq(emails.bookingId, b.id))).filter(
      (e) => e.template === "price-adjusted",
    );
    expect(told).toHaveLength(1);
    const mail = await renderTemplate("price-adjusted", told[0]?.data as never, CTX);
    expect(mail.subject).toContain("is now £65.00");
    expect(mail.text).toContain("Reason: Returning customer.");
    expect(mail.text).toContain("Left to pay: £65.00.");
    expect(await adjustmentsOf(b.id)).toEqual([
      expect.objectContaining({
        kind: "discount",
        amountMinor: 2000,
        reason: "Returning customer.",
        refundId: null,
      }),
    ]);
    const [audit] = await l.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, "booking.adjust_price")));
    expect(audit?.summary).toMatchObject({
      amountMinor: 2000,
      chargeBeforeMinor: 8500,
      chargeAfterMinor: 6500,
    });
    const page = await getMyBooking(l.t.db, l.customer.id, b.id);
    expect(page?.history).toContainEqual(
      expect.objectContaining({ what: "Price lowered by £20.00", why: "Returning customer." }),
    );
    expect(page?.view.balanceMinor).toBe(6500);
  });

  it("a discount after payment makes the difference refundable as an overpayment", async () => {
    const b = await booking(8500, 8500);
    await discount(b.id, "10", 8500);
    expect(bookingMoney(await row(b.id))).toMatchObject({
      chargeMinor: 7500,
      dueMinor: 0,
      refundableMinor: 1000,
    });
    const panel = await getAdminMoneyPanel(l.t.db, b.id, NOW);
    expect(panel?.refundReasons.map((r) => [r.kind, r.limitMinor])).toEqual([
      ["overpayment", 1000],
      ["goodwill", 7500],
    ]);
  });

  it("refuses a discount above the price with a field message, a stale price, and a customer", async () => {
    const b = await booking(8500);
    const before = await l.snapshot(b.id);
    await expect(discount(b.id, "85.01", 8500)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { amount: ["At most £85.00 can be taken off: what is left of the price."] },
    });
    await expect(discount(b.id, "5", 9000)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(discount(b.id, "5", 8500, { id: l.customer.id, ip: "203.0.113.8" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await l.snapshot(b.id)).toEqual(before);
    expect(await adjustmentsOf(b.id)).toEqual([]);
    expect(
      adjustPriceInput.safeParse({
        bookingId: b.id,
        from: "confirmed",
        amount: "5",
        chargeShownMinor: 1,
        reason: "",
      }).success,
    ).toBe(false);
  });

  it("a missed booking's fee is shown due and can be paid; a late fee is a share of the discounted price", async () => {
    // Missed at the full price, nothing paid: the panel and the definition say £85.00 due, and cash clears it.
    const missed = await booking(8500);
    await l.t.db
      .update(bookings)
      .set({ status: "no_show", feeMinor: 8500 })
      .where(eq(bookings.id, missed.id));
    const panel = await getAdminMoneyPanel(l.t.db, missed.id, NOW);
    expect(panel?.dueMinor).toBe(8500);
    await recordPayment(
      l.t.db,
      actor(),
      recordPaymentInput.parse({ bookingId: missed.id, from: "no_show", method: "cash", amount: "85.00" }),
      { now: NOW },
    );
    expect(bookingMoney(await row(missed.id))).toMatchObject({ dueMinor: 0, owedMinor: 0 });

    // £140 less a £90 discount, £50 paid, cancelled late at a 50% fee: the fee is £25 (of £50), not £50.
    const late = await booking(14000, 5000);
    await adjustPrice(
      l.t.db,
      actor(),
      adjustPriceInput.parse({
        bookingId: late.id,
        from: "confirmed",
        amount: "90.00",
        chargeShownMinor: 14000,
        reason: "Loyal customer",
      }),
      { now: NOW },
    );
    const cancelPanel = await getAdminMoneyPanel(
      l.t.db,
      late.id,
      new Date(late.startsAt.getTime() - 3_600_000),
    );
    expect(cancelPanel?.cancel.refundMinor).toBe(2500);
    expect(cancelPanel?.cancel.explanation).toContain("(£25.00)");
  });
});
