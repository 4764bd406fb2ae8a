import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";
import { isInstantInRange } from "@/lib/dates";

// The inputs of reschedule requests (checked on the server, field messages): the customer's request and
// answers, and the business's approve / decline / counter-offer.

const requestId = z.uuid({ error: "This request could not be found." });
const bookingId = z.uuid({ error: "This booking could not be found." });
const start = z
  .string({ error: "Choose a new time." })
  .datetime({ offset: true, message: "Choose a new time." })
  .transform((v) => new Date(v))
  .refine(isInstantInRange, "Choose a new time.");
const localDate = dateInput();

export const requestRescheduleInput = z.object({
  bookingId,
  start,
  reason: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters.")
    .nullish()
    .transform((v) => v ?? ""),
});
export type RequestRescheduleInput = z.infer<typeof requestRescheduleInput>;

export const rescheduleRequestIdInput = z.object({ requestId });
export type RescheduleRequestIdInput = z.infer<typeof rescheduleRequestIdInput>;
export const answerOfferInput = rescheduleRequestIdInput;
export type AnswerOfferInput = RescheduleRequestIdInput;

export const DECLINE_REASON = "Tell the customer why (at least 3 characters).";

export const declineRescheduleInput = z.object({
  requestId,
  reason: z
    .string({ error: DECLINE_REASON })
    .trim()
    .min(3, DECLINE_REASON)
    .max(500, "Use at most 500 characters."),
});
export type DeclineRescheduleInput = z.infer<typeof declineRescheduleInput>;

export const counterOfferInput = z.object({
  requestId,
  start,
  teamId: z.uuid({ error: "Choose a time." }),
  message: z
    .string({ error: "Add a short message for the customer." })
    .trim()
    .min(3, "Add a short message for the customer (at least 3 characters).")
    .max(500, "Use at most 500 characters."),
});
export type CounterOfferInput = z.infer<typeof counterOfferInput>;

/** The customer's picker: one day's times for their booking. */
export const rescheduleSlotDayInput = z.object({ bookingId, date: localDate });
/** The admin's picker for a counter-offer: one day's times for the request's booking. */
export const offerSlotDayInput = z.object({ requestId, date: localDate });
