import { z } from "zod";
import { PAYMENT_MODES } from "@/lib/enums";
import { emailInput, optionalEmailInput, phoneInput, requiredText } from "@/lib/field-inputs";
import { COUNTRIES, CURRENCIES, TIME_ZONES } from "./domain/choices";

// The admin settings screen's input, one schema per tab: each tab is saved on its own. Form values
// arrive as text; every number is a whole number within the range the booking rules can honour, and
// each message says what to enter.

const wholeNumber = (label: string, min: number, max: number, unit = "") =>
  z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v === "" ? Number.NaN : Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({
        code: "custom",
        message: `Enter ${label} as a whole number from ${min} to ${max}${unit ? ` ${unit}` : ""}.`,
      });
      return z.NEVER;
    }
    return n;
  });

export const businessSettingsInput = z.object({
  businessName: requiredText("the business's name", 80),
  legalName: z.string().trim().max(120, "Use at most 120 characters.").prefault(""),
  contactEmail: emailInput("the contact email"),
  contactPhone: phoneInput("the contact phone number"),
  baseAddress: requiredText("the base address", 300),
  country: z
    .string({ error: "Choose the country." })
    .refine((v) => COUNTRIES.some((c) => c.code === v), "Choose the country."),
  timeZone: z
    .string({ error: "Choose the time zone." })
    .refine((v) => TIME_ZONES.includes(v), "Choose the time zone from the list."),
  currency: z
    .string({ error: "Choose the currency." })
    .refine((v) => CURRENCIES.includes(v), "Choose the currency from the list."),
});
export type BusinessSettingsInput = z.output<typeof businessSettingsInput>;

export const bookingRulesInput = z
  .object({
    slotIntervalMinutes: wholeNumber("the slot interval", 5, 240, "minutes").refine(
      (v) => 60 % v === 0 || v % 60 === 0,
      "Use an interval that fits an hour evenly (5, 10, 15, 20, 30, 60 …) or whole hours.",
    ),
    minNoticeMinutes: wholeNumber("the minimum notice", 0, 43_200, "minutes"),
    horizonDays: wholeNumber("how far ahead people can book", 1, 730, "days"),
    bufferMinutes: wholeNumber("the buffer", 0, 240, "minutes"),
    holdMinutes: wholeNumber("the payment hold", 5, 1440, "minutes"),
    approvalRequired: z.boolean().prefault(false),
    freeCancellationHours: wholeNumber("the free cancellation window", 0, 720, "hours"),
    lateCancellationFeePercent: wholeNumber("the late-cancellation fee", 0, 100, "%"),
    rescheduleCutoffHours: wholeNumber("the reschedule cut-off", 0, 720, "hours"),
    rescheduleRequestExpiryHours: wholeNumber("how long a reschedule request waits", 1, 336, "hours"),
    reminderLeadHours: wholeNumber("the reminder lead time", 1, 336, "hours"),
    // ADR 0043: a job can be started from this long before its start; earlier needs a reason.
    startLeadMinutes: wholeNumber("how early a job can be started", 0, 1440, "minutes").prefault("60"),
    // ADR 0050: several vehicles in one visit, and the bundle rule.
    maxVehiclesPerBooking: wholeNumber("the most vehicles in one visit", 1, 20).prefault("5"),
    bundleSecondVehiclePercent: wholeNumber("the second vehicle's discount", 0, 100, "%").prefault("0"),
    bundleLaterVehiclePercent: wholeNumber("the later vehicles' discount", 0, 100, "%").prefault("0"),
    bundleMinutesSavedPerExtraVehicle: wholeNumber(
      "the minutes saved per extra vehicle",
      0,
      240,
      "minutes",
    ).prefault("0"),
  })
  .superRefine((v, ctx) => {
    if (v.minNoticeMinutes >= v.horizonDays * 1440)
      ctx.addIssue({
        code: "custom",
        path: ["minNoticeMinutes"],
        message: "The minimum notice must be shorter than how far ahead people can book.",
      });
  });
