import { describe, expect, it } from "vitest";
import { cancelWithRefundInput } from "@/modules/booking-cancel/schemas";
import { MONEY_TOO_LARGE } from "@/lib/money-input";
import { parseAmount } from "@/modules/phone-bookings/admin-phone-schemas";
import { parseMoneyInput as parseZoneMoney } from "@/modules/catalogue/domain/zone-input";
import { adjustPriceInput, recordPaymentInput, refundInput } from "@/modules/payments/admin-money-schemas";

// Issue 28 #5: every money amount a person types is bounded by one rule (src/lib/money-input.ts) with a
// field message — 21,474,836.48 used to overflow the column and answer INTERNAL.

const bookingId = "5b1f9f0e-8d7c-4a53-9a51-2c1d7c3e2a10";
const errorsOf = (r: {
  success: boolean;
  error?: { flatten: () => { fieldErrors: Record<string, string[]> } };
}) => (r.success ? {} : (r.error?.flatten().fieldErrors ?? {}));

describe("money inputs are bounded", () => {
  it.each([21474836.48, "21474836.48", "1000000.01", 99999999])(
    "record payment %s → a field message",
    (amount) => {
      const r = recordPaymentInput.safeParse({ bookingId, from: "confirmed", method: "cash", amount });
      expect(errorsOf(r).amount).toEqual([MONEY_TOO_LARGE]);
    },
  );

  it("takes the largest amount allowed", () => {
    const r = recordPaymentInput.safeParse({
      bookingId,
      from: "confirmed",
      method: "cash",
      amount: "1000000.00",
    });
    expect(r.success).toBe(true);
  });

  it("bounds refunds, discounts and a cancellation's refund alike", () => {
    const big = "5000000";
    expect(
      errorsOf(
        refundInput.safeParse({
          bookingId,
          amount: big,
          refundableMinor: 0,
          reasonKind: "goodwill",
          reason: "x",
        }),
      ).amount,
    ).toEqual([MONEY_TOO_LARGE]);
    expect(
      errorsOf(
        adjustPriceInput.safeParse({
          bookingId,
          from: "confirmed",
          amount: big,
          chargeShownMinor: 0,
          reason: "Loyal",
        }),
      ).amount,
    ).toEqual([MONEY_TOO_LARGE]);
    expect(
      errorsOf(
        cancelWithRefundInput.safeParse({
          bookingId,
          from: "confirmed",
          amount: big,
          refundableMinor: 0,
          reason: "Van broke",
        }),
      ).amount,
    ).toEqual([MONEY_TOO_LARGE]);
  });

  it("bounds the phone booking's amount and a zone's travel fee", () => {
    expect(parseAmount("85.00")).toBe(8500);
    expect(parseAmount("999999999")).toBe(Number.POSITIVE_INFINITY);
    expect(parseZoneMoney("21474836.48")).toEqual({ ok: false, message: MONEY_TOO_LARGE });
    expect(parseZoneMoney("12.50")).toEqual({ ok: true, value: 1250 });
  });
});
