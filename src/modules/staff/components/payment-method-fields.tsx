"use client";

import { FieldMessage, useFieldWiring } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";

/** Cash or the card terminal: what a technician can take on the day (a bank transfer is the office's). */
export function PaymentMethodFields() {
  const { id, errors, describedBy } = useFieldWiring("method");
  return (
    <fieldset className="mb-4" aria-describedby={describedBy}>
      <Legend>How did they pay?</Legend>
      <div className="mt-2 flex flex-wrap gap-x-5">
        {[
          { value: "cash", label: "Cash" },
          { value: "card", label: "Card terminal" },
        ].map((o, i) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="method"
              value={o.value}
              defaultChecked={i === 0}
              className="size-5 accent-brand"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} errors={errors} />
    </fieldset>
  );
}
