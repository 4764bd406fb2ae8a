"use client";

import { type ReactNode, useState } from "react";
import { Form } from "@/components/ui/form";
import { Checkbox, Field, SelectField, SubmitButton, TextAreaField } from "@/components/ui/form-fields";
import { Notice } from "@/components/ui/notice";
import { renderMarkdown } from "@/lib/markdown";
import type { PaymentMode } from "@/lib/enums";
import { routes } from "@/lib/routes";
import {
  saveBookingRulesAction,
  saveBusinessSettingsAction,
  saveNotificationSettingsAction,
  savePaymentSettingsAction,
  savePolicyTextsAction,
} from "../actions";
import {
  approvalSentence,
  cancellationSentence,
  holdSentence,
  noticeSentence,
  paymentSentence,
  type PolicySettings,
  rescheduleSentence,
} from "../domain/policy-facts";
import { BUSINESS_ALERTS, type BusinessChoices } from "../domain/choices";

// The tabs of /admin/settings. Each tab is its own form, saved on its own; where a value has an effect
// people should know about before saving (the zone, the currency), the form says so as it is chosen,
// and the booking rules show the sentences customers will read on the policy page as they are typed.

export type SettingsValues = PolicySettings & {
  businessName: string;
  legalName: string;
  contactEmail: string;
  contactPhone: string;
  baseAddress: string;
  country: string;
  currency: string;
  slotIntervalMinutes: number;
  bufferMinutes: number;
  rescheduleRequestExpiryHours: number;
  startLeadMinutes: number;
  adminNotificationEmail: string | null;
  alertNewBookings: boolean;
  alertCancellations: boolean;
  alertPayments: boolean;
  alertRefunds: boolean;
  emailSenderName: string | null;
  emailReplyTo: string | null;
  noShowFeePercent: number;
  vatRegistered: boolean;
  vatNumber: string;
  vatRateBp: number;
  policyTexts: { bookingPolicyIntro: string; privacyIntro: string; termsIntro: string; extraTerms: string };
};

/** The form's current values by name, updated as the person types (for previews and warnings). */
function useLiveValues(initial: Record<string, string | boolean>) {
  const [values, setValues] = useState(initial);
  const onChange = (event: React.FormEvent<HTMLDivElement>) => {
    const el = event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (!el.name) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    setValues((v) => ({ ...v, [el.name]: value }));
  };
  return { values, onChange };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-ink-muted">{description}</p>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** `choices` come from the server (domain/choices `businessChoices`), never from the browser's Intl. */
export function BusinessSettingsForm({ s, choices }: { s: SettingsValues; choices: BusinessChoices }) {
  const { values, onChange } = useLiveValues({ timeZone: s.timeZone, currency: s.currency });
  return (
    <Section
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
    </Section>
  );
}

const num = (v: string | boolean | undefined, fallback: number) => {
  const n = Number(v);
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(n) ? n : fallback;
};

export function BookingRulesForm({ s }: { s: SettingsValues }) {
  const { values, onChange } = useLiveValues({});
  const live: PolicySettings = {
    ...s,
    minNoticeMinutes: num(values.minNoticeMinutes, s.minNoticeMinutes),
    horizonDays: num(values.horizonDays, s.horizonDays),
    holdMinutes: num(values.holdMinutes, s.holdMinutes),
    approvalRequired:
      typeof values.approvalRequired === "boolean" ? values.approvalRequired : s.approvalRequired,
    freeCancellationHours: num(values.freeCancellationHours, s.freeCancellationHours),
    lateCancellationFeePercent: num(values.lateCancellationFeePercent, s.lateCancellationFeePercent),
    rescheduleCutoffHours: num(values.rescheduleCutoffHours, s.rescheduleCutoffHours),
    reminderLeadHours: num(values.reminderLeadHours, s.reminderLeadHours),
  };
  const sentences = [
    noticeSentence(live),
    approvalSentence(live),
    holdSentence(live),
    cancellationSentence(live),
    rescheduleSentence(live),
  ].filter(Boolean);
  return (
    <Section
      title="Booking rules"
      description="When people can book, how long a time is held, and what cancelling or moving costs. The booking policy page and the booking wizard follow these at once."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Form action={saveBookingRulesAction} successMessage="Booking rules saved." refreshOnSuccess>
          <div onChange={onChange} className="grid gap-x-4 sm:grid-cols-2">
            <Field
              name="slotIntervalMinutes"
              label="Slot interval (minutes)"
              inputMode="numeric"
              defaultValue={String(s.slotIntervalMinutes)}
              help="Start times are offered this often: 30 → 9:00, 9:30, 10:00."
            />
            <Field
              name="bufferMinutes"
              label="Buffer between jobs (minutes)"
              inputMode="numeric"
              defaultValue={String(s.bufferMinutes)}
              help="Kept free after each job for packing up and travel, on top of a zone's travel time."
            />
            <Field
              name="minNoticeMinutes"
              label="Minimum notice (minutes)"
              inputMode="numeric"
              defaultValue={String(s.minNoticeMinutes)}
              help="The earliest start offered is this long from now (720 = 12 hours)."
            />
            <Field
              name="horizonDays"
              label="Booking horizon (days)"
              inputMode="numeric"
              defaultValue={String(s.horizonDays)}
              help="How far ahead people can book. Bookings already made further out stay booked."
            />
            <Field
              name="holdMinutes"
              label="Payment hold (minutes)"
              inputMode="numeric"
              defaultValue={String(s.holdMinutes)}
              help="A time waiting for payment is kept this long, then freed for others."
            />
            <Field
              name="reminderLeadHours"
              label="Reminder lead time (hours)"
              inputMode="numeric"
              defaultValue={String(s.reminderLeadHours)}
              help="Customers get their reminder this long before the start."
            />
            <Field
              name="freeCancellationHours"
              label="Free cancellation window (hours)"
              inputMode="numeric"
              defaultValue={String(s.freeCancellationHours)}
              help="Cancelling at least this long before the start is free and refunded in full."
            />
            <Field
              name="lateCancellationFeePercent"
              label="Late-cancellation fee (%)"
              inputMode="numeric"
              defaultValue={String(s.lateCancellationFeePercent)}
              help="Of the booking total, kept when cancelling later — never more than was paid."
            />
            <Field
              name="rescheduleCutoffHours"
              label="Reschedule cut-off (hours)"
              inputMode="numeric"
              defaultValue={String(s.rescheduleCutoffHours)}
              help="Customers can ask for a new time until this long before the start."
            />
            <Field
              name="rescheduleRequestExpiryHours"
              label="Reschedule request waits (hours)"
              inputMode="numeric"
              defaultValue={String(s.rescheduleRequestExpiryHours)}
              help="An unanswered request, and the time held for it, lapse after this long (or at the cut-off, if sooner)."
            />
            <Field
              name="startLeadMinutes"
              label="Start a job early by up to (minutes)"
              inputMode="numeric"
              defaultValue={String(s.startLeadMinutes)}
              help="Start is offered from this long before a job's start (60 = an hour). Starting earlier asks for a reason, kept on the timeline."
            />
            <div className="sm:col-span-2">
              <Checkbox
                name="approvalRequired"
                label="Approve each booking before it is confirmed"
                defaultChecked={s.approvalRequired}
                help="New bookings wait for you in Today's queue; bookings already confirmed stay confirmed."
              />
            </div>
          </div>
          <SubmitButton>Save booking rules</SubmitButton>
        </Form>
        <aside
          aria-label="What customers will read"
          className="h-fit rounded-card border border-line bg-canvas p-4 text-sm"
        >
          <h3 className="font-semibold">What customers will read</h3>
          <ul className="mt-2 list-disc space-y-2 pl-5 text-ink-muted" aria-live="polite">
            {sentences.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </aside>
      </div>
    </Section>
  );
}

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
    <Section
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
    </Section>
  );
}

