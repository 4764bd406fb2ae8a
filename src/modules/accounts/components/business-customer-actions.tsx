"use client";

import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import type { FormResult } from "@/components/ui/form/form";
import { Checkbox, Field, TextAreaField } from "@/components/ui/form/form-fields";
import { DEFAULT_TERMS_DAYS } from "../domain/business-account";
import {
  addBusinessContactAction,
  removeBusinessContactAction,
  saveBusinessAction,
} from "../admin-customer-actions";
import { GarageDialog } from "./garage-dialog";

// The Business section of /admin/customers/{id} (ADR 0051): the company's details and terms, its contact
// people. "Back to a private customer" is passed in by the page: the payments module checks nothing is
// owed on account first.

export type BusinessDetails = {
  companyName: string;
  vatNumber: string | null;
  invoiceAddress: string;
  billingEmail: string;
  onAccount: boolean;
  paymentTermsDays: number;
};

export function BusinessDetailsButton({
  customerId,
  business,
  customerEmail,
}: {
  customerId: string;
  business: BusinessDetails | null;
  customerEmail: string;
}) {
  return (
    <GarageDialog
      trigger={business ? "Edit business details" : "Make this a business customer"}
      triggerVariant={business ? "secondary" : "primary"}
      title={business ? "Edit business details" : "Business customer"}
      description="Invoices are addressed to the company, with its VAT number, and emailed to its billing address."
      action={saveBusinessAction}
      extra={{ customerId }}
      submitLabel="Save business details"
      successToast="Business details saved."
    >
      <Field
        name="companyName"
        label="Company name"
        autoComplete="off"
        defaultValue={business?.companyName}
      />
      <Field
        name="vatNumber"
        label="VAT number"
        autoComplete="off"
        required={false}
        help="Printed on their invoices, like GB123456789."
        defaultValue={business?.vatNumber ?? ""}
      />
      <TextAreaField
        name="invoiceAddress"
        label="Invoice address"
        rows={3}
        defaultValue={business?.invoiceAddress ?? ""}
      />
      <Field
        name="billingEmail"
        label="Billing email"
        type="email"
        autoComplete="off"
        defaultValue={business?.billingEmail ?? customerEmail}
      />
      <Checkbox
        name="onAccount"
        label="Pays on account"
        help="Their bookings are confirmed without a card; each is invoiced at once and listed under Receivables until paid."
        defaultChecked={business?.onAccount ?? false}
      />
      <Field
        name="paymentTermsDays"
        label="Payment terms (days)"
        inputMode="numeric"
        help="How many days an invoice on account has to be paid, from the day it is issued."
        defaultValue={String(business?.paymentTermsDays ?? DEFAULT_TERMS_DAYS)}
      />
    </GarageDialog>
  );
}

export function AddContactButton({ customerId }: { customerId: string }) {
  return (
    <GarageDialog
      trigger="Add contact"
      title="Add a contact"
      description="Someone to deal with at the company: the fleet manager, the accounts office. Give an email address or a phone number."
      action={addBusinessContactAction}
      extra={{ customerId }}
      submitLabel="Add contact"
      successToast="Contact added."
    >
      <Field name="name" label="Name" autoComplete="off" />
      <Field name="role" label="Role" autoComplete="off" required={false} help="Like Fleet manager." />
      <Field name="email" label="Email" type="email" autoComplete="off" required={false} />
      <Field name="phone" label="Phone" type="tel" autoComplete="off" required={false} />
    </GarageDialog>
  );
}

export function RemoveContactButton({
  customerId,
  contactId,
  name,
}: {
  customerId: string;
  contactId: string;
  name: string;
}) {
  return (
    <ConfirmActionButton
      action={removeBusinessContactAction}
      input={{ customerId, contactId }}
      title={`Remove ${name}?`}
      description="They are no longer listed as a contact at this company."
      confirmLabel="Remove contact"
      successToast="Contact removed."
    >
      Remove<span className="sr-only"> {name}</span>
    </ConfirmActionButton>
  );
}

export function RemoveBusinessButton({
  customerId,
  companyName,
  remove,
}: {
  customerId: string;
  companyName: string;
  remove: (input: { customerId: string }) => Promise<FormResult>;
}) {
  return (
    <ConfirmActionButton
      action={remove}
      input={{ customerId }}
      title="Change to a private customer?"
      description={`${companyName}'s details and contacts are removed, and new bookings are paid as any customer's. Invoices already issued keep what they say.`}
      confirmLabel="Change to private"
      successToast="Now a private customer."
    >
      Change to a private customer
    </ConfirmActionButton>
  );
}
