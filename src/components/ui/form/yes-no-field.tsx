"use client";

import { FieldMessage, useFieldWiring } from "./form-fields";

// A question answered yes, no or not sure (ADR 0015's form kit). The radios send "true" or "false"; "Not
// sure" sends "", and nothing chosen sends nothing — both "not answered" (null) to the schema, which is
// never read as "no". `defaultValue` null leaves "Not sure" chosen.

const CHOICES = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
  { value: "", label: "Not sure" },
] as const;

export function YesNoField({
  name,
  legend,
  defaultValue = null,
}: {
  name: string;
  legend: string;
  defaultValue?: boolean | null;
}) {
  const { id, errors, describedBy } = useFieldWiring(name);
  const chosen = defaultValue === null ? "" : String(defaultValue);
  return (
    <fieldset className="mb-3" aria-describedby={describedBy}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5">
        {CHOICES.map((c) => (
          <label key={c.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={c.value}
              defaultChecked={chosen === c.value}
              className="size-5 accent-brand"
            />
            {c.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} errors={errors} />
    </fieldset>
  );
}
