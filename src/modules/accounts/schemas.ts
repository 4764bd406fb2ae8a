import { z } from "zod";
import { emailInput, optionalEmailInput, optionalPhoneInput, phoneInput } from "@/lib/field-inputs";
import { MAX_PASSWORD_LENGTH } from "./domain/password-policy";
import {
  MAX_TERMS_DAYS,
  MIN_TERMS_DAYS,
  normaliseVatNumber,
  VAT_NUMBER_PATTERN,
} from "./domain/business-account";

// Shared by the forms (client) and the route handlers / actions (server). Password strength (length,
// common list) is checked on the server by passwordProblem(), which needs the shipped list: the routes
// parse with withPasswordRules() (server/password-rules.ts), so it is said with every other message.

const email = emailInput();

const name = z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters.");

const phone = phoneInput();

const password = z
  .string({ error: "Enter a password." })
  .min(1, "Enter a password.")
  .max(MAX_PASSWORD_LENGTH);

const newPasswordPair = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords don't match.",
  });

export const registerInput = z
  .object({ name, email, phone, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords don't match.",
  });
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email,
  password: z.string().min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH),
  rememberMe: z.boolean().default(false),
  next: z.string().max(2000).optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const emailOnlyInput = z.object({ email });
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const tokenPasswordInput = z.intersection(
  z.object({ token: z.string().min(10).max(200) }),
  newPasswordPair,
);
export type TokenPasswordInput = z.infer<typeof tokenPasswordInput>;

/** The emailed confirmation link's token, and the password chosen at registration (ADR 0012). */
export const confirmEmailInput = z.object({
  token: z.string().min(10).max(2000),
  password: z.string().max(MAX_PASSWORD_LENGTH).optional(),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailInput>;

export const profileInput = z.object({ name, phone });
export type ProfileInput = z.infer<typeof profileInput>;

export const changeEmailInput = z.object({
  newEmail: email,
  currentPassword: z.string().min(1, "Enter your current password."),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const changePasswordInput = z.intersection(
  z.object({ currentPassword: z.string().min(1, "Enter your current password.") }),
  newPasswordPair,
);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const preferencesInput = z.object({
  // Booking and money emails can't be switched off (issue 17); the column stays for older exports.
  notifyBookingEmails: z.boolean().optional(),
  notifyReminders: z.boolean(),
  marketingConsent: z.boolean(),
});
export type PreferencesInput = z.infer<typeof preferencesInput>;

export const marketingInput = preferencesInput.pick({ marketingConsent: true });

export const DELETE_CONFIRMATION = "DELETE";
export const deleteAccountInput = z.object({
  confirmation: z.string().refine((v) => v.trim() === DELETE_CONFIRMATION, {
    message: `Type ${DELETE_CONFIRMATION} to confirm.`,
  }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

// The admin's customer profile (/admin/customers/{id}).
const customerId = z.string().min(1).max(100);
export const adminCustomerContactInput = z.object({
  customerId,
  name: z.string().trim().min(1, "Enter the customer's name.").max(100, "Use at most 100 characters."),
  email: emailInput("the customer's email address"),
  // A guest may have given none: empty clears it.
  phone: optionalPhoneInput(),
});
export type AdminCustomerContactInput = z.infer<typeof adminCustomerContactInput>;

export const adminCustomerNotesInput = z.object({
  customerId,
  notes: z
    .string()
    .max(5000, "Use at most 5,000 characters.")
    .transform((v) => v.trim() || null),
});
export type AdminCustomerNotesInput = z.infer<typeof adminCustomerNotesInput>;

export const adminCustomerIdInput = z.object({ customerId });

export const adminDeactivateCustomerInput = z.object({
  customerId,
  reason: z.string().trim().max(500, "Use at most 500 characters.").default(""),
  /** The upcoming bookings the admin chose to cancel (the others are kept). */
  cancelBookingIds: z.array(z.string().uuid()).max(200).default([]),
});
export type AdminDeactivateCustomerInput = z.infer<typeof adminDeactivateCustomerInput>;

// A business customer (ADR 0051): what invoices are addressed to, and whether it pays on account.
export const adminBusinessInput = z.object({
  customerId,
  companyName: z.string().trim().min(1, "Enter the company's name.").max(120, "Use at most 120 characters."),
  vatNumber: z
    .string()
    .max(40, "That VAT number is too long.")
    .transform((v) => normaliseVatNumber(v) || null)
    .refine(
      (v) => v === null || VAT_NUMBER_PATTERN.test(v),
      "Enter a VAT number like GB123456789, or leave it empty.",
    ),
  invoiceAddress: z
    .string()
    .trim()
    .min(1, "Enter the address invoices go to.")
    .max(500, "Use at most 500 characters."),
  billingEmail: z
    .string()
    .trim()
    .min(1, "Enter the email address invoices go to.")
    .max(254, "That email address is too long.")
    .email("Enter a valid email address, like accounts@example.com.")
    .transform((v) => v.toLowerCase()),
  onAccount: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()),
  paymentTermsDays: z.coerce
    .number({ error: "Enter the payment terms in days." })
    .int("Enter a whole number of days.")
    .min(MIN_TERMS_DAYS, `Payment terms are at least ${MIN_TERMS_DAYS} day.`)
    .max(MAX_TERMS_DAYS, `Payment terms are at most ${MAX_TERMS_DAYS} days.`),
});
export type AdminBusinessInput = z.infer<typeof adminBusinessInput>;

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => v ?? "", z.string().trim().max(max, message)).transform((v) => v || null);

export const adminBusinessContactInput = z
  .object({
    customerId,
    name: z.string().trim().min(1, "Enter the contact's name.").max(100, "Use at most 100 characters."),
    role: optionalText(80, "Use at most 80 characters."),
    email: optionalEmailInput(),
    phone: optionalPhoneInput(),
  })
  .refine((v) => v.email || v.phone, {
    path: ["email"],
    message: "Give an email address or a phone number to reach them by.",
  });
export type AdminBusinessContactInput = z.infer<typeof adminBusinessContactInput>;

export const adminBusinessContactIdInput = z.object({ customerId, contactId: z.string().uuid() });
