"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/overlay/confirm-dialog";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { toast } from "@/components/ui/overlay/toast";
import { formatDuration } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import {
  approveBookingAction,
  cancelBookingAsAdminAction,
  completeBookingAction,
  declineBookingAction,
  freeRemainingTimeAction,
  noShowBookingAction,
  startBookingAction,
} from "../admin-actions";
import type { AdminBookingVerb } from "../domain/admin-booking-actions";
import { earlyActionInWords, tooEarlyInWords } from "@/lib/job/job-clock";

// The lifecycle buttons of /admin/bookings/{id}. Each states its consequence before it happens; decline
// and cancel ask for the reason the customer will read. A page that was out of date is told what the
// booking is now and shows it (the refresh), whatever button was pressed.

type Props = {
  bookingId: string;
  /** The status this page showed: the server refuses the change if the booking has moved on. */
  status: BookingStatus;
  verbs: AdminBookingVerb[];
  reference: string;
  customerName: string;
  when: string;
  /** "£25.00" when money was paid (net of refunds); null when nothing was. */
  paid: string | null;
  awaitingPayment: boolean;
  /** The clock, in words, for the Start and Complete dialogs (ADR 0043). */
  jobClock: { sentence: string; earlyStart: boolean; earlyComplete: boolean; leadMinutes: number };
  /** A done job's remaining booked time the owner may free (ADR 0043); null when there is none. */
  freeable: { from: string; to: string; minutes: number } | null;
  /** Buttons other modules add beside these (the payments module's Cancel with its refund). */
  extra?: ReactNode;
};

type Action = (input: Record<string, unknown>) => Promise<FormResult>;

const SIMPLE: Record<"approve" | "start" | "no_show", Action> = {
  approve: approveBookingAction,
  start: startBookingAction,
  no_show: noShowBookingAction,
};

function useRun(action: Action, done: string) {
  const router = useRouter();
  return async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await action(input);
    if (res.ok) toast.success(done);
    else if (res.code === "CONFLICT") toast.error(res.message);
    // A refusal because the booking moved on shows the page as it is now.
    if (res.ok || res.code === "CONFLICT") router.refresh();
    return res;
  };
}

function SimpleAction({ verb, props }: { verb: keyof typeof SIMPLE; props: Props }) {
  const { bookingId, status, reference, customerName, when, awaitingPayment } = props;
  const text = {
    approve: {
      label: awaitingPayment ? "Confirm without online payment" : "Approve",
      title: awaitingPayment ? `Confirm ${reference} without its online payment?` : `Approve ${reference}?`,
      description: `${reference} becomes Confirmed for ${when}, and ${customerName} is emailed the confirmation with its calendar file.`,
      confirm: awaitingPayment ? "Confirm booking" : "Approve and email",
      done: "Booking confirmed.",
    },
    start: {
      label: "Start job",
      title: `Start ${reference}?`,
      description: `${props.jobClock.sentence} The job is marked In progress. Complete it when the work is done.`,
      confirm: "Start job",
      done: "Job started.",
    },
    no_show: {
      label: "Mark as missed",
      title: `Mark ${reference} as missed?`,
      description: `${customerName} was not there for ${when}. The booking ends as Missed; its booked time stays on the schedule. No email is sent and nothing is refunded.`,
      confirm: "Mark as missed",
      done: "Marked as missed.",
    },
  }[verb];
  const run = useRun(SIMPLE[verb], text.done);
  return (
    <ConfirmDialog
      trigger={<Button variant={verb === "no_show" ? "danger-outline" : "primary"}>{text.label}</Button>}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      tone={verb === "no_show" ? "danger" : "primary"}
      onConfirm={() => run({ bookingId, from: status })}
    />
  );
}

/**
 * Starting more than the business's lead before the job (ADR 0043) is an override: the dialog says when
 * the job is and asks why; the reason goes on the timeline and the audit log.
 */
function EarlyStartAction({ props }: { props: Props }) {
  const [open, setOpen] = useState(false);
  const { bookingId, status, reference, jobClock } = props;
  const run = useRun(startBookingAction, "Job started early.");
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Start early…</Button>}
      title={`Start ${reference} early?`}
      description={`${jobClock.sentence} Starting a job ${tooEarlyInWords(jobClock.leadMinutes)} needs a reason, kept on the booking's timeline.`}
    >
      <Form
        action={run}
        extra={{ bookingId, from: status }}
        onSuccess={() => setOpen(false)}
        aria-label="Start the job early"
      >
        <TextAreaField
          name="overrideReason"
          label="Why start it now?"
          rows={3}
          help="For example: the customer asked us to come early. Only the business sees this."
        />
        <SubmitButton>Start job now</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** The owner's explicit choice after a job ended early: give the rest of its booked time back. */
