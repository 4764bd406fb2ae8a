"use client";

import { Form } from "@/components/ui/form/form";
import { Field, SelectField, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import { saveBusinessSettingsAction } from "../actions";
import type { BusinessChoices } from "../domain/choices";
import { type SettingsValues, SettingsSection, useLiveValues } from "./settings-form-parts";

/** `choices` come from the server (domain/choices `businessChoices`), never from the browser's Intl. */
export function BusinessSettingsForm({ s, choices }: { s: SettingsValues; choices: BusinessChoices }) {
  const { values, onChange } = useLiveValues({ timeZone: s.timeZone, currency: s.currency });
  return (
    <SettingsSection
      title="Business"
      description="Who you are: shown on every page, email and receipt, and used to read every time and price."
    >
      <Form action={saveBusinessSettingsAction} successMessage="Business details saved." refreshOnSuccess>
        <div onChange={onChange}>
          <Field
            name="businessName"
            label="Business name"
            defaultValue={s.businessName}
            autoComplete="organization"
          />
          <Field
            name="legalName"
            label="Legal name"
            required={false}
            defaultValue={s.legalName}
            help="Shown on receipts and the terms when it differs from the business name."
          />
          <Field name="contactEmail" label="Contact email" type="email" defaultValue={s.contactEmail} />
          <Field name="contactPhone" label="Contact phone" type="tel" defaultValue={s.contactPhone} />
          <TextAreaField name="baseAddress" label="Base address" rows={3} defaultValue={s.baseAddress} />
          <SelectField
            name="country"
            label="Country"
            defaultValue={s.country}
            options={choices.countries.map((c) => ({ value: c.code, label: c.name }))}
          />
          <SelectField
            name="timeZone"
            label="Time zone"
            defaultValue={s.timeZone}
            help="Opening hours, slots and every time shown to customers are read in this zone."
            options={choices.timeZones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
          />
          {values.timeZone !== s.timeZone && (
            <Notice kind="warning" className="mb-4">
              Existing bookings keep their exact moment: one at 10:00 in {s.timeZone.replaceAll("_", " ")}{" "}
              will show at the same instant in {String(values.timeZone).replaceAll("_", " ")}, which may be a
              different clock time. Opening hours stay as written and are read in the new zone.
            </Notice>
          )}
          <SelectField
            name="currency"
            label="Currency"
            defaultValue={s.currency}
            help="The currency of prices and payments."
            options={choices.currencies.map((c) => ({ value: c, label: c }))}
          />
          {values.currency !== s.currency && (
            <Notice kind="warning" className="mb-4">
              Prices are not converted: a price of 50 becomes 50 {String(values.currency)}. Existing bookings
              and payments keep their amounts in {s.currency}.
            </Notice>
          )}
        </div>
        <SubmitButton>Save business details</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
