"use client";

import { controlClass } from "@/components/ui/form/control";
import { ControlledField, Field } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";
import { FieldError, Part, SavedChoices } from "./phone-booking-parts";

type Named = { id: string; name: string };

/**
 * The vehicle (a saved one, or typed in) and the job: service, size (from the vehicle when saved) and
 * the add-ons offered for that size. The form holds the choices: the price and the free times follow.
 */
export function PhoneJobPart(props: {
  formId: string;
  savedVehicles: { id: string; label: string; sizeId: string }[];
  vehicleId: string;
  onVehicle: (vehicle: { id: string; sizeId: string } | null) => void;
  /** A new vehicle's fields (a new customer, or "Another vehicle"). */
  newVehicle: boolean;
  packages: { slug: string; name: string; categoryName: string }[];
  service: string;
  onService: (slug: string) => void;
  sizes: Named[];
  size: string;
  onSize: (id: string) => void;
  /** The pricing's refusal of the chosen size ("not offered for this service"). */
  sizeProblem?: string;
  addonChoices: { slug: string; name: string }[];
  addons: string[];
  onAddons: (update: (list: string[]) => string[]) => void;
}) {
  return (
    <Part title="Vehicle and job">
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
      <div className="grid gap-x-4 sm:grid-cols-2">
        <ControlledField name="service" label="Service">
          {({ control, invalid }) => (
            <select
              {...control}
              data-field="service"
              value={props.service}
              onChange={(e) => props.onService(e.target.value)}
              className={`${controlClass(invalid)} min-h-11`}
            >
              {props.packages.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.categoryName}: {p.name}
                </option>
              ))}
            </select>
          )}
        </ControlledField>
        <ControlledField name="size" label="Vehicle size">
          {({ control, invalid }) => (
            <>
              <select
                {...control}
                data-field="size"
                value={props.size}
                onChange={(e) => props.onSize(e.target.value)}
                className={`${controlClass(invalid)} min-h-11`}
              >
                <option value="">Choose a size</option>
                {props.sizes.map((z) => (
                  <option key={z.id} value={z.id}>
                    {z.name}
                  </option>
                ))}
              </select>
              {props.sizeProblem && props.size && (
                <p className="mt-1 text-sm text-danger">{props.sizeProblem}</p>
              )}
            </>
          )}
        </ControlledField>
      </div>
      {props.addonChoices.length > 0 && (
        <fieldset className="mb-2">
          <Legend>Add-ons</Legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
            {props.addonChoices.map((a) => (
              <label key={a.slug} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  data-field="addons"
                  checked={props.addons.includes(a.slug)}
                  onChange={(e) =>
                    props.onAddons((list) =>
                      e.target.checked ? [...list, a.slug] : list.filter((x) => x !== a.slug),
                    )
                  }
                  className="size-5 accent-brand"
                />
                {a.name}
              </label>
            ))}
          </div>
          <FieldError name="addons" />
        </fieldset>
      )}
    </Part>
  );
}
