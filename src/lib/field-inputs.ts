import { z } from "zod";
import { isRealDate } from "./dates";
import { normaliseUkPostcode } from "./postcode";
import { normaliseRegistration } from "./registration";

// Field validators shared by every form that takes a vehicle or an address: the booking wizard, the
// customer's saved vehicles and addresses, and the phone booking. One wording of each message.

/** A date field (YYYY-MM-DD) that exists and is inside the product's range; one message for all. */
export const localDateInput = (message = "Choose a date.") =>
  z.string({ error: message }).trim().refine(isRealDate, message);

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Use at most ${max} characters.`);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const registrationInput = z
  .string({ error: "Enter the registration." })
  .trim()
  .min(1, "Enter the registration.")
  .max(20, "Enter the registration, like LB19 XKT.")
  .transform(normaliseRegistration)
  .refine((v) => /^[A-Z0-9]{2,8}$/.test(v), "Enter the registration, like LB19 XKT.");

export const postcodeInput = z
  .string({ error: "Enter the postcode." })
  .trim()
  .min(1, "Enter the postcode.")
  .max(20, "Enter a full UK postcode, like SW9 8AB.")
  .transform((v, ctx) => {
    const postcode = normaliseUkPostcode(v);
    if (!postcode) {
      ctx.addIssue({ code: "custom", message: "Enter a full UK postcode, like SW9 8AB." });
      return z.NEVER;
    }
    return postcode;
  });
