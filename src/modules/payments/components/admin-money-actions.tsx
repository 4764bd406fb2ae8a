"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/overlay/confirm-dialog";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult } from "@/components/ui/form/form";
import { Checkbox, Field, SelectField, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { toast } from "@/components/ui/overlay/toast";
import type { BookingStatus } from "@/lib/enums";
import {
  adjustPriceAction,
  recordPaymentAction,
  refundBookingAction,
  sendPaymentLinkAction,
} from "../admin-actions";

// The money buttons of /admin/bookings/{id}. Each says what will happen before it does; a page that was
// out of date is told what the booking is now and shows it (the refresh), whatever button was pressed.

type Action = (input: Record<string, unknown>) => Promise<FormResult>;

/** Runs a money action: a toast for the outcome, and the page read again when it changed or was stale. */
export function useRun(action: Action, done: (res: FormResult) => string) {
  const router = useRouter();
  return async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await action(input);
    if (res.ok) toast.success(done(res));
    else if (res.code === "CONFLICT") toast.error(res.message);
    if (res.ok || res.code === "CONFLICT") router.refresh();
    return res;
  };
}

/** Minor units as the amount a money field shows ("12.50"). */
export const decimal = (minor: number) => (minor / 100).toFixed(2);

export type Common = { bookingId: string; status: BookingStatus; reference: string; customerName: string };

export function RecordPaymentButton(props: Common & { due: string; dueMinor: number }) {
  const [open, setOpen] = useState(false);
  const run = useRun(recordPaymentAction, () => "Payment recorded.");
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="primary">Record a payment</Button>}
      title={`Record a payment for ${props.reference}`}
      description={`Money ${props.customerName} paid the business directly. It is added to what was paid${props.status === "pending_payment" ? "; once what is due is covered the booking is confirmed" : ""}, and the customer is emailed a receipt. ${props.due} is due.`}
    >
      <Form
        action={run}
        extra={{ bookingId: props.bookingId, from: props.status }}
        onSuccess={() => setOpen(false)}
        aria-label="Record a payment"
      >
        <SelectField
          name="method"
          label="How they paid"
          defaultValue="cash"
          options={[
            { value: "cash", label: "Cash" },
            { value: "card", label: "Card terminal" },
            { value: "bank_transfer", label: "Bank transfer" },
          ]}
        />
        <Field
          name="amount"
          label="Amount (£)"
          inputMode="decimal"
          defaultValue={props.dueMinor > 0 ? decimal(props.dueMinor) : ""}
        />
        <Field
          name="reference"
          label="Reference"
          required={false}
          help="The card terminal's receipt number or the bank transfer's reference (not needed for cash)."
        />
        <Checkbox
          name="moreThanDue"
          label="The customer paid more than is due"
          help="Only tick this to record more than the amount due (an advance or a tip)."
        />
        <SubmitButton>Record payment and email receipt</SubmitButton>
      </Form>
    </Dialog>
  );
}

export type RefundReasonChoice = { kind: string; label: string; limitMinor: number; limit: string };

const REASON_HELP: Record<string, string> = {
  goodwill: "Goodwill or price adjustment lowers the price by as much, so it never leaves anything to pay.",
  overpayment: "Overpayment gives back money paid above the price.",
  cancellation: "Cancellation refund gives back money paid above the fee the cancellation kept.",
};

export function RefundButton(
  props: Common & { refundable: string; refundableMinor: number; reasons: RefundReasonChoice[] },
) {
  const [open, setOpen] = useState(false);
  const run = useRun(refundBookingAction, () => "Refund made.");
  const first = props.reasons[0];
  if (!first) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="danger-outline">Refund</Button>}
      title={`Refund ${props.reference}`}
      description={`Up to ${props.refundable} can be refunded from the payments. Card and test payments are refunded through their provider (newest payment first); cash, card-terminal and bank payments are recorded as handed back by you. The booking's status does not change.`}
    >
      <Form
        action={run}
        extra={{ bookingId: props.bookingId, refundableMinor: props.refundableMinor }}
        onSuccess={() => setOpen(false)}
        aria-label="Refund the customer"
      >
        <SelectField
          name="reasonKind"
          label="Why the money goes back"
          defaultValue={first.kind}
          options={props.reasons.map((r) => ({ value: r.kind, label: `${r.label} (up to ${r.limit})` }))}
          help={props.reasons.map((r) => REASON_HELP[r.kind]).join(" ")}
        />
        <Field
          name="amount"
          label="Amount to refund (£)"
          inputMode="decimal"
          defaultValue={decimal(first.limitMinor)}
        />
        <TextAreaField
          name="reason"
          label="Reason (kept on the timeline)"
          help="The customer sees it in the refund email."
          rows={2}
        />
        <SubmitButton variant="danger">Refund now</SubmitButton>
      </Form>
    </Dialog>
  );
}

export function AdjustPriceButton(props: Common & { charge: string; chargeMinor: number; limit: string }) {
  const [open, setOpen] = useState(false);
  const run = useRun(adjustPriceAction, () => "Price adjusted.");
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Adjust price</Button>}
      title={`Adjust the price of ${props.reference}`}
      description={`Take a discount off the price ${props.customerName} pays (now ${props.charge}), up to ${props.limit}. If they already paid more than the new price, the difference can then be refunded as an overpayment.`}
    >
      <Form
        action={run}
        extra={{
          bookingId: props.bookingId,
          from: props.status,
          chargeShownMinor: props.chargeMinor,
        }}
        onSuccess={() => setOpen(false)}
        aria-label="Adjust the price"
      >
        <Field name="amount" label="Discount (£)" inputMode="decimal" />
        <TextAreaField
          name="reason"
          label="Reason (the customer sees it on their booking and receipt)"
          rows={2}
        />
        <SubmitButton variant="primary">Lower the price</SubmitButton>
      </Form>
    </Dialog>
  );
}

export function PaymentLinkButton(props: Common & { amount: string; what: string; email: string }) {
  const run = useRun(sendPaymentLinkAction, () => `Payment link sent to ${props.email}.`);
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Send a payment link</Button>}
      title={`Email ${props.customerName} a link to pay ${props.amount}?`}
      description={`${props.email} is emailed a link to pay ${props.what} of ${props.amount} online, through the business's payment provider. When they pay, it is added to what was paid${props.status === "pending_payment" ? " and the booking is confirmed" : ""}.`}
      confirmLabel="Send the link"
      onConfirm={() => run({ bookingId: props.bookingId, from: props.status })}
    />
  );
}
