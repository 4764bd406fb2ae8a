import { z } from "zod";
import { siteAnswersInput } from "@/lib/job/site-answers";
import { dateInput, MAX_MORE_VEHICLES } from "@/lib/field-inputs";
import { isMoneyWithinLimit, MONEY_TOO_LARGE } from "@/lib/money-input";
import { isInstantInRange } from "@/lib/dates";
import { PAYMENT_METHODS } from "@/lib/enums";
import { OVERRIDE_REASON, overrideFields } from "@/modules/booking-moves/schemas";
import {
  addressDetailsInput,
  contactDetailsInput,
  postcodeInput,
  vehicleDetailsInput,
} from "@/modules/wizard/book-schemas";

// A phone booking at /admin/bookings/new, as one flat form (field messages land under their fields):
// the customer (found or new), the vehicle and address (saved or new), the job, the time (with
// override) and how it is paid. Checked on the server; prices and durations are never read from it.

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalUuid = (message: string) =>
  z.preprocess(emptyToUndefined, z.uuid({ error: message }).optional());

export const PHONE_PAYMENTS = ["link", "manual", "on_the_day", "on_account"] as const;
export type PhonePayment = (typeof PHONE_PAYMENTS)[number];
export const MANUAL_METHODS = PAYMENT_METHODS.filter((m) => m !== "online");
export type ManualMethod = (typeof MANUAL_METHODS)[number];

