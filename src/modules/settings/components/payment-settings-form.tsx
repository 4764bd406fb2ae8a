"use client";

import { Form } from "@/components/ui/form/form";
import { Checkbox, Field, SelectField, SubmitButton } from "@/components/ui/form/form-fields";
import { Notice } from "@/components/ui/notice";
import type { PaymentMode } from "@/lib/enums";
import { savePaymentSettingsAction } from "../actions";
import { paymentSentence } from "../domain/policy-facts";
import { num, type SettingsValues, SettingsSection, useLiveValues } from "./settings-form-parts";

const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  full: "The full price online, when booking",
  deposit: "A deposit online, the balance on the day",
  on_the_day: "Nothing online: everything on the day",
};

export function PaymentSettingsForm({
  s,
  provider,
}: {
  s: SettingsValues;
  provider: { label: string; detail: string; lastWebhook: string | null; webhookProblem: string | null };
}) {
  const { values, onChange } = useLiveValues({
    paymentMode: s.paymentMode,
    vatRegistered: s.vatRegistered,
  });
  const mode = values.paymentMode as PaymentMode;
  return (
    <SettingsSection
      title="Payments"
      description="What customers pay online when they book, and who takes the money."
    >
      <dl className="mb-6 grid gap-2 rounded-card border border-line bg-canvas p-4 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium">Provider</dt>
        <dd>
          <span className="font-medium">{provider.label}</span>
          <span className="block text-ink-muted">{provider.detail}</span>
        </dd>
        <dt className="font-medium">Webhooks</dt>
        <dd>
          {provider.lastWebhook ?? "No event received yet."}
          {provider.webhookProblem && <span className="block text-danger">{provider.webhookProblem}</span>}
        </dd>
      </dl>
      <Form action={savePaymentSettingsAction} successMessage="Payment settings saved." refreshOnSuccess>
        <div onChange={onChange}>
          <SelectField
            name="paymentMode"
            label="Customers pay"
            defaultValue={s.paymentMode}
            options={Object.entries(PAYMENT_MODE_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Field
            name="depositPercent"
            label="Deposit (%)"
            inputMode="numeric"
            defaultValue={String(s.depositPercent)}
            help={
              mode === "deposit"
                ? "Of the booking total, rounded up to the penny."
                : "Used only when customers pay a deposit."
            }
          />
          <Field
            name="noShowFeePercent"
            label="No-show charge (%)"
            inputMode="numeric"
            defaultValue={String(s.noShowFeePercent)}
            help="Of the price, kept when a booking is marked missed. 100 keeps the full price."
          />
          <fieldset className="mb-4 rounded-card border border-line p-4">
            <legend className="px-1 text-sm font-semibold">VAT</legend>
            <Checkbox
              name="vatRegistered"
              label="We are VAT registered"
              help="Customers get a VAT invoice when they pay, and a credit note when money goes back."
              defaultChecked={s.vatRegistered}
            />
            <Field
              name="vatNumber"
              label="VAT number"
              defaultValue={s.vatNumber}
              autoComplete="off"
              help={
                values.vatRegistered
                  ? "Printed on every invoice, like GB 123 4567 89."
                  : "Needed only when you are VAT registered."
              }
            />
            <Field
              name="vatRate"
              label="Standard rate (%)"
              inputMode="decimal"
              defaultValue={String(s.vatRateBp / 100)}
            />
            <p className="text-sm text-ink-muted">
              Prices include VAT: what a customer pays is the invoice&apos;s total, VAT included.
            </p>
          </fieldset>
          <Notice kind="neutral" className="mb-4">
            {paymentSentence({
              ...s,
              paymentMode: mode,
              depositPercent: num(values.depositPercent, s.depositPercent),
            })}{" "}
            Bookings already made keep what they were sold with.
          </Notice>
        </div>
        <SubmitButton>Save payment settings</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
