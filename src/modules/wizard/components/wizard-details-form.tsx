"use client";

import { Field, Form, PhoneField } from "@/components/ui/form/form";
import { SiteQuestionFields } from "@/modules/accounts/components/site-questions";
import { TeamNotesField } from "./wizard-fields";
import { type StepChoices, useStepForm, WizardSubmit } from "./wizard-run";

/** A guest's details: who to contact, and what the site has (we bring our own water and power). */
export function WizardDetailsForm({ choices }: { choices: StepChoices }) {
  const { ref, submit, pending } = useStepForm("details", choices, "contact");
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
        <PhoneField help="So we can reach you on the day." />
        <TeamNotesField />
        <SiteQuestionFields legend="At the address" />
        <WizardSubmit pending={pending}>Continue</WizardSubmit>
      </Form>
    </div>
  );
}
