"use client";

import { Form } from "@/components/ui/form/form";
import { Checkbox, Field, SubmitButton } from "@/components/ui/form/form-fields";
import { saveBookingRulesAction } from "../actions";
import {
  approvalSentence,
  cancellationSentence,
  holdSentence,
  noticeSentence,
  type PolicySettings,
  rescheduleSentence,
} from "../domain/policy-facts";
import { num, type SettingsValues, SettingsSection, useLiveValues } from "./settings-form-parts";

/** The numbers of the booking rules, in the order they are asked (two columns from sm). */
const RULE_FIELDS = [
  {
    name: "slotIntervalMinutes",
    label: "Slot interval (minutes)",
    help: "Start times are offered this often: 30 → 9:00, 9:30, 10:00.",
  },
  {
    name: "bufferMinutes",
    label: "Buffer between jobs (minutes)",
    help: "Kept free after each job for packing up and travel, on top of a zone's travel time.",
  },
  {
    name: "minNoticeMinutes",
    label: "Minimum notice (minutes)",
    help: "The earliest start offered is this long from now (720 = 12 hours).",
  },
  {
    name: "horizonDays",
    label: "Booking horizon (days)",
    help: "How far ahead people can book. Bookings already made further out stay booked.",
  },
  {
    name: "holdMinutes",
    label: "Payment hold (minutes)",
    help: "A time waiting for payment is kept this long, then freed for others.",
  },
  {
    name: "reminderLeadHours",
    label: "Reminder lead time (hours)",
    help: "Customers get their reminder this long before the start.",
  },
  {
    name: "freeCancellationHours",
    label: "Free cancellation window (hours)",
    help: "Cancelling at least this long before the start is free and refunded in full.",
  },
  {
    name: "lateCancellationFeePercent",
    label: "Late-cancellation fee (%)",
    help: "Of the booking total, kept when cancelling later — never more than was paid.",
  },
  {
    name: "rescheduleCutoffHours",
    label: "Reschedule cut-off (hours)",
    help: "Customers can ask for a new time until this long before the start.",
  },
  {
    name: "rescheduleRequestExpiryHours",
    label: "Reschedule request waits (hours)",
    help: "An unanswered request, and the time held for it, lapse after this long (or at the cut-off, if sooner).",
  },
  {
    name: "startLeadMinutes",
    label: "Start a job early by up to (minutes)",
    help: "Start is offered from this long before a job's start (60 = an hour). Starting earlier asks for a reason, kept on the timeline.",
  },
] as const satisfies readonly { name: keyof SettingsValues; label: string; help: string }[];

/** Several vehicles in one visit (ADR 0050): the limit and the bundle rule, shown on the visit as one line. */
const VISIT_FIELDS = [
  {
    name: "maxVehiclesPerBooking",
    label: "Most vehicles in one visit",
    help: "A family's cars or a fleet's vans, booked together at one address and one time.",
  },
  {
    name: "bundleMinutesSavedPerExtraVehicle",
    label: "Minutes saved per extra vehicle",
    help: "Setting up once: taken off the visit's time for each vehicle after the first.",
  },
  {
    name: "bundleSecondVehiclePercent",
    label: "Second vehicle's discount (%)",
    help: "Off the second dearest vehicle's work. 0 for none.",
  },
  {
    name: "bundleLaterVehiclePercent",
    label: "Third and later vehicles' discount (%)",
    help: "Off each further vehicle's work (the cheapest get the larger discount).",
  },
] as const satisfies readonly { name: keyof SettingsValues; label: string; help: string }[];

/** A group of whole-number settings, each with its label and help, showing the saved value. */
function NumberFields({
  fields,
  s,
}: {
  fields: readonly { name: keyof SettingsValues; label: string; help: string }[];
  s: SettingsValues;
}) {
  return fields.map((f) => (
    <Field
      key={f.name}
      name={f.name}
      label={f.label}
      inputMode="numeric"
      defaultValue={String(s[f.name])}
      help={f.help}
    />
  ));
}

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
    <SettingsSection
      title="Booking rules"
      description="When people can book, how long a time is held, and what cancelling or moving costs. The booking policy page and the booking wizard follow these at once."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Form action={saveBookingRulesAction} successMessage="Booking rules saved." refreshOnSuccess>
          <div onChange={onChange} className="grid gap-x-4 sm:grid-cols-2">
            <NumberFields fields={RULE_FIELDS} s={s} />
            <div className="sm:col-span-2">
              <Checkbox
                name="approvalRequired"
                label="Approve each booking before it is confirmed"
                defaultChecked={s.approvalRequired}
                help="New bookings wait for you in Today's queue; bookings already confirmed stay confirmed."
              />
            </div>
            <h3 className="mt-2 mb-3 text-base font-semibold sm:col-span-2">Several vehicles in one visit</h3>
            <NumberFields fields={VISIT_FIELDS} s={s} />
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
    </SettingsSection>
  );
}
