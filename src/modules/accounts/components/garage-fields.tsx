import { SiteQuestionFields } from "./site-questions";
import { Field, SelectField, TextAreaField } from "@/components/ui/form/form";
import type { AddressSnapshot } from "@/server/db/schema";

// The fields of a saved vehicle and a saved address: the same labels and help as the booking wizard.

export type VehicleFieldValues = {
  make: string;
  model: string;
  registration: string;
  colour: string | null;
  year: number | null;
  vehicleSizeId: string;
  notes: string | null;
};

export function VehicleFields({
  sizes,
  values,
}: {
  sizes: { id: string; name: string; examples: string }[];
  values?: VehicleFieldValues;
}) {
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="make" label="Make" autoComplete="off" defaultValue={values?.make} />
        <Field name="model" label="Model" autoComplete="off" defaultValue={values?.model} />
        <Field
          name="registration"
          label="Registration"
          autoComplete="off"
          help="Like LB19 XKT."
          defaultValue={values?.registration}
        />
        <Field
          name="colour"
          label="Colour"
          autoComplete="off"
          required={false}
          defaultValue={values?.colour ?? ""}
        />
        <Field
          name="year"
          label="Year"
          inputMode="numeric"
          autoComplete="off"
          required={false}
          defaultValue={values?.year ? String(values.year) : ""}
        />
      </div>
      <SelectField
        name="vehicleSizeId"
        label="Size"
        placeholder="Choose a size"
        help="The size sets the price of each service."
        options={sizes.map((s) => ({
          value: s.id,
          label: s.examples ? `${s.name} — ${s.examples}` : s.name,
        }))}
        defaultValue={values?.vehicleSizeId}
      />
      <TextAreaField
        name="notes"
        label="Notes for the team"
        required={false}
        rows={2}
        help="Anything about the vehicle itself, like a roof box or a dog hair problem."
        defaultValue={values?.notes ?? ""}
      />
    </>
  );
}

// The same fields a booking keeps of its address.
export type AddressFieldValues = AddressSnapshot;

export function AddressFields({ values }: { values?: AddressFieldValues }) {
  return (
    <>
      <Field
        name="label"
        label="Name for this address"
        required={false}
        autoComplete="off"
        help="Like Home or Work."
        defaultValue={values?.label}
      />
      <Field name="line1" label="Address line 1" autoComplete="address-line1" defaultValue={values?.line1} />
      <Field
        name="line2"
        label="Address line 2"
        autoComplete="address-line2"
        required={false}
        defaultValue={values?.line2 ?? ""}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="town" label="Town or city" autoComplete="address-level2" defaultValue={values?.town} />
        <Field name="postcode" label="Postcode" autoComplete="postal-code" defaultValue={values?.postcode} />
      </div>
      <TextAreaField
        name="accessNotes"
        label="Access and parking notes"
        required={false}
        rows={2}
        help="Gate codes, where to park, where the car will be."
        defaultValue={values?.accessNotes ?? ""}
      />
      <SiteQuestionFields
        legend="At this address"
        values={values}
        help="We bring what you don't have, so tell us what is there."
      />
    </>
  );
}
