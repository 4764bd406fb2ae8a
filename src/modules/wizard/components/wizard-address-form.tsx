"use client";

import { Field, Form, TextAreaField } from "@/components/ui/form/form";
import { type StepChoices, useStepForm, WizardSubmit } from "./wizard-run";

/**
 * The address step's form. The postcode is checked against the service area as the step is left (and
 * goes into the address bar, normalised); the lines stay in this tab. A signed-in customer's new
 * address is saved to their account with the booking. The site questions come later: a guest answers
 * them with their details, a signed-in customer on the review.
 */
export function WizardAddressForm({ choices, signedIn }: { choices: StepChoices; signedIn: boolean }) {
  const { ref, submit, pending } = useStepForm("address", choices, "address");
  return (
    <div ref={ref}>
      <Form action={submit} aria-label="Address">
        <div className="max-w-xs">
          <Field
            name="postcode"
            label="Postcode"
            autoComplete="postal-code"
            defaultValue={choices.postcode ?? ""}
            help="We check that we cover your area, and whether a travel fee applies."
          />
        </div>
        {signedIn && (
          <Field
            name="label"
            label="Name for this address"
            required={false}
            help="For example Home or Work."
          />
        )}
        <Field name="line1" label="Address line 1" autoComplete="address-line1" />
        <Field name="line2" label="Address line 2" autoComplete="address-line2" required={false} />
        <Field name="town" label="Town or city" autoComplete="address-level2" />
        <TextAreaField
          name="accessNotes"
          label="Parking and access"
          required={false}
          rows={2}
          help="Where to park, a gate code, which car it is…"
        />
        {signedIn && (
          <p className="mb-4 text-sm text-ink-muted">We&apos;ll save this address to your account.</p>
        )}
        <WizardSubmit pending={pending}>Continue</WizardSubmit>
      </Form>
    </div>
  );
}
