import { z } from "zod";
import { isInstantInRange } from "@/lib/dates";
import { siteAnswersInput } from "@/lib/job/site-answers";
import {
  emailInput,
  optionalText,
  phoneInput,
  postcodeInput,
  registrationInput,
  requiredText,
} from "@/lib/field-inputs";
import { RUN_ID, SLUG } from "./domain/wizard-state";

// The booking wizard's inputs, shared by its forms (client) and its route handlers (server). The step
// forms are checked by the server as they are left (field messages), and the whole submission is
// checked again, with everything recomputed, when the booking is made.

const text = requiredText;

const uuid = (message: string) => z.string({ error: message }).uuid(message);

export { postcodeInput, registrationInput };

export const vehicleDetailsInput = z.object({
  make: text("the make", 60),
  model: text("the model", 60),
  registration: registrationInput,
  colour: optionalText(40),
});
export type VehicleDetails = z.infer<typeof vehicleDetailsInput>;

export const addressDetailsInput = z.object({
  label: optionalText(40),
  line1: text("the first line of the address", 120),
  line2: optionalText(120),
  town: text("the town or city", 80),
  accessNotes: optionalText(500),
  // A guest answers these on the details step, a signed-in customer on the review (issue 41 §4); the
  // phone booking with the address.
  ...siteAnswersInput,
});
export type AddressDetails = z.infer<typeof addressDetailsInput>;

export const contactDetailsInput = z.object({
  name: text("your name", 100),
  email: emailInput(),
  phone: phoneInput(),
  notes: optionalText(1000),
  ...siteAnswersInput,
});
export type ContactDetails = z.infer<typeof contactDetailsInput>;

const runInput = z
  .string({ error: "Please start your booking again." })
  .regex(RUN_ID, "Please start your booking again.");
const slugInput = (message: string) => z.string({ error: message }).trim().toLowerCase().regex(SLUG, message);
const splitAddons = (v: string | string[]) => [
  ...new Set((Array.isArray(v) ? v : v.split(",")).map((s) => s.trim().toLowerCase()).filter(Boolean)),
];
const addonList = z
  .array(z.string().regex(SLUG, "Please review your add-ons."))
  .max(20, "Choose at most 20 add-ons.");
const addonsInput = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => (v === undefined ? [] : splitAddons(v)))
  .pipe(addonList);
/** On a step: null = the add-ons step has not been answered yet (kept as such in the next address). */
const stepAddonsInput = z
  .union([z.array(z.string()), z.string()])
  .nullable()
  .optional()
  .transform((v) => (v === undefined || v === null ? null : splitAddons(v)))
  .pipe(addonList.nullable());
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** The choices a step form is left with (what the URL holds), checked against the catalogue. */
const choiceFields = {
  run: runInput,
  service: slugInput("Choose a service."),
  size: z.preprocess(emptyToUndefined, uuid("Choose your vehicle's size.").optional()),
  vehicle: z.preprocess(emptyToUndefined, uuid("Choose one of your vehicles.").optional()),
  addons: stepAddonsInput,
  more: z.preprocess(emptyToUndefined, z.string().max(4000).optional()),
  postcode: z.preprocess(emptyToUndefined, z.string().max(20).optional()),
  address: z.preprocess(emptyToUndefined, uuid("Choose one of your addresses.").optional()),
  date: z.preprocess(emptyToUndefined, z.string().max(10).optional()),
  start: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
};

/** Leaving the vehicle step with a new vehicle: its size and details. */
export const vehicleStepInput = z.object({
  ...choiceFields,
  step: z.literal("vehicle"),
  size: uuid("Choose your vehicle's size."),
  ...vehicleDetailsInput.shape,
});

/** Leaving the address step with a new address: the postcode (zone check) and the lines. */
export const addressStepInput = z.object({
  ...choiceFields,
  step: z.literal("address"),
  postcode: postcodeInput,
  ...addressDetailsInput.shape,
});

/** Leaving the details step (guests): who they are and what the site has. */
export const detailsStepInput = z.object({
  ...choiceFields,
  step: z.literal("details"),
  ...contactDetailsInput.shape,
});

