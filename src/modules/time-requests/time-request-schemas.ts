import { z } from "zod";
import { dateInput } from "@/lib/field-inputs";
import { addressDetailsInput, vehicleDetailsInput } from "@/modules/wizard/book-schemas";
import { DAY_PARTS, MAX_ASKED_DAYS, NOTE_MAX } from "./domain/time-request-rules";

// The inputs of "Ask for a time" (ADR 0057), checked on the server with field messages: the customer's
// request (the wizard's choices, the details this browser tab kept, the days that suit and a note), the
// customer's answers, and the business's proposal and closing. The days' rules that need today and the
// horizon are the domain's (checkAskedDays), applied by the use case.

const requestId = z.uuid({ error: "This request could not be found." });

/** The form sends `days.<i>.date` and `days.<i>.part` as flat fields: gathered here into a list. */
function gatherDays(values: unknown): unknown {
  if (!values || typeof values !== "object") return values;
  const v = values as Record<string, unknown>;
  if (Array.isArray(v.days)) return v;
  const rows = new Map<number, { date?: unknown; part?: unknown }>();
  for (const [key, value] of Object.entries(v)) {
    const m = /^days\.(\d{1,2})\.(date|part)$/.exec(key);
    if (!m) continue;
    const row = rows.get(Number(m[1])) ?? {};
    row[m[2] as "date" | "part"] = value;
    rows.set(Number(m[1]), row);
  }
  const days = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row)
    // An empty row the person added and left blank is not a day.
    .filter((row) => typeof row.date === "string" && row.date.trim() !== "");
  return { ...v, days };
}

export const askedDayInput = z.object({
  date: z.string({ error: "Choose a date." }).trim().max(10, "Choose a date."),
  part: z.enum(DAY_PARTS, { error: "Choose a part of the day." }).default("any"),
});

export const askForTimeInput = z.preprocess(
  gatherDays,
  z.object({
    /** The wizard's choices, as its address bar holds them (service, vehicle, add-ons, address, run). */
    choices: z.string({ error: "Start again from the booking page." }).max(4000),
    /** What this tab kept of a vehicle or an address typed in the wizard (never in the URL). */
    vehicle: vehicleDetailsInput.nullish(),
    more: z.array(vehicleDetailsInput.nullable()).max(19).default([]),
    address: addressDetailsInput.nullish(),
    days: z.array(askedDayInput).max(MAX_ASKED_DAYS + 6, `Choose at most ${MAX_ASKED_DAYS} days.`),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, `Use at most ${NOTE_MAX} characters.`)
      .nullish()
      .transform((v) => v || null),
  }),
);
export type AskForTimeInput = z.output<typeof askForTimeInput>;

export const timeRequestIdInput = z.object({ requestId });
export type TimeRequestIdInput = z.infer<typeof timeRequestIdInput>;

export const proposeTimeInput = z.object({
  requestId,
  /** One form run: a double submit proposes once. */
  run: z.uuid({ error: "Reload the page and try again." }),
  start: z
    .string({ error: "Choose a time." })
    .datetime({ offset: true, message: "Choose a time." })
    .transform((v) => new Date(v)),
  teamId: z.uuid({ error: "Choose a time (and its team)." }),
  message: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters.")
    .nullish()
    .transform((v) => v || null),
});
export type ProposeTimeInput = z.infer<typeof proposeTimeInput>;

export const CLOSE_REASON = "Tell the customer why (at least 3 characters).";
export const closeTimeRequestInput = z.object({
  requestId,
  reason: z
    .string({ error: CLOSE_REASON })
    .trim()
    .min(3, CLOSE_REASON)
    .max(500, "Use at most 500 characters."),
});
export type CloseTimeRequestInput = z.infer<typeof closeTimeRequestInput>;

/** The business's picker: one day's times for the request's visit. */
export const requestSlotDayInput = z.object({
  requestId,
  date: dateInput(),
});
