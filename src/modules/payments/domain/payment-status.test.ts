import { describe, expect, it } from "vitest";
import { amountMatches, balanceDue, bookingPaymentStatus } from "./payment-status";

describe("booking payment status (§3.2)", () => {
  it.each([
    { total: 8500, paid: 0, refunded: 0, status: "unpaid", balance: 8500 },
    { total: 8500, paid: 1700, refunded: 0, status: "deposit_paid", balance: 6800 },
    { total: 8500, paid: 8500, refunded: 0, status: "paid", balance: 0 },
    { total: 8500, paid: 8500, refunded: 4250, status: "partially_refunded", balance: 4250 },
    { total: 8500, paid: 8500, refunded: 8500, status: "refunded", balance: 8500 },
    { total: 8500, paid: 1700, refunded: 1700, status: "refunded", balance: 8500 },
    { total: 0, paid: 0, refunded: 0, status: "unpaid", balance: 0 },
  ])(
    "total $total, paid $paid, refunded $refunded → $status",
    ({ total, paid, refunded, status, balance }) => {
      const amounts = { totalMinor: total, paidMinor: paid, refundedMinor: refunded };
      expect(bookingPaymentStatus(amounts)).toBe(status);
      expect(balanceDue(amounts)).toBe(balance);
    },
  );

  it.each([
    { actual: { amountMinor: 8500, currency: "gbp" }, ok: true },
    { actual: { amountMinor: 8500, currency: "GBP" }, ok: true },
    { actual: { amountMinor: 8499, currency: "GBP" }, ok: false },
    { actual: { amountMinor: 8500, currency: "EUR" }, ok: false },
    { actual: { amountMinor: null, currency: "GBP" }, ok: false },
    { actual: { amountMinor: 8500, currency: null }, ok: false },
  ])("amount check $actual → $ok", ({ actual, ok }) => {
    expect(amountMatches({ amountMinor: 8500, currency: "GBP" }, actual)).toBe(ok);
  });
});