const optionalDetail = (max: number) => z.string().max(max).optional();

/**
 * Adding a further vehicle to the visit (ADR 0050): the further vehicles so far (the URL's `more`), the
 * new one — a saved vehicle, or a size and what the person typed — and its own package and add-ons (none:
 * the same as the first vehicle's), and the registrations the tab holds of the visit's other vehicles.
 */
export const moreVehicleStepInput = z.object({
  ...choiceFields,
  step: z.literal("vehicles"),
  addVehicle: z.preprocess(emptyToUndefined, uuid("Choose one of your vehicles.").optional()),
  addSize: z.preprocess(emptyToUndefined, uuid("Choose the vehicle's size.").optional()),
  addService: z.preprocess(emptyToUndefined, slugInput("Choose a service.").optional()),
  addAddons: addonsInput,
  make: optionalDetail(200),
  model: optionalDetail(200),
  registration: optionalDetail(200),
  colour: optionalDetail(200),
  otherRegistrations: z.array(z.string().max(40)).max(20).default([]),
});

export const wizardStepInput = z.discriminatedUnion("step", [
  vehicleStepInput,
  moreVehicleStepInput,
  addressStepInput,
  detailsStepInput,
]);
export type WizardStepInput = z.infer<typeof wizardStepInput>;

/**
 * The final submission. Only choices and what the person typed: prices, durations, fees and the team
 * are never read from it (unknown keys are dropped). A saved vehicle or address (signed in) replaces
 * the size or postcode and the details.
 */
export const createBookingInput = z
  .object({
    run: runInput,
    // The run's secret, kept in the tab (never in a URL): proves a resubmission comes from that tab.
    runSecret: z
      .string({ error: "Please start your booking again." })
      .regex(/^[A-Za-z0-9_-]{22,64}$/, "Please start your booking again."),
    service: slugInput("Choose a service."),
    size: z.preprocess(emptyToUndefined, uuid("Choose your vehicle's size.").optional()),
    savedVehicleId: z.preprocess(emptyToUndefined, uuid("Choose one of your vehicles.").optional()),
    addons: addonsInput,
    postcode: z.preprocess(emptyToUndefined, z.string().max(20).optional()),
    savedAddressId: z.preprocess(emptyToUndefined, uuid("Choose one of your addresses.").optional()),
    start: z
      .string({ error: "Choose a date and time." })
      .datetime({ offset: true, message: "Choose a date and time." })
      .transform((v) => new Date(v))
      .refine(isInstantInRange, "Choose a date and time."),
    vehicleDetails: vehicleDetailsInput.optional(),
    /** The visit's further vehicles as the URL holds them (`more`), and the typed details of each new one. */
    more: z.preprocess(emptyToUndefined, z.string().max(4000).optional()),
    moreDetails: z.array(vehicleDetailsInput.nullable()).max(20).default([]),
    addressDetails: addressDetailsInput.optional(),
    contact: contactDetailsInput.optional(),
    /** A signed-in customer's answers about the site, asked on the review (a guest's are in `contact`). */
    site: z.object(siteAnswersInput).optional(),
    notes: optionalText(1000),
    acceptPolicies: z.literal(true, { error: "Please read and accept the booking policies to continue." }),
  })
  .superRefine((v, ctx) => {
    if (!v.savedVehicleId) {
      if (!v.size) ctx.addIssue({ code: "custom", path: ["size"], message: "Choose your vehicle's size." });
      if (!v.vehicleDetails)
        ctx.addIssue({
          code: "custom",
          path: ["vehicleDetails"],
          message: "Tell us about your vehicle: make, model and registration.",
        });
    }
    if (!v.savedAddressId) {
      if (!v.postcode) ctx.addIssue({ code: "custom", path: ["postcode"], message: "Enter the postcode." });
      if (!v.addressDetails)
        ctx.addIssue({
          code: "custom",
          path: ["addressDetails"],
          message: "Tell us where we'll do the work.",
        });
    }
  });
export type CreateBookingInput = z.infer<typeof createBookingInput>;
