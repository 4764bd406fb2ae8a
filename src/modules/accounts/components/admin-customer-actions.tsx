"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult, SubmitButton } from "@/components/ui/form/form";
import { CheckboxGroup, Field, TextAreaField } from "@/components/ui/form/form-fields";
import {
  reactivateCustomerAction,
  saveCustomerNotesAction,
  sendCustomerSetupLinkAction,
  updateCustomerContactAction,
} from "../admin-customer-actions";
import { GarageDialog } from "./garage-dialog";

// The buttons of /admin/customers/{id}. Deactivation is passed in by the page (the payments module
// composes it, as it cancels bookings through the admin cancel path).

export function EditContactButton(props: {
  customerId: string;
  name: string;
  email: string;
  phone: string | null;
}) {
  return (
    <GarageDialog
      trigger="Edit contact details"
      title="Edit contact details"
      description="A new email address is not used until the customer confirms it: we email them a link, and tell the current address."
      action={updateCustomerContactAction}
      extra={{ customerId: props.customerId }}
      submitLabel="Save contact details"
      successToast="Contact details saved."
    >
      <Field name="name" label="Name" autoComplete="off" defaultValue={props.name} />
      <Field name="email" label="Email" type="email" autoComplete="off" defaultValue={props.email} />
      <Field
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="off"
        required={false}
        defaultValue={props.phone ?? ""}
      />
    </GarageDialog>
  );
}

export function NotesForm({ customerId, notes }: { customerId: string; notes: string | null }) {
  return (
    <Form
      action={saveCustomerNotesAction}
      extra={{ customerId }}
      refreshOnSuccess
      successMessage="Notes saved."
      aria-label="Internal notes"
      className="mt-3"
    >
      <TextAreaField
        name="notes"
        label="Notes (only the business sees these)"
        required={false}
        defaultValue={notes ?? ""}
        rows={4}
      />
      <SubmitButton>Save notes</SubmitButton>
    </Form>
  );
}

export function SendSetupLinkButton({ customerId, email }: { customerId: string; email: string }) {
  return (
    <ConfirmActionButton
      action={sendCustomerSetupLinkAction}
      input={{ customerId }}
      title="Send a set-up link?"
      description={`We email ${email} a link to choose a password (it works once, for 7 days). Any earlier link stops working.`}
      confirmLabel="Send the link"
      successToast="Set-up link sent."
      variant="secondary"
    >
      Send set-up link
    </ConfirmActionButton>
  );
}

export function ReactivateButton({ customerId }: { customerId: string }) {
  return (
    <ConfirmActionButton
      action={reactivateCustomerAction}
      input={{ customerId }}
      title="Reactivate this customer?"
      description="They can sign in and book again with their email. Bookings cancelled when they were deactivated stay cancelled."
      confirmLabel="Reactivate"
      successToast="Customer reactivated."
      variant="secondary"
    >
      Reactivate
    </ConfirmActionButton>
  );
}

type Upcoming = { id: string; label: string };

export function DeactivateButton({
  customerId,
  name,
  upcoming,
  deactivate,
}: {
  customerId: string;
  name: string;
  upcoming: Upcoming[];
  deactivate: (values: Record<string, unknown>) => Promise<FormResult>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`Deactivate ${name}?`}
      description="They are signed out everywhere at once, can't sign in or book with this email, and are told to contact you. You can reactivate them later."
      trigger={
        <Button variant="danger-outline" size="sm">
          Deactivate
        </Button>
      }
    >
      <Form
        action={deactivate}
        extra={{ customerId }}
        refreshOnSuccess
        successToast="Customer deactivated."
        onSuccess={() => setOpen(false)}
        aria-label="Deactivate customer"
      >
        {upcoming.length > 0 ? (
          <CheckboxGroup
            name="cancelBookingIds"
            legend={
              upcoming.length === 1 ? "Their upcoming booking" : `Their ${upcoming.length} upcoming bookings`
            }
            help="Ticked bookings are cancelled (the customer is emailed, and refunded as the cancellation policy says); the others are kept."
            options={upcoming.map((b) => ({ value: b.id, label: `Cancel ${b.label}` }))}
            className="[&>div]:flex-col"
          />
        ) : (
          <p className="mb-4 text-sm text-ink-muted">They have no upcoming bookings.</p>
        )}
        <TextAreaField
          name="reason"
          label="Reason"
          help="Kept on their record; a cancelled booking's email gives it to the customer."
          required={upcoming.length > 0}
          rows={2}
        />
        <SubmitButton variant="danger">Deactivate</SubmitButton>
      </Form>
    </Dialog>
  );
}
