import { z } from "zod";
import { siteAnswersInput } from "@/lib/job/site-answers";
import { optionalText, postcodeInput, registrationInput, requiredText } from "@/lib/field-inputs";

// The customer's saved vehicles and addresses (/dashboard/vehicles, /dashboard/addresses): the same
// field rules and messages as the booking wizard, which pre-fills from what is saved here.

const id = z.string().uuid("Choose one of your saved entries.");
const editId = z.preprocess((v) => (v === "" ? undefined : v), id.optional());

const thisYear = () => new Date().getUTCFullYear();
const year = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({ error: "Enter the year as four digits, like 2019." })
    .int("Enter the year as four digits, like 2019.")
    .refine((v) => v >= 1900 && v <= thisYear() + 1, {
      message: `Enter a year between 1900 and ${thisYear() + 1}.`,
    })
    .nullable(),
);

export const savedVehicleInput = z.object({
  id: editId,
  make: requiredText("the make", 60),
  model: requiredText("the model", 60),
  registration: registrationInput,
  colour: optionalText(40),
  year,
  vehicleSizeId: z.string({ error: "Choose the vehicle's size." }).uuid("Choose the vehicle's size."),
  notes: optionalText(500),
});
export type SavedVehicleInput = z.infer<typeof savedVehicleInput>;

export const savedAddressInput = z.object({
  id: editId,
  label: optionalText(40),
  line1: requiredText("the first line of the address", 120),
  line2: optionalText(120),
  town: requiredText("the town or city", 80),
  postcode: postcodeInput,
  accessNotes: optionalText(500),
  ...siteAnswersInput,
});
export type SavedAddressInput = z.infer<typeof savedAddressInput>;

export const savedEntryInput = z.object({ id });
