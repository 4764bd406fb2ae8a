import { describe, expect, it } from "vitest";
import {
  cancellationSentence,
  missedSentence,
  holdSentence,
  hoursInWords,
  minutesInWords,
  noticeSentence,
  paymentSentence,
  type PolicySettings,
  seriesPaymentSentence,
} from "./policy-facts";

const base: PolicySettings = {
  paymentMode: "deposit",
  depositPercent: 20,
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
  rescheduleCutoffHours: 24,
  minNoticeMinutes: 720,
  horizonDays: 60,
  holdMinutes: 30,
  approvalRequired: false,
  reminderLeadHours: 24,
  timeZone: "Europe/London",
};

describe("policy facts", () => {
  it.each([
    [1, "1 hour"],
    [12, "12 hours"],
    [24, "24 hours"],
    [48, "2 days"],
    [36, "36 hours"],
  ])("%i hours reads as %s", (h, words) => expect(hoursInWords(h)).toBe(words));

  it.each([
    [30, "30 minutes"],
    [720, "12 hours"],
    [90, "1 h 30 min"],
  ])("%i minutes reads as %s", (m, words) => expect(minutesInWords(m)).toBe(words));

  it("states the deposit percentage for the deposit mode", () => {
    expect(paymentSentence(base)).toContain("deposit of 20%");
    expect(paymentSentence({ ...base, paymentMode: "full" })).toContain("full price");
    expect(paymentSentence({ ...base, paymentMode: "on_the_day" })).toContain("pay on the day");
  });

  it("says plainly that a repeat booking's later visits are paid on the day, whatever the mode", () => {
    expect(seriesPaymentSentence(base)).toBe(
      "With a repeat booking, every visit after the first is held for you without a deposit online and is paid on the day (or online from its booking page before then).",
    );
    expect(seriesPaymentSentence({ paymentMode: "full" })).toMatch(/without paying online/);
    expect(seriesPaymentSentence({ paymentMode: "on_the_day" })).toBe(
      "Each visit of a repeat booking is paid on the day, like any booking.",
    );
  });

  it("states the free window and the fee, capped at what was paid", () => {
    const text = cancellationSentence({ ...base, freeCancellationHours: 48, lateCancellationFeePercent: 30 });
    expect(text).toContain("up to 2 days before");
    expect(text).toContain("30% of the booking total");
    expect(text).toContain("never more than you have already paid");
  });

  it("has no fee sentence when the fee is zero", () => {
    expect(cancellationSentence({ ...base, lateCancellationFeePercent: 0 })).not.toContain("fee of");
  });

  it("states notice and horizon, and the hold only when money is taken online", () => {
    expect(noticeSentence(base)).toBe(
      "Bookings open 60 days ahead and close 12 hours before the start time.",
    );
    expect(holdSentence(base)).toContain("30 minutes");
    expect(holdSentence({ ...base, paymentMode: "on_the_day" })).toBeNull();
  });
});

describe("missedSentence: what a missed appointment costs, said on the booking policies", () => {
  it("names the no-show share, or nothing when it is free", () => {
    expect(missedSentence({ noShowFeePercent: 100 })).toBe(
      "If we arrive and can't do the job — no one there, or no access to the vehicle — the appointment counts as missed and 100% of the booking total is charged.",
    );
    expect(missedSentence({ noShowFeePercent: 0 })).toBeNull();
  });
});
