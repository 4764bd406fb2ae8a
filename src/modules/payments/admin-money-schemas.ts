import { z } from "zod";
import { BOOKING_STATUSES, REFUND_REASONS, type RefundReason } from "@/lib/enums";
import { isMoneyWithinLimit, MONEY_TOO_LARGE } from "@/lib/money-input";
import { parseMoneyInput } from "./domain/money";

// The inputs of the money buttons on /admin/bookings/{id}, checked on the server with field messages.
// Amounts are typed as money ("12.50") and arrive here as minor units. `from` is the status the page
// showed and `refundableMinor` the refundable money it showed: a booking that changed meanwhile is refused.

export const bookingIdField = z.uuid({ error: "This booking could not be found." });
export const shownStatusField = z.enum(BOOKING_STATUSES, { error: "Reload the page and try again." });
export const shownMinorField = z.coerce.number({ error: "Reload the page and try again." }).int().min(0);

/** An amount of money, typed by a person. */
export const moneyAmountField = z
  .union([z.string(), z.number()], { error: "Enter an amount, like 25.00." })
  .transform((v, ctx) => {
    const minor = typeof v === "number" ? Math.round(v * 100) : parseMoneyInput(v);
    if (minor === null || !Number.isFinite(minor)) {
      ctx.addIssue({ code: "custom", message: "Enter an amount, like 25.00." });
      return z.NEVER;
    }
    if (!isMoneyWithinLimit(Math.abs(minor))) {
      ctx.addIssue({ code: "custom", message: MONEY_TOO_LARGE });
      return z.NEVER;
    }
    return minor;
  });

const positive = moneyAmountField.refine((m) => m > 0, "Enter an amount above zero.");

export const recordPaymentInput = z
  .object({
    bookingId: bookingIdField,
    from: shownStatusField,
    method: z.enum(["cash", "card", "bank_transfer"], { error: "Choose how the customer paid." }),
    amount: positive,
    reference: z.string().trim().max(100, "Use at most 100 characters.").optional().default(""),
    moreThanDue: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.method !== "cash" && !v.reference)
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message:
          v.method === "card"
            ? "Give the card terminal's receipt or transaction number."
            : "Give the bank transfer's reference.",
      });
  })
  .transform((v) => ({
    bookingId: v.bookingId,
    from: v.from,
    method: v.method,
    amountMinor: v.amount,
    reference: v.reference || null,
    moreThanDue: v.moreThanDue,
  }));

const reason = z
  .string({ error: "Give a reason." })
  .trim()
  .min(3, "Give a reason (at least 3 characters).")
  .max(500, "Use at most 500 characters.");

/** Why money goes back (ADR 0040): it decides the limit and what the refund does to the charge. */
export const REFUND_REASON_CHOICES = {
  goodwill: "Goodwill or price adjustment",
  overpayment: "Overpayment",
  cancellation: "Cancellation refund",
} as const satisfies Record<RefundReason, string>;

export const refundInput = z
  .object({
    bookingId: bookingIdField,
    amount: positive,
    refundableMinor: shownMinorField,
    reasonKind: z.enum(REFUND_REASONS, { error: "Choose why the money goes back." }),
    reason,
  })
  .transform((v) => ({
    bookingId: v.bookingId,
    amountMinor: v.amount,
    refundableMinor: v.refundableMinor,
    reasonKind: v.reasonKind,
    reason: v.reason,
  }));

/** A reason the customer reads (a discount's, a cancellation's). */
export const customerReasonField = z
  .string({ error: "Give a reason: the customer sees it." })
  .trim()
  .min(3, "Give a reason: the customer sees it.")
  .max(500, "Use at most 500 characters.");

/** A discount on a standing booking: lowers its charge, before or after payment. */
export const adjustPriceInput = z
  .object({
    bookingId: bookingIdField,
    from: shownStatusField,
    amount: positive,
    chargeShownMinor: shownMinorField,
    reason: customerReasonField,
  })
  .transform((v) => ({
    bookingId: v.bookingId,
    from: v.from,
    amountMinor: v.amount,
    chargeShownMinor: v.chargeShownMinor,
    reason: v.reason,
  }));

export const paymentLinkInput = z.object({ bookingId: bookingIdField, from: shownStatusField });

export type RecordPaymentInput = z.output<typeof recordPaymentInput>;
export type RefundInput = z.output<typeof refundInput>;
/** `chargeFee` may be left out by a caller that isn't a form (it charges the fee then). */
export type AdjustPriceInput = z.output<typeof adjustPriceInput>;
export type PaymentLinkInput = z.output<typeof paymentLinkInput>;
