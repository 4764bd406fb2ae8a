import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";
import { BOOKING_STATUSES } from "@/lib/enums";
import { isInstantInRange } from "@/lib/dates";

// The inputs of the admin's slot picker, Move and Reassign team (checked on the server, field messages).
// `from`, `fromStart` and `fromTeamId` are what the page showed: a booking that changed meanwhile is
// refused with what it is now.

const bookingId = z.uuid({ error: "This booking could not be found." });
const from = z.enum(BOOKING_STATUSES, { error: "Reload the page and try again." });
const instant = (message: string) =>
  z
    .string({ error: message })
    .datetime({ offset: true, message })
    .transform((v) => new Date(v))
    .refine(isInstantInRange, message);
const teamId = z.uuid({ error: "Choose a team." });
const localDate = dateInput();

export const OVERRIDE_REASON = "Give the reason for overriding availability (at least 3 characters).";

/** Overriding availability, with a reason (the admin's Move and the phone booking both offer it). */
export const overrideFields = {
  override: z.boolean().default(false),
  reason: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters.")
    .nullish()
    .transform((v) => v || null),
};

function requireOverrideReason(v: { override: boolean; reason: string | null }, ctx: z.RefinementCtx) {
  if (v.override && (v.reason ?? "").length < 3)
    ctx.addIssue({ code: "custom", path: ["reason"], message: OVERRIDE_REASON });
}

/** Move: a new start (same length) on a team; with override, outside the rules. */
export const moveBookingInput = z
  .object({
    bookingId,
    from,
    fromStart: instant("Reload the page and try again."),
    fromTeamId: z.uuid({ error: "Reload the page and try again." }),
    start: instant("Choose a new time."),
    teamId,
    ...overrideFields,
  })
  .superRefine(requireOverrideReason);
export type MoveBookingInput = z.infer<typeof moveBookingInput>;

/** Reassign: the same time, another team. */
export const reassignTeamInput = z
  .object({
    bookingId,
    from,
    fromStart: instant("Reload the page and try again."),
    fromTeamId: z.uuid({ error: "Reload the page and try again." }),
    teamId,
    ...overrideFields,
  })
  .superRefine(requireOverrideReason);
export type ReassignTeamInput = z.infer<typeof reassignTeamInput>;

/** The picker's day for a booking being moved. */
export const bookingSlotDayInput = z.object({ bookingId, date: localDate });
