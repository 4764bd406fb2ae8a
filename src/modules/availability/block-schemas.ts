import { z } from "zod";
import { isRealDate, localToInstant } from "@/lib/dates";
import { dateInput } from "@/lib/field-inputs";

// The block form sends wall-clock values (a date and times in the business time zone, as typed or as
// pre-filled by a selection on the calendar). `blockWindow` turns them into instants with the zone from
// settings, DST-correctly: a time the clocks skip is refused rather than silently moved.

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
import { UUID_PATTERN as UUID } from "@/lib/uuid";

const minutesOf = (time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
};

export const blockInput = z.object({
  /** A team's id, or "all" for every active team. */
  teamId: z
    .string()
    .trim()
    .refine((v) => v === "all" || UUID.test(v), { message: "Choose a team, or All teams." }),
  date: dateInput("Enter the date, like 2026-03-14."),
  startTime: z.string().trim().regex(TIME, "Enter a start time, like 09:00."),
  /** Blank = the same day as `date`. */
  endDate: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isRealDate(v), {
      message: "Enter the end date, like 2026-03-15, or leave it empty.",
    }),
  endTime: z.string().trim().regex(TIME, "Enter an end time, like 12:30."),
  reason: z
    .string()
    .trim()
    .min(1, "Say why this time is blocked, e.g. “Van service”.")
    .max(200, "Use at most 200 characters."),
});
export type BlockInput = z.output<typeof blockInput>;

export const blockIdInput = z.object({ id: z.string().uuid() });
export type BlockIdInput = z.output<typeof blockIdInput>;

export type BlockWindow =
  | { ok: true; value: { teamId: string | null; startsAt: Date; endsAt: Date; reason: string } }
  | { ok: false; fieldErrors: Record<string, string[]> };

const SKIPPED = "That time doesn't exist on this date (the clocks go forward). Choose another.";

/** The form's wall-clock values → the instants of the block, in `timeZone`. */
export function blockWindow(input: BlockInput, timeZone: string): BlockWindow {
  const startsAt = localToInstant(input.date, minutesOf(input.startTime), timeZone);
  const endsAt = localToInstant(input.endDate || input.date, minutesOf(input.endTime), timeZone);
  const fieldErrors: Record<string, string[]> = {};
  if (!startsAt) fieldErrors.startTime = [SKIPPED];
  if (!endsAt) fieldErrors.endTime = [SKIPPED];
  if (startsAt && endsAt && endsAt <= startsAt)
    fieldErrors.endTime = [
      input.endDate
        ? "The end must be after the start."
        : "The end must be after the start. For a block past midnight, set the end date.",
    ];
  if (!startsAt || !endsAt || Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return {
    ok: true,
    value: { teamId: input.teamId === "all" ? null : input.teamId, startsAt, endsAt, reason: input.reason },
  };
}
