import { describe, expect, it } from "vitest";
import { REFUND_MAX_ATTEMPTS, refundRetryAt, splitRefund } from "./refund-plan";

describe("splitRefund", () => {
  it("takes from each payment in order, up to what it can refund, skipping empty ones", () => {
    const ps = [
      { id: "a", refundableMinor: 0 },
      { id: "b", refundableMinor: 500 },
      { id: "c", refundableMinor: 1000 },
    ];
    expect(splitRefund(ps, 1200).map((p) => [p.payment.id, p.amountMinor])).toEqual([
      ["b", 500],
      ["c", 700],
    ]);
    expect(splitRefund(ps, 0)).toEqual([]);
  });
});

describe("refundRetryAt", () => {
  it("backs off after each failure and stops after the last attempt", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const waits = [1, 2, 3, 4].map((n) => ((refundRetryAt(n, now)?.getTime() ?? 0) - now.getTime()) / 60_000);
    expect(waits).toEqual([1, 5, 30, 120]);
    expect(refundRetryAt(REFUND_MAX_ATTEMPTS, now)).toBeNull();
    expect(refundRetryAt(REFUND_MAX_ATTEMPTS + 1, now)).toBeNull();
  });
});