/** "85", "85.5", "85.50", "£85.00" → minor units; not an amount → NaN, over the bound → Infinity. */
export function parseAmount(v: string): number {
  const m = /^£?\s*(\d{1,9})(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return Number.NaN;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  return isMoneyWithinLimit(minor) ? minor : Number.POSITIVE_INFINITY;
}

/** A further vehicle's job in the visit (ADR 0050): package, size and add-ons, priced by the server. */
const moreJobInput = z.object({
  service: z.string().trim().max(100).default(""),
  size: optionalUuid("Choose the vehicle's size."),
  addons: z.array(z.string().max(100)).max(20, "Choose at most 20 add-ons.").default([]),
});
const moreVehiclesInput = <T extends z.ZodTypeAny>(item: T) =>
  z.array(item).max(MAX_MORE_VEHICLES, "That is more vehicles than one visit can take.").default([]);

const cleanAddons = (addons: string[]) => [
  ...new Set(addons.map((a) => a.trim().toLowerCase()).filter(Boolean)),
];

export const phoneBookingInput = z
  .object({
    run: z.uuid({ error: "Reload the page and start again." }),
    customerMode: z.enum(["existing", "new"], { error: "Find a customer or add a new one." }),
    customerId: optionalUuid("Choose a customer from the search results."),
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    sendSetupLink: z.boolean().default(false),
    savedVehicleId: optionalUuid("Choose one of the customer's vehicles."),
    make: z.string().optional(),
    model: z.string().optional(),
    registration: z.string().optional(),
    colour: z.string().nullish(),
    savedAddressId: optionalUuid("Choose one of the customer's addresses."),
    postcode: z.string().optional(),
    line1: z.string().optional(),
    line2: z.string().nullish(),
    town: z.string().optional(),
    accessNotes: z.string().nullish(),
    ...siteAnswersInput,
    service: z.string().trim().max(100).default(""),
    size: optionalUuid("Choose the vehicle's size."),
    addons: z.array(z.string().max(100)).max(20, "Choose at most 20 add-ons.").default([]),
    /** The visit's further vehicles, each saved (by id) or typed in, with its own job. */
    more: moreVehiclesInput(
      moreJobInput.extend({
        savedVehicleId: optionalUuid("Choose one of the customer's vehicles."),
        make: z.string().optional(),
        model: z.string().optional(),
        registration: z.string().optional(),
        colour: z.string().nullish(),
      }),
    ),
    start: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .datetime({ offset: true, message: "Choose a time." })
        .transform((v) => new Date(v))
        .refine(isInstantInRange, "Choose a time.")
        .optional(),
    ),
    teamId: optionalUuid("Choose a time (and its team)."),
    ...overrideFields,
    payment: z.preprocess(emptyToUndefined, z.enum(PHONE_PAYMENTS).optional()),
    method: z.preprocess(emptyToUndefined, z.enum(MANUAL_METHODS).optional()),
    amount: z.string().max(20).optional(),
    paymentReference: z.string().trim().max(100, "Use at most 100 characters.").nullish(),
    notes: z.string().trim().max(1000, "Use at most 1000 characters.").nullish(),
    internalNotes: z.string().trim().max(5000, "Use at most 5,000 characters.").nullish(),
  })
  .transform((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    // `field`: the name of a single value's field (its issues have no path of their own).
    // `prefix`: where a further vehicle's fields are named ("more.1.").
    const sub = <T>(schema: z.ZodType<T>, value: unknown, field?: string, prefix = ""): T | null => {
      const r = schema.safeParse(value);
      if (r.success) return r.data;
      for (const i of r.error.issues) issue(prefix + (field ?? String(i.path[0] ?? "")), i.message);
      return null;
    };
    const contact =
      v.customerMode === "new"
        ? sub(contactDetailsInput.pick({ name: true, email: true, phone: true }), {
            name: v.name,
            email: v.email,
            phone: v.phone,
          })
        : null;
    if (v.customerMode === "existing" && !v.customerId)
      issue("customerId", "Find the customer and choose them.");
    // Every missing part is reported at once (the object above accepts them missing for that reason).
    if (!v.service) issue("service", "Choose a service.");
    if (!v.size) issue("size", "Choose the vehicle's size.");
    if (!v.start) issue("start", "Choose a time.");
    else if (!v.teamId) issue("teamId", "Choose a time (and its team).");
    if (!v.payment) issue("payment", "Choose how the customer pays.");
    const vehicle = v.savedVehicleId
      ? null
      : sub(vehicleDetailsInput, {
          make: v.make,
          model: v.model,
          registration: v.registration,
          colour: v.colour,
        });
    const more = v.more.map((m, i) => {
      const at = `more.${i}.`;
      if (!m.service) issue(`${at}service`, "Choose a service.");
      if (!m.size) issue(`${at}size`, "Choose the vehicle's size.");
      const details = m.savedVehicleId
        ? null
        : sub(
            vehicleDetailsInput,
            { make: m.make, model: m.model, registration: m.registration, colour: m.colour },
            undefined,
            at,
          );
      return {
        savedVehicleId: m.savedVehicleId ?? null,
        vehicle: details,
        service: m.service,
        size: m.size ?? "",
        addons: cleanAddons(m.addons),
      };
    });
    const address = v.savedAddressId
      ? null
      : sub(addressDetailsInput, {
          line1: v.line1,
          line2: v.line2,
          town: v.town,
          accessNotes: v.accessNotes,
          hasWater: v.hasWater,
          hasPower: v.hasPower,
          hasCoveredSpace: v.hasCoveredSpace,
        });
    const postcode = v.savedAddressId ? null : sub(postcodeInput, v.postcode ?? "", "postcode");
    if (v.override && (v.reason ?? "").length < 3) issue("reason", OVERRIDE_REASON);
    let amountMinor: number | null = null;
    if (v.payment === "manual") {
      if (!v.method) issue("method", "Choose how it was paid: cash, card terminal or bank transfer.");
      amountMinor = parseAmount(v.amount ?? "");
      if (amountMinor === Number.POSITIVE_INFINITY) {
        issue("amount", MONEY_TOO_LARGE);
        amountMinor = null;
      } else if (!Number.isFinite(amountMinor) || amountMinor <= 0) {
        issue("amount", "Enter the amount received, like 85.00.");
        amountMinor = null;
      }
      if (v.method === "bank_transfer" && !v.paymentReference)
        issue("paymentReference", "Enter the bank transfer's reference.");
    }
    return {
      run: v.run,
      customer:
        v.customerMode === "existing"
          ? { kind: "existing" as const, id: v.customerId ?? "" }
          : {
              kind: "new" as const,
              name: contact?.name ?? "",
              email: contact?.email ?? "",
              phone: contact?.phone ?? "",
              sendSetupLink: v.sendSetupLink,
            },
      savedVehicleId: v.savedVehicleId ?? null,
      vehicle,
      savedAddressId: v.savedAddressId ?? null,
      address,
      postcode,
      service: v.service,
      size: v.size ?? "",
      addons: cleanAddons(v.addons),
      more,
      start: v.start ?? new Date(0),
      teamId: v.teamId ?? "",
      override: v.override,
      reason: v.reason,
      payment: v.payment ?? ("on_the_day" as const),
      manual:
        v.payment === "manual" && v.method && amountMinor !== null
          ? { method: v.method, amountMinor, reference: v.paymentReference || null }
          : null,
      notes: v.notes || null,
      internalNotes: v.internalNotes || null,
    };
  });
export type PhoneBookingInput = z.output<typeof phoneBookingInput>;

/** The job a phone booking's price and times are for. */
export const phoneJobInput = z.object({
  service: z.string().trim().max(100).default(""),
  size: z.preprocess(emptyToUndefined, z.uuid().optional()),
  addons: z.array(z.string().max(100)).max(20).default([]),
  more: moreVehiclesInput(moreJobInput),
  postcode: z.string().trim().max(20).nullish(),
  /** A saved address's id instead of a postcode. */
  savedAddressId: optionalUuid("Choose one of the customer's addresses."),
  customerId: optionalUuid("Choose a customer."),
});
export type PhoneJobInput = z.infer<typeof phoneJobInput>;

export const phoneJobDayInput = phoneJobInput.extend({
  date: dateInput(),
});

export const customerSearchInput = z.object({
  q: z.string().trim().min(2, "Type at least 2 characters.").max(100, "Use at most 100 characters."),
});
export const customerIdInput = z.object({ customerId: z.uuid({ error: "Choose a customer." }) });
