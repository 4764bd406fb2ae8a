"use client";

import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { ControlledField } from "@/components/ui/form/form-fields";
import { Part, SavedChoices } from "./phone-booking-parts";
import { JobChoices } from "./phone-job-choices";

// A further vehicle of the visit (ADR 0050): a saved one of the customer's or one typed in, and its own
// job. The form holds its values (they are sent as `more`), so its fields are controlled, and the server's
// messages for it are found under `more.<i>.<field>`.

export type MoreVehicle = {
  key: string;
  savedVehicleId: string;
  make: string;
  model: string;
  registration: string;
  colour: string;
  service: string;
  size: string;
  addons: string[];
};

type Offer = { sizeIds: string[]; addons: Record<string, { slug: string; name: string }[]> };

/** The further vehicle as the server reads it (add-ons not offered for its size left out). */
export function moreVehicleInput(v: MoreVehicle, offers: Record<string, Offer>) {
  const offered = (v.size && offers[v.service]?.addons[v.size]) || [];
  return {
    savedVehicleId: v.savedVehicleId,
    make: v.make,
    model: v.model,
    registration: v.registration,
    colour: v.colour || null,
    service: v.service,
    size: v.size,
    addons: v.addons.filter((a) => offered.some((o) => o.slug === a)),
  };
}

export function PhoneMoreVehiclePart(props: {
  formId: string;
  index: number;
  value: MoreVehicle;
  onChange: (patch: Partial<MoreVehicle>) => void;
  onRemove: () => void;
  /** The customer's saved vehicles not already in the visit (and this one's own choice). */
  savedVehicles: { id: string; label: string; sizeId: string }[];
  packages: { slug: string; name: string; categoryName: string }[];
  sizes: { id: string; name: string }[];
  offers: Record<string, Offer>;
  sizeProblem?: string;
}) {
  const v = props.value;
  const prefix = `more.${props.index}.`;
  const offer = props.offers[v.service];
  const text = (field: "make" | "model" | "registration" | "colour", label: string, required = true) => (
    <ControlledField name={`${prefix}${field}`} label={label} required={required}>
      {({ control, invalid }) => (
        <input
          {...control}
          data-field={`${prefix}${field}`}
          autoComplete="off"
          value={v[field]}
          onChange={(e) => props.onChange({ [field]: e.target.value })}
          className={`${controlClass(invalid)} min-h-11`}
        />
      )}
    </ControlledField>
  );
  const title = `Vehicle ${props.index + 2}`;
  return (
    <Part title={title}>
      <div className="-mt-1 mb-3 flex justify-end">
        <Button
          size="sm"
          variant="ghost"
          onClick={props.onRemove}
          aria-label={`Remove ${title.toLowerCase()}`}
        >
          Remove
        </Button>
      </div>
      {props.savedVehicles.length > 0 && (
        <SavedChoices
          legend="Vehicle"
          name={`${props.formId}-vehicle-${v.key}`}
          field={`${prefix}savedVehicleId`}
          items={props.savedVehicles}
          value={v.savedVehicleId}
          onPick={(id) => {
            const saved = props.savedVehicles.find((s) => s.id === id);
            props.onChange(saved ? { savedVehicleId: id, size: saved.sizeId } : { savedVehicleId: "" });
          }}
          other="Another vehicle"
        />
      )}
      {v.savedVehicleId === "" && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          {text("make", "Make")}
          {text("model", "Model")}
          {text("registration", "Registration")}
          {text("colour", "Colour", false)}
        </div>
      )}
      <JobChoices
        prefix={prefix}
        packages={props.packages}
        service={v.service}
        onService={(service) => props.onChange({ service })}
        sizes={props.sizes.filter((z) => offer?.sizeIds.includes(z.id))}
        size={v.size}
        onSize={(size) => props.onChange({ size })}
        sizeProblem={props.sizeProblem}
        addonChoices={(v.size && offer?.addons[v.size]) || []}
        addons={v.addons}
        onAddons={(update) => props.onChange({ addons: update(v.addons) })}
      />
    </Part>
  );
}
