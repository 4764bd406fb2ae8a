"use client";

import { Field } from "@/components/ui/form/form-fields";
import { Part, SavedChoices } from "./phone-booking-parts";
import { JobChoices, type JobChoicesProps } from "./phone-job-choices";

/**
 * The vehicle (a saved one, or typed in) and the job: service, size (from the vehicle when saved) and
 * the add-ons offered for that size. The form holds the choices: the price and the free times follow.
 */
export function PhoneJobPart(
  props: Omit<JobChoicesProps, "prefix"> & {
    formId: string;
    /** "Vehicle and job", or "Vehicle 1" once the visit has more. */
    title: string;
    savedVehicles: { id: string; label: string; sizeId: string }[];
    vehicleId: string;
    onVehicle: (vehicle: { id: string; sizeId: string } | null) => void;
    /** A new vehicle's fields (a new customer, or "Another vehicle"). */
    newVehicle: boolean;
  },
) {
  return (
    <Part title={props.title}>
      {props.savedVehicles.length > 0 && (
        <SavedChoices
          legend="Vehicle"
          name={`${props.formId}-vehicle`}
          field="savedVehicleId"
          items={props.savedVehicles}
          value={props.vehicleId}
          onPick={(id) => props.onVehicle(props.savedVehicles.find((v) => v.id === id) ?? null)}
          other="Another vehicle"
        />
      )}
      {props.newVehicle && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field name="make" label="Make" autoComplete="off" />
          <Field name="model" label="Model" autoComplete="off" />
          <Field name="registration" label="Registration" autoComplete="off" />
          <Field name="colour" label="Colour" required={false} autoComplete="off" />
        </div>
      )}
      <JobChoices prefix="" {...props} />
    </Part>
  );
}
