"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form/form";
import { Field, SubmitButton } from "@/components/ui/form/form-fields";
import { Dialog } from "@/components/ui/overlay/dialog";
import { completeJobAction } from "../actions";
import type { StaffJob } from "../server/staff-day";

// Completing a job on the phone is final, so it asks first and says what happens (what the use case
// really does): the status can't go back, the customer is emailed only when the job has photos (the
// "your job is done" email with the link to them), and completing takes no money — what is still due
// stays due. Before the booked start it asks why, as Start does (ADR 0043).

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const FINAL = "The job is marked Completed. This can't be undone.";

/** What else completing this job does: the customer's email, and the money. */
function consequences(job: StaffJob): string[] {
  const photos = job.photos.length;
  return [
    photos > 0
      ? `${job.customerName} is emailed that the job is done, with a link to its ${plural(photos, "photo")}.`
      : `No email goes to ${job.customerName}: the job has no photos. Add your after photos first.`,
    job.dueMinor > 0
      ? `${job.due} is still to pay. Completing doesn't take it: record it first if you collect it, or leave it to the office.`
      : "Nothing is left to pay.",
  ];
}

export function CompleteJobDialog({ job }: { job: StaffJob }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="primary">Complete job…</Button>}
      title={`Complete ${job.reference}?`}
      description={FINAL}
    >
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm">
        {consequences(job).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Form
        action={completeJobAction}
        extra={{ bookingId: job.id, from: job.status }}
        refreshOnSuccess
        onSuccess={() => setOpen(false)}
        successToast={`${job.reference} completed.`}
        aria-label={`Complete ${job.reference}`}
      >
        {job.completeNeedsReason && (
          <Field
            name="overrideReason"
            label="Why complete it before its booked time?"
            help={`This job was booked for ${job.time}. The office sees your reason on the booking.`}
          />
        )}
        <SubmitButton>Complete job</SubmitButton>
      </Form>
    </Dialog>
  );
}
