import "server-only";
import type { DbOrTx } from "@/server/db";
import { AppError, type FieldErrors } from "@/server/errors";
import type { AddressDetails, ContactDetails, VehicleDetails, WizardStepInput } from "../book-schemas";
import { resolveChoices } from "@/modules/pricing/domain/booking-choices";
import { type WizardState, wizardHref } from "../domain/wizard-state";
import { loadBookingCatalogue } from "@/modules/bookings/server";

// Leaving a step that asks for details (vehicle, address, the guest's details) is checked here, so a
// mistake is shown under its field at once rather than at the end. Nothing is stored: the answer is the
// normalised values (kept in the browser tab) and the next step's address (the choices, in the URL).

export type StepResult = {
  redirectTo: string;
  values: VehicleDetails | (AddressDetails & { postcode: string }) | ContactDetails;
};

export async function checkWizardStep(db: DbOrTx, input: WizardStepInput): Promise<StepResult> {
  const state: Partial<WizardState> = {
    service: input.service,
    size: input.size ?? null,
    vehicle: input.vehicle ?? null,
    addons: input.addons,
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
