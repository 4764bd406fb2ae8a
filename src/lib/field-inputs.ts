import { z } from "zod";
import { isRealDate } from "./dates";
import { normaliseUkPostcode } from "./postcode";
import { normaliseRegistration } from "./registration";

// The one home of the input rules every form shares (issue 42 §6): an email address, a phone number, a
// date, a vehicle's registration, a postcode, text, and the limits. One wording of each message; each
// schema composes these rather than writing its own.

/** An email address is at most this long (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** A phone number as typed, spaces and brackets included. */
export const MAX_PHONE_LENGTH = 30;
/** At most this many vehicles after the first in any form; the business's own limit is checked by the use case. */
export const MAX_MORE_VEHICLES = 19;

export const EMAIL_MESSAGE = "Enter a valid email address, like name@example.com.";
export const PHONE_MESSAGE = "Enter a phone number, like 07700 900123.";

/** A phone number: digits, spaces, brackets and dashes (a leading +), with at least seven digits. */
export const isPhoneNumber = (v: string) => /^\+?[0-9 ()-]{7,}$/.test(v) && v.replace(/\D/g, "").length >= 7;

const emailText = () =>
  z.string().trim().toLowerCase().max(MAX_EMAIL_LENGTH, "That email address is too long.");

/** A required email address, trimmed and lower-cased; `label` names it when empty ("Enter your email address."). */
export const emailInput = (label = "your email address") =>
  z
    .string({ error: `Enter ${label}.` })
    .pipe(emailText())
    .pipe(z.string().min(1, `Enter ${label}.`))
    .pipe(z.email(EMAIL_MESSAGE));

/** An email address that may be left empty (then null), trimmed and lower-cased. */
export const optionalEmailInput = () =>
  z
    .preprocess((v) => v ?? "", emailText())
    .refine((v) => v === "" || z.email().safeParse(v).success, EMAIL_MESSAGE)
    .transform((v) => v || null);

const phoneText = () => z.string().trim().max(MAX_PHONE_LENGTH, "That phone number is too long.");

/** A required phone number; `label` names it when empty ("Enter your phone number."). */
export const phoneInput = (label = "your phone number") =>
  z
    .string({ error: `Enter ${label}.` })
    .pipe(phoneText())
    .pipe(z.string().min(1, `Enter ${label}.`).refine(isPhoneNumber, PHONE_MESSAGE));

/** A phone number that may be left empty (then null). */
export const optionalPhoneInput = () =>
  z
    .preprocess((v) => v ?? "", phoneText())
    .refine((v) => v === "" || isPhoneNumber(v), PHONE_MESSAGE)
    .transform((v) => v || null);

/** A date field (YYYY-MM-DD) that exists and is inside the product's range; one message for all. */
export const dateInput = (message = "Choose a date.") =>
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
