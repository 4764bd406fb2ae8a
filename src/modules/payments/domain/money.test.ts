import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import { canRecordPayment, parseMoneyInput, policyRefund } from "./money";

const HOUR = 3_600_000;
const now = new Date("2026-12-01T09:00:00Z");
const base = {
  totalMinor: 10_000,
  netPaidMinor: 10_000,
  now,
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
};

describe("policyRefund", () => {
  it("gives everything back inside the free window (at exactly the window too)", () => {
    expect(policyRefund({ ...base, startsAt: new Date(now.getTime() + 48 * HOUR) })).toEqual({
      refundMinor: 10_000,
      feeMinor: 0,
      free: true,
      feeOwedMinor: 0,
    });
    expect(policyRefund({ ...base, startsAt: new Date(now.getTime() + 24 * HOUR) }).free).toBe(true);
  });

  it("keeps the late fee later, never more than was paid", () => {
    const late = new Date(now.getTime() + 2 * HOUR);
    expect(policyRefund({ ...base, startsAt: late })).toEqual({
      refundMinor: 5_000,
      feeMinor: 5_000,
      free: false,
      feeOwedMinor: 0,
    });
    expect(policyRefund({ ...base, netPaidMinor: 2_000, startsAt: late })).toEqual({
      refundMinor: 0,
      feeMinor: 2_000,
      free: false,
      feeOwedMinor: 0,
    });
    expect(policyRefund({ ...base, netPaidMinor: 0, startsAt: late }).refundMinor).toBe(0);
  });

  it("on account, invoices the late fee: the whole share is owed, whatever was paid (issue 41 §4)", () => {
    const late = new Date(now.getTime() + 2 * HOUR);
    const fee = policyRefund({ ...base, netPaidMinor: 0, startsAt: late }).feeMinor;
    expect(fee).toBe(0);
    const onAccount = policyRefund({ ...base, netPaidMinor: 0, startsAt: late, onAccount: true });
    expect(onAccount).toEqual({ refundMinor: 0, feeMinor: 5_000, free: false, feeOwedMinor: 5_000 });
    // Inside the free window it is free on account too.
    const early = new Date(now.getTime() + 72 * HOUR);
    expect(policyRefund({ ...base, netPaidMinor: 0, startsAt: early, onAccount: true })).toMatchObject({
      feeMinor: 0,
      feeOwedMinor: 0,
      free: true,
    });
  });
});

describe("parseMoneyInput", () => {
  it.each([
    ["12.50", 1250],
    ["£12", 1200],
    ["1,234.5", 123450],
    ["0.01", 1],
  ])("%s → %i", (text, minor) => expect(parseMoneyInput(text)).toBe(minor));
  it.each(["", "abc", "12.345", "-3", "1e3"])("refuses %s", (text) =>
    expect(parseMoneyInput(text)).toBeNull(),
  );
});

describe("canRecordPayment", () => {
  it("takes money for a booking still happening or that happened, never for one that will not", () => {
    const willNotHappen: readonly BookingStatus[] = ["cancelled", "declined", "expired"];
    const recordable = BOOKING_STATUSES.filter(canRecordPayment);
    expect(recordable).toEqual(BOOKING_STATUSES.filter((s) => !willNotHappen.includes(s)));
    for (const status of willNotHappen) expect(canRecordPayment(status)).toBe(false);
  });
});
