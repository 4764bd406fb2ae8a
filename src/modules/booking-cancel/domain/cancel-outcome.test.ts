import { describe, expect, it } from "vitest";
import { customerCancelOutcome } from "./cancel-outcome";

const HOUR = 3_600_000;
const startsAt = new Date("2026-12-08T09:30:00Z");
const base = {
  totalMinor: 8500,
  currency: "GBP",
  startsAt,
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
  businessName: "Shine Street",
};
const early = new Date(startsAt.getTime() - 25 * HOUR);
const late = new Date(startsAt.getTime() - 2 * HOUR);

describe("customerCancelOutcome", () => {
  it("full payment: all back before the window, half kept inside it", () => {
    const payments = [{ provider: "stripe" as const, refundableMinor: 8500 }];
    expect(customerCancelOutcome({ ...base, payments, now: early })).toMatchObject({
      paidMinor: 8500,
      refundMinor: 8500,
      feeMinor: 0,
      free: true,
      onlineMinor: 8500,
      handBackMinor: 0,
      sentence: "You paid £85.00. Cancelling now is free: £85.00 goes back to your card.",
    });
    expect(customerCancelOutcome({ ...base, payments, now: late })).toMatchObject({
      refundMinor: 4250,
      feeMinor: 4250,
      sentence:
        "You paid £85.00. You are cancelling within 24 hours of the start: the fee is £42.50; £42.50 goes back to your card.",
    });
  });

  it("a deposit: back before the window, kept as the fee inside it (never more than was paid)", () => {
    const payments = [{ provider: "test" as const, refundableMinor: 1400 }];
    expect(customerCancelOutcome({ ...base, payments, now: early }).sentence).toBe(
      "You paid £14.00. Cancelling now is free: £14.00 goes back to your card.",
    );
    expect(customerCancelOutcome({ ...base, payments, now: late })).toMatchObject({
      refundMinor: 0,
      feeMinor: 1400,
      sentence:
        "You paid £14.00. You are cancelling within 24 hours of the start: the fee is £14.00, nothing is refunded.",
    });
  });

  it("the window's edge: exactly the free hours before is still free", () => {
    const payments = [{ provider: "test" as const, refundableMinor: 8500 }];
    const edge = new Date(startsAt.getTime() - 24 * HOUR);
    expect(customerCancelOutcome({ ...base, payments, now: edge }).free).toBe(true);
    expect(customerCancelOutcome({ ...base, payments, now: new Date(edge.getTime() + 1) }).free).toBe(false);
  });

  it("money paid to the business directly is handed back by it; newest payments refund first", () => {
    const payments = [
      { provider: "manual" as const, refundableMinor: 6800 },
      { provider: "stripe" as const, refundableMinor: 1700 },
    ];
    const free = customerCancelOutcome({ ...base, payments, now: early });
    expect(free).toMatchObject({ onlineMinor: 1700, handBackMinor: 6800 });
    expect(free.sentence).toBe(
      "You paid £85.00. Cancelling now is free: £17.00 goes back to your card, and Shine Street will hand back the £68.00 you paid them directly.",
    );
    // Late: £42.50 back, taken from the newest (the cash) first.
    expect(customerCancelOutcome({ ...base, payments, now: late })).toMatchObject({
      refundMinor: 4250,
      onlineMinor: 0,
      handBackMinor: 4250,
    });
  });

  it("nothing paid costs nothing, inside the window or not", () => {
    expect(customerCancelOutcome({ ...base, payments: [], now: early }).sentence).toBe(
      "Nothing has been paid, so cancelling costs nothing.",
    );
    expect(customerCancelOutcome({ ...base, payments: [], now: late })).toMatchObject({
      refundMinor: 0,
      feeMinor: 0,
      sentence:
        "You are cancelling within 24 hours of the start, but nothing has been paid, so it costs nothing.",
    });
  });

  it("a business with no late fee refunds everything at any time", () => {
    const payments = [{ provider: "test" as const, refundableMinor: 8500 }];
    expect(
      customerCancelOutcome({ ...base, lateCancellationFeePercent: 0, payments, now: late }),
    ).toMatchObject({ refundMinor: 8500, feeMinor: 0 });
  });
});
