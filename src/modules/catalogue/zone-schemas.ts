import { z } from "zod";
import { parseMoneyInput, parsePrefixes, parseWholeMinutes } from "./domain/zone-input";

// The travel-zone forms send what the admin typed (prefixes in one box, the fee in major units); these
// schemas turn it into what the table stores. Field errors are keyed by the form's field names.

export const MAX_TRAVEL_FEE_MINOR = 500_00;
export const MAX_EXTRA_MINUTES = 240;

const name = z.string().trim().min(1, "Enter a name.").max(80, "Use at most 80 characters.");

const prefixes = z
  .string()
  .max(2000, "That's too long — use at most 200 prefixes.")
  .transform((text, ctx) => {
    const parsed = parsePrefixes(text);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

const travelFee = z
  .union([z.string(), z.number()])
  .default("")
  .transform((value, ctx) => {
    const parsed = parseMoneyInput(String(value), "The travel fee");
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    if (parsed.value > MAX_TRAVEL_FEE_MINOR) {
      ctx.addIssue({ code: "custom", message: "The travel fee can be at most 500.00." });
      return z.NEVER;
    }
    return parsed.value;
  });

const extraMinutes = z
  .union([z.string(), z.number()])
  .default("")
  .transform((value, ctx) => {
    const minutes = parseWholeMinutes(value);
    let message: string | null = null;
    if (minutes === null) message = "Enter whole minutes, like 15 (or 0 for none).";
    else if (minutes < 0 || minutes > MAX_EXTRA_MINUTES) message = `Use 0 to ${MAX_EXTRA_MINUTES} minutes.`;
    else if (minutes % 5 !== 0) message = "Use a multiple of 5 minutes, like 10 or 15.";
    if (minutes === null || message) {
      ctx.addIssue({ code: "custom", message: message ?? "" });
      return z.NEVER;
    }
    return minutes;
  });

const fields = { name, prefixes, travelFee, extraMinutes };

type Fields = { name: string; prefixes: string[]; travelFee: number; extraMinutes: number };
const toRow = (v: Fields) => ({
  name: v.name,
  postcodePrefixes: v.prefixes,
  travelFeeMinor: v.travelFee,
  travelBufferMinutes: v.extraMinutes,
});

/** The "Add a zone" form: name, prefixes, travelFee (major units), extraMinutes, isActive. */
export const zoneInput = z
  .object({ ...fields, isActive: z.boolean().default(true) })
  .transform((v) => ({ ...toRow(v), isActive: v.isActive }));
export type ZoneInput = z.output<typeof zoneInput>;

/** A zone's edit form; its active flag changes through `zoneActiveInput`. */
export const updateZoneInput = z
  .object({ ...fields, id: z.string().uuid() })
  .transform((v) => ({ id: v.id, ...toRow(v) }));
export type UpdateZoneInput = z.output<typeof updateZoneInput>;

export const zoneIdInput = z.object({ id: z.string().uuid() });
export type ZoneIdInput = z.output<typeof zoneIdInput>;

export const zoneActiveInput = z.object({ id: z.string().uuid(), isActive: z.boolean() });
export type ZoneActiveInput = z.output<typeof zoneActiveInput>;

export const checkPostcodeInput = z.object({
  postcode: z
    .string()
    .trim()
    .min(1, "Enter a postcode, like SW9 8AB.")
    .max(20, "Enter a postcode, like SW9 8AB."),
});
export type CheckPostcodeInput = z.output<typeof checkPostcodeInput>;
