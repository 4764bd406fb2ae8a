"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { parseMoreVehicles, wizardHref } from "../domain/wizard-state";
import { Field, Form, type FormResult } from "@/components/ui/form/form";
import { Legend } from "@/components/ui/form/label";
import { type StepChoices, useStepForm, WizardSubmit } from "./wizard-run";

export type SizeChoice = {
  id: string;
  name: string;
  description: string;
  examples: string;
  /** "£40.00 · 1 h 15 min" for this package; null = not offered for this size. */
  price: string | null;
};

/** The vehicle step's form (a guest, or a signed-in customer adding a vehicle): size, then the car. */
export function WizardVehicleForm({
  choices,
  sizes,
  serviceName,
  saveNote,
}: {
  choices: StepChoices;
  sizes: SizeChoice[];
  serviceName: string;
  saveNote?: string;
}) {
  const { ref, submit, pending } = useStepForm("vehicle", choices, "vehicle");
  const [sizeError, setSizeError] = useState<string | null>(null);
  const router = useRouter();
  // The size is a choice, so it goes into the address bar as soon as it is picked: a refresh (or a step
  // back later) keeps it, and the summary beside the step shows its price. What is typed stays here.
  const chooseSize = (size: string) =>
    router.replace(
      wizardHref(
        { ...choices, more: parseMoreVehicles(choices.more), vehicle: null },
        { size, step: "vehicle" },
      ),
      { scroll: false },
    );
  const action = async (values: Record<string, unknown>): Promise<FormResult> => {
    setSizeError(null);
    const result = await submit(values);
    if (!result.ok) setSizeError(result.fieldErrors?.size?.[0] ?? null);
    return result;
  };
  return (
    <div ref={ref}>
      <Form action={action} aria-label="Your vehicle">
        <fieldset className="mb-6" aria-describedby={sizeError ? "size-error" : "size-help"}>
          <Legend>Size</Legend>
          <p id="size-help" className="mt-1 text-sm text-ink-muted">
            Choose the closest match — the price depends on the size.
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {sizes.map((s) => (
              <label
                key={s.id}
                className={`flex min-h-11 items-start gap-3 rounded-control border bg-surface p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft ${
                  s.price ? "cursor-pointer border-line-strong" : "border-line text-ink-muted"
                }`}
              >
                <input
                  type="radio"
                  name="size"
                  value={s.id}
                  defaultChecked={choices.size === s.id}
                  onChange={(e) => {
                    if (e.currentTarget.checked) chooseSize(s.id);
                  }}
                  disabled={!s.price}
                  className="mt-0.5 size-5 shrink-0 accent-brand"
                />
                <span className="flex-1">
                  <span className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-semibold text-ink">{s.name}</span>
                    <span className="tabular">{s.price ?? `Not offered for ${serviceName}`}</span>
                  </span>
                  {s.description && <span className="block text-ink-muted">{s.description}</span>}
                  {s.examples && <span className="block text-ink-muted">e.g. {s.examples}</span>}
                </span>
              </label>
            ))}
          </div>
          {sizeError && (
            <p id="size-error" className="mt-1 text-sm text-danger">
              {sizeError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field name="make" label="Make" help="For example Volkswagen." />
          <Field name="model" label="Model" help="For example Golf." />
          <Field
            name="registration"
            label="Registration"
            autoComplete="off"
            help="As on the number plate, like LB19 XKT."
          />
          <Field name="colour" label="Colour" required={false} />
        </div>
        {saveNote && <p className="mb-4 text-sm text-ink-muted">{saveNote}</p>}
        <div className="mt-2">
          <WizardSubmit pending={pending}>Continue</WizardSubmit>
        </div>
      </Form>
    </div>
  );
}
