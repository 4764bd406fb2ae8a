"use client";

import { Form } from "@/components/ui/form/form";
import { Checkbox, Field, SubmitButton } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";
import { saveNotificationSettingsAction } from "../actions";
import { BUSINESS_ALERTS } from "../domain/choices";
import { type SettingsValues, SettingsSection } from "./settings-form-parts";

export function NotificationSettingsForm({ s, fromAddress }: { s: SettingsValues; fromAddress: string }) {
  return (
    <SettingsSection
      title="Notifications"
      description="Where the business's alerts go and how emails to customers look in their inbox."
    >
      <Form
        action={saveNotificationSettingsAction}
        successMessage="Notification settings saved."
        refreshOnSuccess
      >
        <Field
          name="adminNotificationEmail"
          label="Alert address"
          type="email"
          required={false}
          defaultValue={s.adminNotificationEmail ?? ""}
          help={`The business's alerts go here. Empty: ${s.contactEmail}.`}
        />
        <fieldset className="mb-4">
          <Legend>Alerts the business gets</Legend>
          <p className="mt-1 text-sm text-ink-muted">
            Problems that need you — a refund that failed, a payment that didn&apos;t match its booking — are
            always sent.
          </p>
          <div className="mt-2">
            {BUSINESS_ALERTS.map((a) => (
              <Checkbox key={a.name} name={a.name} label={a.label} help={a.help} defaultChecked={s[a.name]} />
            ))}
          </div>
        </fieldset>
        <Field
          name="emailSenderName"
          label="Sender name"
          required={false}
          defaultValue={s.emailSenderName ?? ""}
          help={`The name customers see. Emails are sent from ${fromAddress}, the address your mail server allows.`}
        />
        <Field
          name="emailReplyTo"
          label="Replies go to"
          type="email"
          required={false}
          defaultValue={s.emailReplyTo ?? ""}
          help={`When a customer replies to an email. Empty: ${s.contactEmail}.`}
        />
        <SubmitButton>Save notification settings</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