function FreeTimeAction({ props }: { props: Props }) {
  const { bookingId, status, reference, freeable } = props;
  const run = useRun(freeRemainingTimeAction, "The rest of the job's time is free for other bookings.");
  if (!freeable) return null;
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Free the rest of its time</Button>}
      title={`Free the rest of ${reference}'s time?`}
      description={`${reference} is done but its booked time runs until ${freeable.to}. ${freeable.from}–${freeable.to} (${formatDuration(freeable.minutes)}) becomes free for other bookings. The time already worked stays taken, and the change is kept on the timeline.`}
      confirmLabel="Free the time"
      onConfirm={() => run({ bookingId, from: status })}
    />
  );
}

/**
 * Completing asks for optional job notes: the customer reads them in the vehicle's service history.
 * Before the booked start (it was started early) it asks why, as an early start does (ADR 0043).
 */
function CompleteAction({ props }: { props: Props }) {
  const [open, setOpen] = useState(false);
  const { bookingId, status, reference, jobClock } = props;
  const run = useRun(completeBookingAction, "Job completed.");
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Complete job</Button>}
      title={`Complete ${reference}?`}
      description={
        status === "confirmed"
          ? `${props.jobClock.sentence} Nobody started it: it is recorded as started and completed in one step. This cannot be undone.`
          : `${props.jobClock.sentence} The job is marked Completed; its booked time stays on the schedule. This cannot be undone.${jobClock.earlyComplete ? ` ${earlyActionInWords("complete", jobClock.leadMinutes)} needs a reason, kept on the booking's timeline.` : ""}`
      }
    >
      <Form
        action={run}
        extra={{ bookingId, from: status }}
        onSuccess={() => setOpen(false)}
        aria-label="Complete the job"
      >
        {jobClock.earlyComplete && (
          <TextAreaField
            name="overrideReason"
            label="Why complete it before its booked time?"
            rows={2}
            help="Only the business sees this."
          />
        )}
        <TextAreaField
          name="jobNotes"
          label="Job notes (optional)"
          required={false}
          rows={3}
          help="What was done and anything you noticed. The customer sees these in the vehicle's service history."
        />
        <SubmitButton>Complete job</SubmitButton>
      </Form>
    </Dialog>
  );
}

function ReasonAction({ verb, props }: { verb: "decline" | "cancel"; props: Props }) {
  const [open, setOpen] = useState(false);
  const { bookingId, status, reference, customerName, when, paid } = props;
  const decline = verb === "decline";
  const run = useRun(
    decline ? declineBookingAction : cancelBookingAsAdminAction,
    decline ? "Booking declined." : "Booking cancelled.",
  );
  const money = paid
    ? ` ${customerName} has paid ${paid}: this does not refund it — refunds are issued separately.`
    : " Nothing was paid.";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="danger-outline">{decline ? "Decline" : "Cancel booking"}</Button>}
      title={decline ? `Decline ${reference}?` : `Cancel ${reference}?`}
      description={`${decline ? "The request" : "The booking"} for ${when} ends and its time is freed. ${customerName} is emailed with your reason.${money}`}
    >
      <Form
        action={run}
        extra={{ bookingId, from: status }}
        onSuccess={() => setOpen(false)}
        aria-label={decline ? "Decline the booking" : "Cancel the booking"}
      >
        <TextAreaField name="reason" label="Reason (the customer sees it)" rows={3} />
        <SubmitButton variant="danger">{decline ? "Decline and email" : "Cancel and email"}</SubmitButton>
      </Form>
    </Dialog>
  );
}

export function AdminBookingActions(props: Props) {
  if (props.verbs.length === 0 && !props.extra && !props.freeable)
    return <p className="text-sm text-ink-muted">This booking has ended: there is nothing more to do.</p>;
  return (
    <div className="flex flex-wrap gap-3">
      {props.verbs.map((verb) =>
        verb === "start" && props.jobClock.earlyStart ? (
          <EarlyStartAction key={verb} props={props} />
        ) : verb === "decline" || verb === "cancel" ? (
          <ReasonAction key={verb} verb={verb} props={props} />
        ) : verb === "complete" ? (
          <CompleteAction key={verb} props={props} />
        ) : (
          <SimpleAction key={verb} verb={verb} props={props} />
        ),
      )}
      <FreeTimeAction props={props} />
      {props.extra}
    </div>
  );
}
