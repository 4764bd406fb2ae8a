import { describe, expect, it } from "vitest";
import { bookingRulesInput, paymentSettingsInput } from "./schemas";

// The payments tab's VAT and no-show fields (issue 26): what is accepted, what is kept, what is refused.

const base = { paymentMode: "full", depositPercent: "25" };
const errors = (input: object) => {
  const r = paymentSettingsInput.safeParse({ ...base, ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("paymentSettingsInput", () => {
  it("defaults to not registered, 20% included in prices and the full price kept on a no-show", () => {
    expect(paymentSettingsInput.parse(base)).toEqual({
      paymentMode: "full",
      depositPercent: 25,
      noShowFeePercent: 100,
      vatRegistered: false,
      vatNumber: "",
      vatRateBp: 2000,
    });
  });

  it.each([
    ["GB 123 4567 89", "GB123456789"],
    ["gb123456789", "GB123456789"],
    ["GB 123 4567 89 001", "GB123456789001"],
  ])("accepts the VAT number %s as %s", (typed, kept) => {
    expect(paymentSettingsInput.parse({ ...base, vatRegistered: true, vatNumber: typed }).vatNumber).toBe(
      kept,
    );
  });

  it.each(["GB12345678", "123456789", "FR12345678901", "GB1234567890"])("refuses %s", (typed) => {
    expect(errors({ vatRegistered: true, vatNumber: typed }).vatNumber).toMatch(/UK VAT number/);
  });

  it("requires the VAT number only when registered", () => {
    expect(errors({ vatRegistered: true, vatNumber: "" }).vatNumber).toMatch(/Enter the VAT number/);
    expect(errors({ vatRegistered: false, vatNumber: "" })).toEqual({});
  });

  it.each([
    ["20", 2000],
    ["0", 0],
    ["12.5", 1250],
    ["5.05", 505],
    ["100", 10000],
  ])("keeps a rate of %s%% as %i basis points", (rate, bp) => {
    expect(paymentSettingsInput.parse({ ...base, vatRate: rate }).vatRateBp).toBe(bp);
  });

  it.each(["", "-1", "100.5", "20.125", "twenty", "1e2"])("refuses the rate %j", (rate) => {
    expect(errors({ vatRate: rate }).vatRate).toMatch(/VAT rate/);
  });

  it("refuses a no-show charge outside 0 to 100", () => {
    expect(errors({ noShowFeePercent: "101" }).noShowFeePercent).toMatch(/no-show charge/);
    expect(paymentSettingsInput.parse({ ...base, noShowFeePercent: "0" }).noShowFeePercent).toBe(0);
  });
});

describe("bookingRulesInput: the Start lead (ADR 0043)", () => {
  const rules = {
    slotIntervalMinutes: "30",
    minNoticeMinutes: "720",
    horizonDays: "60",
    bufferMinutes: "30",
    holdMinutes: "30",
    freeCancellationHours: "24",
    lateCancellationFeePercent: "50",
    rescheduleCutoffHours: "24",
    rescheduleRequestExpiryHours: "48",
    reminderLeadHours: "24",
  };
  const ruleErrors = (input: object) => {
    const r = bookingRulesInput.safeParse({ ...rules, ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("defaults to 60 minutes and keeps what is typed, from 0 to a day", () => {
    expect(bookingRulesInput.parse(rules).startLeadMinutes).toBe(60);
    expect(bookingRulesInput.parse({ ...rules, startLeadMinutes: "0" }).startLeadMinutes).toBe(0);
    expect(bookingRulesInput.parse({ ...rules, startLeadMinutes: " 1440 " }).startLeadMinutes).toBe(1440);
  });

  it.each(["-5", "1441", "30.5", "an hour", ""])("refuses %j with a field message", (typed) => {
    expect(ruleErrors({ startLeadMinutes: typed }).startLeadMinutes).toBe(
      "Enter how early a job can be started as a whole number from 0 to 1440 minutes.",
    );
  });

  it("several vehicles in one visit (ADR 0050): the limit and the bundle rule, each within its range", () => {
    expect(bookingRulesInput.parse(rules)).toMatchObject({
      maxVehiclesPerBooking: 5,
      bundleSecondVehiclePercent: 0,
      bundleLaterVehiclePercent: 0,
      bundleMinutesSavedPerExtraVehicle: 0,
    });
    expect(
      bookingRulesInput.parse({
        ...rules,
        maxVehiclesPerBooking: "8",
        bundleSecondVehiclePercent: "10",
        bundleLaterVehiclePercent: "15",
        bundleMinutesSavedPerExtraVehicle: "20",
      }),
    ).toMatchObject({
      maxVehiclesPerBooking: 8,
      bundleSecondVehiclePercent: 10,
      bundleLaterVehiclePercent: 15,
      bundleMinutesSavedPerExtraVehicle: 20,
    });
    expect(
      ruleErrors({
        maxVehiclesPerBooking: "0",
        bundleSecondVehiclePercent: "101",
        bundleLaterVehiclePercent: "-1",
        bundleMinutesSavedPerExtraVehicle: "241",
      }),
    ).toEqual({
      maxVehiclesPerBooking: "Enter the most vehicles in one visit as a whole number from 1 to 20.",
      bundleSecondVehiclePercent: "Enter the second vehicle's discount as a whole number from 0 to 100 %.",
      bundleLaterVehiclePercent: "Enter the later vehicles' discount as a whole number from 0 to 100 %.",
      bundleMinutesSavedPerExtraVehicle:
        "Enter the minutes saved per extra vehicle as a whole number from 0 to 240 minutes.",
    });
  });
});
