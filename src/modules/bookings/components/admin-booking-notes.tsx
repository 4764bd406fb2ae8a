"use client";

import { Form } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { saveInternalNotesAction } from "../admin-actions";

/** Notes for the business only: never shown to the customer. */
export function AdminBookingNotes({ bookingId, notes }: { bookingId: string; notes: string | null }) {
  return (
    <Form
      action={saveInternalNotesAction}
      extra={{ bookingId }}
      refreshOnSuccess
      successToast="Internal notes saved."
      aria-label="Internal notes"
    >
      <TextAreaField
        name="notes"
        label="Internal notes"
        help="Only admins see these."
        required={false}
        defaultValue={notes ?? ""}
        rows={4}
      />
      <SubmitButton>Save notes</SubmitButton>
    </Form>
  );
}
