"use client";

import { controlClass } from "@/components/ui/form/control";
import { ControlledField } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";
import { FieldError } from "./phone-booking-parts";

type Named = { id: string; name: string };

export type JobChoicesProps = {
  /** Where the fields' messages are found: "" for the first vehicle, "more.<i>." for a further one. */
  prefix: string;
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
};

/** One vehicle's job: the service, the size (from the vehicle when saved) and the add-ons for that size. */
export function JobChoices(props: JobChoicesProps) {
  const field = (name: string) => `${props.prefix}${name}`;
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <ControlledField name={field("service")} label="Service">
          {({ control, invalid }) => (
            <select
              {...control}
              data-field={field("service")}
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
        <ControlledField name={field("size")} label="Vehicle size">
          {({ control, invalid }) => (
            <>
              <select
                {...control}
                data-field={field("size")}
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
                  data-field={field("addons")}
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
          <FieldError name={field("addons")} />
        </fieldset>
      )}
    </>
  );
}
