import "server-only";
import type { DbOrTx } from "@/server/db";
import { AppError, type FieldErrors } from "@/server/errors";
import {
  type AddressDetails,
  type ContactDetails,
  type VehicleDetails,
  vehicleDetailsInput,
  type WizardStepInput,
} from "../book-schemas";
import { resolveChoices } from "@/modules/pricing/domain/booking-choices";
import { bundleRuleOf } from "@/modules/pricing/domain/visit-choices";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type MoreVehicle, parseMoreVehicles, type WizardState, wizardHref } from "../domain/wizard-state";
import { ALREADY_IN_VISIT, repeatedRegistrations, resolveWizardVisit } from "../domain/wizard-visit";
import { listSaved, loadBookingCatalogue } from "@/modules/bookings/server";

// Leaving a step that asks for details (vehicle, address, the guest's details) is checked here, so a
// mistake is shown under its field at once rather than at the end. Nothing is stored: the answer is the
// normalised values (kept in the browser tab) and the next step's address (the choices, in the URL).

export type StepResult = {
  redirectTo: string;
  /** For a further vehicle, null when it is a saved one (nothing typed to keep). */
  values: VehicleDetails | (AddressDetails & { postcode: string }) | ContactDetails | null;
};

export async function checkWizardStep(
  db: DbOrTx,
  input: WizardStepInput,
  actor: { id: string } | null = null,
): Promise<StepResult> {
  const state: Partial<WizardState> = {
    service: input.service,
    size: input.size ?? null,
    vehicle: input.vehicle ?? null,
    addons: input.addons,
    more: parseMoreVehicles(input.more),
    postcode: input.postcode ?? null,
    address: input.address ?? null,
    run: input.run,
  };
  const catalogue = await loadBookingCatalogue(db);
  const fail = (fieldErrors: FieldErrors) => {
    throw new AppError("VALIDATION", undefined, fieldErrors);
  };
  switch (input.step) {
    case "vehicle": {
      const c = resolveChoices(catalogue, {
        service: input.service,
        sizeId: input.size,
        addons: [],
        postcode: null,
      });
      if (c.errors.service) throw new AppError("VALIDATION", c.errors.service);
      if (c.errors.size) fail({ size: [c.errors.size] });
      const { make, model, registration, colour } = input;
      return {
        redirectTo: wizardHref({ ...state, size: input.size, vehicle: null }, { step: "addons" }),
        values: { make, model, registration, colour },
      };
    }
    case "vehicles":
      return checkMoreVehicle(db, input, { ...state, more: parseMoreVehicles(input.more) }, actor);
    case "address": {
      const c = resolveChoices(catalogue, {
        service: null,
        sizeId: null,
        addons: [],
        postcode: input.postcode,
      });
      if (c.errors.postcode) fail({ postcode: [c.errors.postcode] });
      const { postcode, label, line1, line2, town, accessNotes, hasWater, hasPower, hasCoveredSpace } = input;
      return {
        redirectTo: wizardHref({ ...state, postcode, address: null }, { step: "time" }),
        values: { postcode, label, line1, line2, town, accessNotes, hasWater, hasPower, hasCoveredSpace },
      };
    }
    case "details": {
      const { name, email, phone, notes, hasWater, hasPower, hasCoveredSpace } = input;
      return {
        redirectTo: wizardHref(
          { ...state, date: input.date ?? null, start: input.start ?? null },
          { step: "review" },
        ),
        values: { name, email, phone, notes, hasWater, hasPower, hasCoveredSpace },
      };
    }
  }
}

type MoreVehicleStep = Extract<WizardStepInput, { step: "vehicles" }>;

/** Which of the add form's fields a problem of the added vehicle belongs to. */
const ADD_FIELD: Record<string, string> = {
  vehicle: "addVehicle",
  size: "addSize",
  service: "addService",
  addons: "addAddons",
};

/**
 * Adding a vehicle to the visit: it must be usable for its package (its size offered, its add-ons allowed),
 * a saved one the customer's own and not in the visit yet, a typed one complete and not a registration the
 * visit already has, and the visit within the business's limit. Answers the URL with it added.
 */
async function checkMoreVehicle(
  db: DbOrTx,
  input: MoreVehicleStep,
  state: Partial<WizardState> & { more: MoreVehicle[] },
  actor: { id: string } | null,
): Promise<StepResult> {
  const [settings, catalogue, saved] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    actor ? listSaved(db, actor.id) : null,
  ]);
  const errors: FieldErrors = {};
  const added: MoreVehicle = {
    size: input.addVehicle ? null : (input.addSize ?? null),
    vehicle: input.addVehicle ?? null,
    service: input.addService ?? null,
    addons: input.addService ? input.addAddons : [],
  };
  let details: VehicleDetails | null = null;
  if (!input.addVehicle) {
    if (!input.addSize) errors.addSize = ["Choose the vehicle's size."];
    const typed = vehicleDetailsInput.safeParse(input);
    if (typed.success) details = typed.data;
    else for (const issue of typed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  }
  const own = saved?.vehicles ?? [];
  const firstSaved = input.vehicle ? own.find((v) => v.id === input.vehicle) : undefined;
  const at = state.more.length;
  const r = resolveWizardVisit(catalogue, {
    first: {
      service: input.service,
      sizeId: firstSaved?.vehicleSizeId ?? input.size ?? null,
      addons: input.addons ?? [],
      postcode: null,
    },
    firstVehicleId: firstSaved?.id ?? null,
    more: [...state.more, added],
    saved: own,
    bundle: bundleRuleOf(settings),
    maxVehicles: settings.maxVehiclesPerBooking,
  });
  if (r.errors.more) throw new AppError("VALIDATION", r.errors.more);
  if (r.errors.service) throw new AppError("VALIDATION", r.errors.service);
  for (const [field, name] of Object.entries(ADD_FIELD)) {
    const message = r.errors[`more.${at}.${field}`];
    if (message && !(field === "size" && errors.addSize)) (errors[name] ??= []).push(message);
  }
  const registration = r.vehicles[at]?.saved?.registration ?? details?.registration ?? null;
  const others = [
    ...input.otherRegistrations,
    ...r.vehicles.slice(0, at).flatMap((v) => v.saved?.registration ?? []),
  ];
  if (firstSaved) others.push(firstSaved.registration);
  if (registration && repeatedRegistrations([...others, registration]).includes(others.length))
    (errors[input.addVehicle ? "addVehicle" : "registration"] ??= []).push(ALREADY_IN_VISIT);
  if (Object.keys(errors).length) throw new AppError("VALIDATION", undefined, errors);
  return {
    redirectTo: wizardHref({ ...state, more: [...state.more, added] }, { step: "vehicles" }),
    values: details,
  };
}
