import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import {
  afterRefund,
  type BookingMoneyInput,
  bookingMoney,
  CLOSED_MONEY_STATUSES,
  MONEY_STATE_LABELS,
  moneyStateOf,
  closingFee,
  discountLimit,
  paymentStatusLabel,
  refundLimit,
} from "./booking-money";

// ADR 0040: one definition of a booking's money. Scenarios are built with the same write-side rules the
// use cases apply (afterRefund, closingFee), so a scenario is what the database would hold after it.

const booking = (over: Partial<BookingMoneyInput> = {}): BookingMoneyInput => ({
  status: "confirmed",
  totalMinor: 14000,
  adjustmentMinor: 0,
  feeMinor: null,
  amountPaidMinor: 0,
  amountRefundedMinor: 0,
  ...over,
});
const pay = (b: BookingMoneyInput, amountMinor: number) => ({
  ...b,
  amountPaidMinor: b.amountPaidMinor + amountMinor,
});
const discount = (b: BookingMoneyInput, amountMinor: number) => ({
  ...b,
  adjustmentMinor: b.adjustmentMinor + amountMinor,
});
const close = (
  b: BookingMoneyInput,
  to: "cancelled" | "declined" | "expired" | "no_show",
  refundMinor = 0,
  noShowFeePercent = 100,
) => {
  const feeMinor = closingFee(b, to, { refundMinor, noShowFeePercent });
  const closed = { ...b, status: to as BookingStatus, feeMinor };
  return refundMinor > 0 ? afterRefund(closed, "cancellation", refundMinor) : closed;
};

type Expect = Partial<ReturnType<typeof bookingMoney>>;
const scenarios: [string, BookingMoneyInput, Expect][] = [
  [
    "paid in full online",
    pay(booking(), 14000),
    { chargeMinor: 14000, dueMinor: 0, refundableMinor: 0, paymentStatus: "paid" },
  ],
  [
    "a deposit paid",
    pay(booking(), 2800),
    { dueMinor: 11200, owedMinor: 11200, paymentStatus: "deposit_paid" },
  ],
  ["pay on the day, nothing yet", booking(), { dueMinor: 14000, owedMinor: 14000, paymentStatus: "unpaid" }],
  [
    "a hold waiting for payment owes nothing yet",
    booking({ status: "pending_payment" }),
    { dueMinor: 14000, owedMinor: 0 },
  ],
  [
    "manual payments (cash then bank)",
    pay(pay(booking(), 4000), 10000),
    { dueMinor: 0, netPaidMinor: 14000 },
  ],
  [
    "£140 paid, £30 goodwill refund: nothing due",
    afterRefund(pay(booking({ status: "completed" }), 14000), "goodwill", 3000),
    { chargeMinor: 11000, netPaidMinor: 11000, dueMinor: 0, owedMinor: 0, refundableMinor: 0 },
  ],
  [
    "cancelled inside the free window, all refunded",
    close(pay(booking(), 7000), "cancelled", 7000),
    { chargeMinor: 0, dueMinor: 0, refundableMinor: 0, feeKeptMinor: 0, closed: true },
  ],
  [
    "cancelled unpaid",
    close(booking({ totalMinor: 4000 }), "cancelled"),
    { chargeMinor: 0, dueMinor: 0, owedMinor: 0 },
  ],
  [
    "late cancellation keeps a £70 fee of £140",
    close(pay(booking(), 14000), "cancelled", 7000),
    { chargeMinor: 7000, feeKeptMinor: 7000, dueMinor: 0, refundableMinor: 0 },
  ],
  [
    "late cancellation whose refund is still to be handed back",
    { ...close(pay(booking(), 14000), "cancelled", 0), feeMinor: 7000 },
    { chargeMinor: 7000, refundableMinor: 7000, dueMinor: 0 },
  ],
  [
    "overpaid: refundable above the charge",
    pay(pay(booking(), 14000), 2000),
    { dueMinor: 0, refundableMinor: 2000 },
  ],
  [
    "paid twice, second refunded as overpayment",
    afterRefund(pay(pay(booking(), 14000), 14000), "overpayment", 14000),
    { chargeMinor: 14000, dueMinor: 0, refundableMinor: 0, paymentStatus: "partially_refunded" },
  ],
  ["discount before payment", discount(booking(), 2000), { chargeMinor: 12000, dueMinor: 12000 }],
  [
    "discount after full payment: the difference is refundable",
    discount(pay(booking(), 14000), 2000),
    { chargeMinor: 12000, dueMinor: 0, refundableMinor: 2000 },
  ],
  [
    "missed, the full price charged, unpaid",
    close(booking(), "no_show"),
    { chargeMinor: 14000, dueMinor: 14000, owedMinor: 14000 },
  ],
  [
    "missed, a 50% no-show fee, deposit paid",
    close(pay(booking(), 2800), "no_show", 0, 50),
    { chargeMinor: 7000, dueMinor: 4200 },
  ],
  [
    "phone booking paid in cash on the day",
    pay(booking({ status: "completed" }), 14000),
    { dueMinor: 0, paymentStatus: "paid" },
  ],
  [
    "expired hold paid late, refunded",
    close(pay(booking({ status: "pending_payment" }), 14000), "expired", 14000),
    { chargeMinor: 0, dueMinor: 0, refundableMinor: 0 },
  ],
  [
    "declined request, refund pending",
    close(pay(booking({ status: "awaiting_approval" }), 14000), "declined"),
    { chargeMinor: 0, refundableMinor: 14000 },
  ],
  [
    "goodwill on a cancelled booking waives part of the fee",
    afterRefund(close(pay(booking(), 14000), "cancelled", 7000), "goodwill", 2000),
    { chargeMinor: 5000, netPaidMinor: 5000, dueMinor: 0 },
  ],
];

