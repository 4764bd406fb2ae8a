import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";
import { isHolidayRegion } from "@/modules/holidays/domain/holidays";
import { MAX_RANGES_PER_DAY, parseTimeInput, rangeIssues, sortRanges } from "@/lib/time-ranges";

// Inputs of the scheduling setup screens (teams, weekly hours, date overrides). Times arrive as the text
// the admin typed ("08:00"); ranges leave as minutes after local midnight, sorted. Field errors are keyed
// by the form's field names: `ranges.2.closes`, `date`, `name`.

/**
 * Team colours: dark enough for white text on them and for a swatch against white (≥ 4.5:1), and
 * distinct from each other. Each has a name so a colour is never told by colour alone.
 */
export const TEAM_COLOURS = [
  { value: "#0f766e", name: "Teal" },
  { value: "#b45309", name: "Amber" },
  { value: "#1d4ed8", name: "Blue" },
  { value: "#7e22ce", name: "Purple" },
  { value: "#be123c", name: "Rose" },
  { value: "#15803d", name: "Green" },
  { value: "#c2410c", name: "Orange" },
  { value: "#0e7490", name: "Cyan" },
  { value: "#a21caf", name: "Magenta" },
  { value: "#4338ca", name: "Indigo" },
  { value: "#475569", name: "Slate" },
  { value: "#92400e", name: "Brown" },
] as const;

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** WCAG relative-luminance contrast of a #rrggbb colour against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (l + 0.05);
}

export function teamColourName(hex: string): string {
  return TEAM_COLOURS.find((c) => c.value === hex)?.name ?? hex;
}

const teamName = z.string().trim().min(1, "Enter a name, like Van 1.").max(60, "Use at most 60 characters.");
const teamColour = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => HEX_COLOUR.test(v), { message: "Choose a colour." })
  .refine((v) => !HEX_COLOUR.test(v) || contrastWithWhite(v) >= 3, {
    message: "This colour is too light to see against white. Choose a darker one.",
  })
  .default(TEAM_COLOURS[0].value);

export const teamInput = z.object({ name: teamName, colour: teamColour });
export type TeamInput = z.output<typeof teamInput>;

export const updateTeamInput = teamInput.extend({ id: z.string().uuid() });
export type UpdateTeamInput = z.output<typeof updateTeamInput>;

export const teamIdInput = z.object({ id: z.string().uuid() });
export type TeamIdInput = z.output<typeof teamIdInput>;

export const teamActiveInput = z.object({ id: z.string().uuid(), isActive: z.boolean() });
export type TeamActiveInput = z.output<typeof teamActiveInput>;

export const teamMoveInput = z.object({ id: z.string().uuid(), direction: z.enum(["up", "down"]) });
export type TeamMoveInput = z.output<typeof teamMoveInput>;

// ---- Opening hours ----

const time = (role: "opens" | "closes") =>
  z
    .union([z.string(), z.number()])
    .default("")
    .transform((value, ctx) => {
      const parsed = parseTimeInput(String(value), role);
      if (parsed.ok) return parsed.minutes;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });

const rangeInput = z.object({ opens: time("opens"), closes: time("closes") });

/** A day's ranges as entered; refused as a whole when one closes before it opens or two overlap. */
export const rangesInput = z
  .array(rangeInput)
  .max(MAX_RANGES_PER_DAY, `Use at most ${MAX_RANGES_PER_DAY} ranges in a day.`)
  .superRefine((ranges, ctx) => {
    for (const issue of rangeIssues(ranges))
      ctx.addIssue({ code: "custom", path: [issue.index, issue.field], message: issue.message });
  })
  .transform((ranges) => sortRanges(ranges));

const confirmStranded = z.boolean().default(false);

export const weeklyHoursInput = z.object({
  weekday: z.coerce
    .number({ message: "Choose a day of the week." })
    .int("Choose a day of the week.")
    .min(1, "Choose a day of the week.")
    .max(7, "Choose a day of the week."),
  ranges: rangesInput.default([]),
  confirmStranded,
});
export type WeeklyHoursInput = z.output<typeof weeklyHoursInput>;

const isoDate = dateInput("Enter a date, like 2026-12-25.");

const isClosedFlag = z
  .union([z.boolean(), z.enum(["closed", "open"])])
  .transform((v) => v === true || v === "closed");

/**
 * A date override: closed all day, or its own ranges (at least one). A closed day ignores any ranges
 * sent with it. `isClosed` may arrive as the radio's text ("closed" / "open").
 */
export const dateOverrideInput = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const closed = isClosedFlag.safeParse((raw as { isClosed?: unknown }).isClosed ?? true);
    return closed.success && closed.data ? { ...raw, ranges: [] } : raw;
  },
  z
    .object({
      id: z.string().uuid().optional(),
      date: isoDate,
      isClosed: isClosedFlag.default(true),
      ranges: rangesInput.default([]),
      note: z.string().trim().max(200, "Use at most 200 characters.").default(""),
      confirmStranded,
    })
    .superRefine((v, ctx) => {
      if (!v.isClosed && v.ranges.length === 0)
        ctx.addIssue({
          code: "custom",
          path: ["ranges"],
          message: "Add at least one opening range, or choose “Closed all day”.",
        });
    }),
);
export type DateOverrideInput = z.output<typeof dateOverrideInput>;

export const deleteOverrideInput = z.object({ id: z.string().uuid(), confirmStranded });
export type DeleteOverrideInput = z.output<typeof deleteOverrideInput>;

// ---- Public holidays (ADR 0055) ----

export const holidayRegionInput = z.object({
  holidayRegion: z
    .string({ message: "Choose a region, or None." })
    .refine(isHolidayRegion, { message: "Choose a region, or None." }),
});
export type HolidayRegionInput = z.output<typeof holidayRegionInput>;

/** A public holiday to open anyway, or to close again. */
export const holidayDateInput = z.object({ date: isoDate, confirmStranded });
export type HolidayDateInput = z.output<typeof holidayDateInput>;
