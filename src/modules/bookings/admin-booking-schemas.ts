import { z } from "zod";
import { BOOKING_STATUSES, DONE_STATUSES } from "@/lib/enums";

// The inputs of the admin's booking page, checked on the server (field messages) and typed for the
// screen. `from` is the status the page showed: a booking that changed meanwhile is refused.

const bookingId = z.uuid({ error: "This booking could not be found." });
const from = z.enum(BOOKING_STATUSES, { error: "Reload the page and try again." });

export const adminBookingChangeInput = z.object({ bookingId, from });

const reason = z
  .string({ error: "Give a reason: the customer sees it." })
  .trim()
  .min(3, "Give a reason: the customer sees it.")
  .max(500, "Use at most 500 characters.");

export const adminBookingReasonInput = z.object({ bookingId, from, reason });

/**
 * Starting a job: earlier than the business's lead before its start needs a reason (ADR 0043), which the
 * timeline and the audit log keep. Empty = no override; the use case says when one is needed.
 */
const overrideReason = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters.")
  .refine((v) => v === "" || v.length >= 3, "Say why in a few words (at least 3 characters).")
  .default("");

export const adminBookingStartInput = z.object({ bookingId, from, overrideReason });

/**
 * Completing a job: optional notes the customer reads in their vehicle's service history; before the
 * job's booked start (it was started early), a reason, as for an early start.
 */
export const adminBookingCompleteInput = z.object({
  bookingId,
  from,
  overrideReason,
  jobNotes: z.string().trim().max(2000, "Use at most 2,000 characters.").default(""),
});

/** Freeing the rest of a done job's time (ADR 0043): from the status the page showed. */
export const freeRemainingTimeInput = z.object({
  bookingId,
  from: z.enum(DONE_STATUSES, { error: "Reload the page and try again." }),
});
export type FreeRemainingTimeInput = z.infer<typeof freeRemainingTimeInput>;

export const internalNotesInput = z.object({
  bookingId,
  notes: z.string().trim().max(5000, "Use at most 5,000 characters."),
});

export type AdminBookingChangeInput = z.infer<typeof adminBookingChangeInput> & {
  reason?: string;
  jobNotes?: string;
  overrideReason?: string;
};
export type InternalNotesInput = z.infer<typeof internalNotesInput>;

export const resendEmailInput = z.object({
  bookingId,
  emailId: z.uuid({ error: "This email could not be found." }),
});
