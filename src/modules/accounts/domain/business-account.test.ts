import { describe, expect, it } from "vitest";
import {
  daysOverdue,
  normaliseVatNumber,
  payByFor,
  receivableState,
  VAT_NUMBER_PATTERN,
} from "./business-account";

describe("payByFor", () => {
  const onAccount = { onAccount: true, paymentTermsDays: 30 };
  it("is the business's date of booking plus the terms", () => {
    expect(payByFor(onAccount, new Date("2026-11-28T10:00:00Z"), "Europe/London")).toBe("2026-12-28");
  });
  it("counts from the business's calendar date, not UTC's (23:30 on 31 March in London is 1 April)", () => {
    expect(
      payByFor({ onAccount: true, paymentTermsDays: 7 }, new Date("2026-03-31T23:30:00Z"), "Europe/London"),
    ).toBe("2026-04-08");
  });
  it("crosses a month, a year and a leap day", () => {
    expect(payByFor({ onAccount: true, paymentTermsDays: 14 }, new Date("2027-12-20T12:00:00Z"), "UTC")).toBe(
      "2028-01-03",
    );
    expect(payByFor({ onAccount: true, paymentTermsDays: 1 }, new Date("2028-02-28T12:00:00Z"), "UTC")).toBe(
      "2028-02-29",
    );
  });
  it("is null when the customer does not pay on account", () => {
    expect(payByFor({ onAccount: false, paymentTermsDays: 30 }, new Date(), "UTC")).toBeNull();
    expect(payByFor(null, new Date(), "UTC")).toBeNull();
  });
});

describe("overdue", () => {
  it.each([
    ["2026-12-28", "2026-12-27", 0, "due"],
    ["2026-12-28", "2026-12-28", 0, "due"],
    ["2026-12-28", "2026-12-29", 1, "overdue"],
    ["2026-12-28", "2027-01-28", 31, "overdue"],
    // Across the clocks going back (25 hours that day) it is still one day per date.
    ["2026-10-24", "2026-10-26", 2, "overdue"],
  ] as const)("pay by %s, today %s: %i days late (%s)", (payBy, today, days, state) => {
    expect(daysOverdue(payBy, today)).toBe(days);
    expect(receivableState(payBy, today)).toBe(state);
  });
});

describe("VAT numbers", () => {
  it.each([
    ["gb 123 4567 89", "GB123456789", true],
    ["GB123456789001", "GB123456789001", true],
    ["123456789", "123456789", true],
    ["GB12", "GB12", false],
    ["GB123456789!", "GB123456789!", false],
  ])("%s → %s (valid: %s)", (raw, norm, ok) => {
    expect(normaliseVatNumber(raw)).toBe(norm);
    expect(VAT_NUMBER_PATTERN.test(normaliseVatNumber(raw))).toBe(ok);
  });
});
