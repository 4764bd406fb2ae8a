"use client";

import { MessageSquare, Phone } from "lucide-react";
import { Form } from "@/components/ui/form/form";
import { Field, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { textLinkClass } from "@/components/ui/link";
import { BookingStatusBadge } from "@/modules/bookings/components/booking-status-badge";
import { SiteCheckBadge } from "@/modules/bookings/components/site-check-badge";
import { JobCardFrame } from "@/modules/today/components/job-card-frame";
import { JobDoorDetails } from "@/modules/today/components/job-door-details";
import { recordDayPaymentAction, saveJobNotesAction, startJobAction } from "../actions";
import type { StaffJob } from "../server/staff-day";
import { CompleteJobDialog } from "./complete-job-dialog";
import { JobPhotos } from "./job-photos";
import { PaymentMethodFields } from "./payment-method-fields";
import { isIn, WORK_STATUSES } from "@/lib/enums";

// One job on a technician's phone: when, who (call, text), the car, the work, where (open in Maps), how
// to get in and what the site has, what to collect — then the buttons its status allows. Tomorrow's jobs
// are to read. Every button needs a connection: offline, the card says so and the buttons are disabled.

const digits = (phone: string) => phone.replace(/[^\d+]/g, "");
const link = textLinkClass({ weight: "semibold", touch: "always", className: "gap-1.5" });

function Contact({ job }: { job: StaffJob }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4">
      <span className="font-medium">{job.customerName}</span>
      {job.customerPhone && (
        <>
          <a href={`tel:${digits(job.customerPhone)}`} className={link}>
            <Phone aria-hidden="true" className="size-4" />
            Call
          </a>
          <a href={`sms:${digits(job.customerPhone)}`} className={link}>
            <MessageSquare aria-hidden="true" className="size-4" />
            Text
          </a>
        </>
      )}
    </div>
  );
}

function StatusButtons({ job }: { job: StaffJob }) {
  if (job.status === "confirmed")
    return (
      <Form
        action={startJobAction}
        extra={{ bookingId: job.id, from: job.status }}
        refreshOnSuccess
        successToast={`${job.reference} started.`}
        aria-label={`Start ${job.reference}`}
      >
        {job.startNeedsReason && (
          <Field
            name="overrideReason"
            label="Why start before the time?"
            help="This job is not due yet. The office sees your reason on the booking."
          />
        )}
        <SubmitButton>Start job</SubmitButton>
      </Form>
    );
  if (job.status === "in_progress") return <CompleteJobDialog job={job} />;
  return null;
}

function RecordPayment({ job }: { job: StaffJob }) {
  if (job.dueMinor <= 0 || !isIn(WORK_STATUSES, job.status)) return null;
  return (
    <details className="rounded-control border border-line p-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium">
        Record payment ({job.due})
      </summary>
      <Form
        action={recordDayPaymentAction}
        extra={{ bookingId: job.id, from: job.status }}
        refreshOnSuccess
        successToast="Payment recorded. The customer gets a receipt."
        className="mt-2"
        aria-label={`Record payment for ${job.reference}`}
      >
        <PaymentMethodFields />
        <Field
          name="amount"
          label="Amount taken"
          inputMode="decimal"
          defaultValue={(job.dueMinor / 100).toFixed(2)}
        />
        <Field
          name="reference"
          label="Card terminal receipt number"
          required={false}
          help="For card payments: the number on the terminal's receipt."
        />
        <SubmitButton>Record payment</SubmitButton>
      </Form>
    </details>
  );
}

function Notes({ job }: { job: StaffJob }) {
  return (
    <Form
      action={saveJobNotesAction}
      extra={{ bookingId: job.id }}
      refreshOnSuccess
      successToast="Notes saved."
      aria-label={`Notes for ${job.reference}`}
    >
      <TextAreaField
        name="notes"
        label="Job notes"
        required={false}
        rows={3}
        defaultValue={job.jobNotes ?? ""}
        help="What was done, anything the office or the customer should know."
      />
      <SubmitButton variant="secondary">Save notes</SubmitButton>
    </Form>
  );
}

export function StaffJobCard({ job, online }: { job: StaffJob; online: boolean }) {
  return (
    <JobCardFrame
      job={job}
      id={`job-${job.id}`}
      label={`${job.time} ${job.reference}`}
      heading={
        <>
          <span className="font-mono text-sm">{job.reference}</span>
          <BookingStatusBadge status={job.status} label={job.statusLabel} />
          <SiteCheckBadge answer={job.siteCheck.answer} />
        </>
      }
    >
      <p className="mt-1 text-sm text-ink-muted">{job.teamName}</p>
      <JobDoorDetails job={job} className="mt-3" contact={<Contact job={job} />} />
      {job.workable ? (
        <fieldset disabled={!online} className="mt-4 space-y-4 border-t border-line pt-4">
          <legend className="sr-only">Work on {job.reference}</legend>
          {!online && (
            <p role="status" className="rounded-control bg-warning-soft p-2 text-sm">
              You&apos;re offline. Starting, completing, payments, notes and photos need a connection.
            </p>
          )}
          <StatusButtons job={job} />
          <RecordPayment job={job} />
          <Notes job={job} />
          <JobPhotos job={job} online={online} />
        </fieldset>
      ) : (
        job.jobNotes && <p className="mt-3 text-sm">Notes: {job.jobNotes}</p>
      )}
    </JobCardFrame>
  );
}