export function NotificationSettingsForm({ s, fromAddress }: { s: SettingsValues; fromAddress: string }) {
  return (
    <Section
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
          <legend className="text-sm font-medium">Alerts the business gets</legend>
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
    </Section>
  );
}

const POLICY_FIELDS = [
  { name: "bookingPolicyIntro", label: "Booking policy — introduction", page: routes.bookingPolicies },
  { name: "termsIntro", label: "Terms — introduction", page: routes.termsOfService },
  { name: "extraTerms", label: "Terms — extra terms", page: routes.termsOfService },
  { name: "privacyIntro", label: "Privacy notice — introduction", page: routes.privacyPolicy },
] as const;

export function PolicyTextsForm({ s }: { s: SettingsValues }) {
  const { values, onChange } = useLiveValues({ ...s.policyTexts });
  return (
    <Section
      title="Policy texts"
      description="Your own words on the policy pages, in Markdown (paragraphs, **bold**, lists, links). The rules themselves are written from the booking rules, so they always match."
    >
      <Form action={savePolicyTextsAction} successMessage="Policy texts saved." refreshOnSuccess>
        <div onChange={onChange} className="space-y-6">
          {POLICY_FIELDS.map((f) => (
            <div key={f.name} className="grid gap-4 lg:grid-cols-2">
              <TextAreaField
                name={f.name}
                label={f.label}
                rows={6}
                required={false}
                defaultValue={s.policyTexts[f.name]}
                help={`Shown on ${f.page}.`}
              />
              <div>
                <p className="text-sm font-medium" id={`${f.name}-preview`}>
                  Preview
                </p>
                <div
                  aria-labelledby={`${f.name}-preview`}
                  role="region"
                  className="prose-policy mt-1 min-h-24 rounded-control border border-line bg-canvas p-3 text-sm"
                  // Markdown rendered with raw HTML escaped and only safe links (lib/markdown).
                  dangerouslySetInnerHTML={{ __html: renderMarkdown(String(values[f.name] ?? "")) }}
                />
              </div>
            </div>
          ))}
        </div>
        <div className="mt-4">
          <SubmitButton>Save policy texts</SubmitButton>
        </div>
      </Form>
    </Section>
  );
}