describe("bookingMoney (ADR 0040)", () => {
  it.each(scenarios)("%s", (_, input, expected) => {
    expect(bookingMoney(input)).toMatchObject(expected);
  });

  it("limits refunds by reason", () => {
    const paid = pay(booking(), 14000);
    expect(refundLimit(paid, "goodwill")).toBe(14000);
    expect(refundLimit(paid, "overpayment")).toBe(0);
    expect(refundLimit(paid, "cancellation")).toBe(0);
    expect(refundLimit(pay(paid, 500), "overpayment")).toBe(500);
    expect(discountLimit(discount(booking(), 4000))).toBe(10000);
    expect(discountLimit(close(booking(), "cancelled"))).toBe(0);
  });
});

// Random sequences of the money events a booking can see, each within the limits the use cases enforce.
type Event =
  | { t: "pay"; amount: number }
  | { t: "refund"; reason: "cancellation" | "goodwill" | "overpayment"; share: number }
  | { t: "discount"; share: number }
  | { t: "close"; to: "cancelled" | "declined" | "expired" | "no_show"; share: number; noShow: number };

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ t: fc.constant("pay" as const), amount: fc.integer({ min: 1, max: 30000 }) }),
  fc.record({
    t: fc.constant("refund" as const),
    reason: fc.constantFrom("cancellation" as const, "goodwill" as const, "overpayment" as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ t: fc.constant("discount" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    t: fc.constant("close" as const),
    to: fc.constantFrom("cancelled" as const, "declined" as const, "expired" as const, "no_show" as const),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    noShow: fc.integer({ min: 0, max: 100 }),
  }),
);

export function applyEvents(start: BookingMoneyInput, events: Event[]): BookingMoneyInput {
  let b = start;
  for (const e of events) {
    const m = bookingMoney(b);
    if (e.t === "pay") b = pay(b, e.amount);
    else if (e.t === "refund") {
      const amount = Math.floor(refundLimit(b, e.reason) * e.share);
      if (amount > 0) b = afterRefund(b, e.reason, amount);
    } else if (e.t === "discount") {
      const amount = Math.floor(discountLimit(b) * e.share);
      if (amount > 0) b = discount(b, amount);
    } else if (!m.closed) b = close(b, e.to, Math.floor(Math.max(0, m.netPaidMinor) * e.share), e.noShow);
  }
  return b;
}

describe("bookingMoney over random money events", () => {
  it("never owes below zero, never refunds more than collected, and reconciles", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50000 }), fc.array(event, { maxLength: 12 }), (total, events) => {
        const m = bookingMoney(applyEvents(booking({ totalMinor: total }), events));
        expect(m.dueMinor).toBeGreaterThanOrEqual(0);
        expect(m.refundableMinor).toBeGreaterThanOrEqual(0);
        expect(m.refundedMinor).toBeLessThanOrEqual(m.collectedMinor);
        expect(m.netPaidMinor).toBe(m.chargeMinor - m.dueMinor + m.refundableMinor);
        expect(Math.min(m.dueMinor, m.refundableMinor)).toBe(0);
        expect(m.chargeMinor).toBeLessThanOrEqual(total);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("paymentStatusLabel: a closed booking's chip says what happened to the money", () => {
  // A £140 job with a £30 deposit.
  const deposit = pay(booking(), 3000);
  const cancelled = (b: BookingMoneyInput, refundMinor: number, refunded = refundMinor) => {
    const feeMinor = closingFee(b, "cancelled", { refundMinor, noShowFeePercent: 100 });
    return { ...b, status: "cancelled" as const, feeMinor, amountRefundedMinor: refunded };
  };
  it.each<[string, BookingMoneyInput, string | null, string]>([
    ["a standing booking keeps its status", deposit, null, "Deposit paid"],
    ["a standing booking paid in full", pay(booking(), 14000), null, "Paid"],
    ["cancelled in the free window, refunded", cancelled(deposit, 3000), "Refunded", "Refunded"],
    ["cancelled late, the deposit kept", cancelled(deposit, 0), "Fee kept £30.00", "Fee kept £30.00"],
    ["cancelled, part kept", cancelled(deposit, 1000), "Fee kept £20.00", "Fee kept £20.00"],
    [
      "cancelled with a refund owed, not yet made",
      { ...deposit, status: "cancelled", feeMinor: 0 },
      "Refund on its way",
      "Refund on its way",
    ],
    [
      "cancelled before paying",
      { ...booking(), status: "cancelled", feeMinor: 0 },
      "Nothing paid",
      "Nothing paid",
    ],
    ["a lapsed hold", { ...booking(), status: "expired", feeMinor: 0 }, "Nothing paid", "Nothing paid"],
    [
      "a declined request, refunded",
      { ...deposit, status: "declined", feeMinor: 0, amountRefundedMinor: 3000 },
      "Refunded",
      "Refunded",
    ],
    [
      "missed, the fee unpaid beyond the deposit",
      { ...deposit, status: "no_show", feeMinor: 14000 },
      "Fee due £110.00",
      "Fee due £110.00",
    ],
    [
      "missed, paid in full",
      { ...pay(booking(), 14000), status: "no_show", feeMinor: 14000 },
      "Fee kept £140.00",
      "Fee kept £140.00",
    ],
  ])("%s", (_name, b, closed, label) => {
    const m = bookingMoney(b);
    // The state's name is the label without its amount; a standing booking's state is its payment status.
    expect(m.closed ? MONEY_STATE_LABELS[moneyStateOf(m)] : null).toBe(closed?.replace(/ £.*$/, "") ?? null);
    if (!m.closed) expect(moneyStateOf(m)).toBe(m.paymentStatus);
    expect(paymentStatusLabel(m, "GBP")).toBe(label);
  });

  it("never says a deposit or payment stands on a closed booking", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CLOSED_MONEY_STATUSES),
        fc.nat(20000),
        fc.nat(20000),
        fc.nat(20000),
        (status, fee, paid, refunded) => {
          const m = bookingMoney({
            ...booking({ status, feeMinor: fee, amountPaidMinor: paid }),
            amountRefundedMinor: Math.min(paid, refunded),
          });
          expect(["Deposit paid", "Paid", "Unpaid", "Partly refunded"]).not.toContain(
            paymentStatusLabel(m, "GBP"),
          );
        },
      ),
    );
  });
});
