"use client";

import { useRef } from "react";
import { Checkbox, Field, Form, TextAreaField } from "@/components/ui/form";
import { type StepChoices, useRestoreFields, useStepSubmit, WizardSubmit } from "./wizard-run";

/** A guest's details: who to contact, and what the site has (we bring our own water and power). */
export function WizardDetailsForm({ choices }: { choices: StepChoices }) {
  const ref = useRef<HTMLDivElement>(null);
  useRestoreFields(ref, choices.run, "contact");
  const { submit, pending } = useStepSubmit("details", choices, "contact");
  return (
    <div ref={ref}>
      <Form action={submit} aria-label="Your details">
        <Field name="name" label="Your name" autoComplete="name" />
        <Field
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          help="Your confirmation goes here."
        />
        <Field
          name="phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          help="So we can reach you on the day."
        />
        <TextAreaField
          name="notes"
          label="Notes for the team"
          required={false}
          rows={3}
          help="Anything we should know about the vehicle or the visit."
        />
        <fieldset className="mb-4">
          <legend className="text-sm font-medium">At the address</legend>
          <p className="mt-1 text-sm text-ink-muted">
            We bring our own water and power; knowing what&apos;s there helps us plan.
          </p>
          <div className="mt-2">
            <Checkbox name="hasWater" label="There's an outside tap we can use" />
            <Checkbox name="hasPower" label="There's a power socket within reach" />
            <Checkbox name="hasCoveredSpace" label="There's covered space (a garage or carport)" />
          </div>
        </fieldset>
        <WizardSubmit pending={pending}>Continue</WizardSubmit>
      </Form>
    </div>
  );
}
