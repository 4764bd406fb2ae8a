import { describe, expect, it } from "vitest";
import { balanceDue, bookingPaymentStatus } from "./payment-status";

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
});