export type BookingRulesInput = z.output<typeof bookingRulesInput>;

/** A UK VAT number: GB and 9 digits (12 for a branch), spaces allowed as people write them. */
export const UK_VAT_NUMBER = /^GB(\d{9}|\d{12})$/;
export const normaliseVatNumber = (v: string) => v.replace(/\s+/g, "").toUpperCase();

/** A VAT rate typed as a percentage (0 to 100, up to 2 decimals), kept in basis points (2000 = 20%). */
const vatRatePercent = z
  .union([z.number(), z.string().trim()])
  .transform((v, ctx) => {
    const text = String(v);
    const n = Number(text);
    if (text === "" || !/^\d{1,3}(\.\d{1,2})?$/.test(text) || n > 100) {
      ctx.addIssue({
        code: "custom",
        message: "Enter the VAT rate as a percentage from 0 to 100, like 20 or 12.5.",
      });
      return z.NEVER;
    }
    return Math.round(n * 100);
  })
  .prefault("20");

export const paymentSettingsInput = z
  .object({
    paymentMode: z.enum(PAYMENT_MODES, { error: "Choose how customers pay." }),
    depositPercent: wholeNumber("the deposit", 1, 100, "%"),
    noShowFeePercent: wholeNumber("the no-show charge", 0, 100, "%").prefault("100"),
    vatRegistered: z.boolean().prefault(false),
    vatNumber: z
      .string()
      .trim()
      .max(40, "Use at most 40 characters.")
      .transform(normaliseVatNumber)
      .prefault(""),
    vatRate: vatRatePercent,
  })
  .superRefine((v, ctx) => {
    if (v.vatRegistered && v.vatNumber === "")
      ctx.addIssue({
        code: "custom",
        path: ["vatNumber"],
        message: "Enter the VAT number, like GB 123 4567 89.",
      });
    else if (v.vatNumber !== "" && !UK_VAT_NUMBER.test(v.vatNumber))
      ctx.addIssue({
        code: "custom",
        path: ["vatNumber"],
        message: "Enter a UK VAT number: GB and 9 digits (or 12), like GB 123 4567 89.",
      });
  })
  // The settings record keeps the rate in basis points.
  .transform(({ vatRate, ...rest }) => ({ ...rest, vatRateBp: vatRate }));
export type PaymentSettingsInput = z.output<typeof paymentSettingsInput>;

export const notificationSettingsInput = z.object({
  adminNotificationEmail: optionalEmailInput(),
  emailSenderName: z
    .string()
    .trim()
    .max(80, "Use at most 80 characters.")
    .refine((v) => !/[<>"@\r\n]/.test(v), 'Use letters, numbers and spaces (no <, >, " or @).')
    .transform((v) => (v === "" ? null : v))
    .prefault(""),
  emailReplyTo: optionalEmailInput(),
  alertNewBookings: z.boolean().prefault(false),
  alertCancellations: z.boolean().prefault(false),
  alertPayments: z.boolean().prefault(false),
  alertRefunds: z.boolean().prefault(false),
});
export type NotificationSettingsInput = z.output<typeof notificationSettingsInput>;

const policyText = (label: string) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .max(5000, "Use at most 5,000 characters.")
    .prefault("");

export const policyTextsInput = z.object({
  bookingPolicyIntro: policyText("the booking policy's introduction"),
  privacyIntro: policyText("the privacy notice's introduction"),
  termsIntro: policyText("the terms' introduction"),
  extraTerms: policyText("any extra terms"),
});
export type PolicyTextsInput = z.output<typeof policyTextsInput>;

/**
 * Whose public holidays close the business: saved from the opening hours screen, which validates the
 * region against the regions it knows (the availability module's holidays, ADR 0055).
 */
export type HolidaySettingsInput = { holidayRegion: string };

export const SETTINGS_SECTIONS = [
  "business",
  "rules",
  "payments",
  "notifications",
  "policies",
  "holidays",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
