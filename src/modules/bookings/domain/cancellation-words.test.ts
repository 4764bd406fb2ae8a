import { describe, expect, it } from "vitest";
import { bookingCancellationSentence } from "./cancellation-words";

const base = {
  currency: "GBP",
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
  paymentMode: "deposit" as const,
  depositPercent: 20,
  rescheduleCutoffHours: 24,
  horizonDays: 60,
  minNoticeMinutes: 120,
  holdMinutes: 15,
  approvalRequired: false,
  reminderLeadHours: 24,
  timeZone: "Europe/London",
};

describe("the cancellation rule in this booking's money", () => {
  it("a 20% deposit under a 50% fee: the deposit is what a late cancellation costs", () => {
    expect(bookingCancellationSentence(base, 7000, 1400)).toBe(
      "Cancel free of charge up to 24 hours before your appointment. Later than that, cancelling costs £14.00: the deposit you pay now is kept.",
    );
  });

  it("paid in full: the fee in money, and what comes back", () => {
    expect(bookingCancellationSentence({ ...base, paymentMode: "full" }, 7000, 7000)).toBe(
      "Cancel free of charge up to 24 hours before your appointment. Later than that, cancelling costs £35.00 (50% of £70.00) and the other £35.00 you paid is refunded.",
    );
  });

  it("paid on the day: nothing can be kept", () => {
    expect(bookingCancellationSentence({ ...base, paymentMode: "on_the_day" }, 7000, 0)).toContain(
      "cancelling later costs nothing",
    );
  });

  it("no fee at all: the general rule", () => {
    expect(bookingCancellationSentence({ ...base, lateCancellationFeePercent: 0 }, 7000, 1400)).toContain(
      "at no charge",
    );
  });
});
