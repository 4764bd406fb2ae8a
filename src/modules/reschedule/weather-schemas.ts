import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";

// Weather days (ADR 0036): the admin's "Mark weather day" form (and its preview), and the customer's answers
// through the signed link (no sign-in) or on their booking page.

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Use a time like 09:30.")
  .transform((v) => {
    const [h, m] = v.split(":").map(Number) as [number, number];
    return h * 60 + m;
  });
const optionalTime = z.preprocess((v) => (v === "" || v === null ? undefined : v), hhmm.optional());

export const weatherDayInput = z
  .object({
    date: dateInput(),
    /** Optional window (wall-clock minutes); none = the whole day. */
    from: optionalTime,
    to: optionalTime,
    /** Empty = every team. */
    teamIds: z
      .array(z.uuid({ error: "Choose a team from the list." }))
      .max(50)
      .default([]),
    message: z
      .string()
      .trim()
      .max(1000, "Use at most 1,000 characters.")
      .nullish()
      .transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if ((v.from === undefined) !== (v.to === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "Give both times, or neither for the whole day.",
      });
    else if (v.from !== undefined && v.to !== undefined && v.from >= v.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The end must be after the start." });
  });
export type WeatherDayInput = z.infer<typeof weatherDayInput>;

const token = z.string().min(1).max(200);

export const weatherAcceptInput = z.object({
  token,
  allocationId: z.uuid({ error: "Choose one of the offered times." }),
});
export type WeatherAcceptInput = z.infer<typeof weatherAcceptInput>;

export const weatherAnotherInput = z.object({
  token,
  note: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters.")
    .nullish()
    .transform((v) => v ?? ""),
});
export type WeatherAnotherInput = z.infer<typeof weatherAnotherInput>;

/** The admin's "Lift weather day" (the weather cleared). */
export const weatherLiftInput = z.object({
  weatherDayId: z.uuid({ error: "Choose a weather day from the list." }),
});
export type WeatherLiftInput = z.infer<typeof weatherLiftInput>;
