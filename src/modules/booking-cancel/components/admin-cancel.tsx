"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form } from "@/components/ui/form/form";
import { Checkbox, Field, SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { type Common, decimal, useRun } from "@/modules/payments/components/admin-money-actions";
import { cancelWithRefundAction } from "../actions";

// *Cancel booking* on /admin/bookings/{id}: the business's reason, and the refund the policy gives (the
// admin may change it, up to what was paid); on account, the late fee it invoices, which the admin may waive.

export function CancelWithRefundButton(
  props: Common & {
    when: string;
    refundable: string;
    refundableMinor: number;
    policyRefundMinor: number;
    policyRefund: string;
    explanation: string;
    /** On account: the late fee cancelling now invoices (0 when none). */
    feeOwedMinor?: number;
    feeOwed?: string;
  },
) {
  const [open, setOpen] = useState(false);
  const run = useRun(cancelWithRefundAction, () => "Booking cancelled.");
  const money = props.refundableMinor > 0;
  const fee = (props.feeOwedMinor ?? 0) > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="danger-outline">Cancel booking</Button>}
      title={`Cancel ${props.reference}?`}
      description={`The booking for ${props.when} ends and its time is freed. ${props.customerName} is emailed with your reason${money ? " and the refund" : ""}.${money ? ` ${props.explanation} The policy refund is ${props.policyRefund}; you may change it, up to what was paid (${props.refundable}).` : fee ? ` ${props.explanation}` : " Nothing was paid."}`}
    >
      <Form
        action={run}
        extra={{ bookingId: props.bookingId, from: props.status, refundableMinor: props.refundableMinor }}
        onSuccess={() => setOpen(false)}
        aria-label="Cancel the booking"
      >
        <TextAreaField name="reason" label="Reason (the customer sees it)" rows={3} />
        {money ? (
          <Field
            name="amount"
            label="Refund (£)"
            inputMode="decimal"
            defaultValue={decimal(props.policyRefundMinor)}
            help="Sent through the provider the money came in by; cash and bank payments are recorded as handed back by you."
          />
        ) : (
          <input type="hidden" name="amount" value="0" />
        )}
        {fee && (
          <Checkbox
            name="chargeFee"
            label={`Charge the late-cancellation fee (${props.feeOwed})`}
            help="Untick to waive it: the invoice is then credited in full."
            defaultChecked
          />
        )}
        <SubmitButton variant="danger">
          {money ? "Cancel, refund and email" : "Cancel and email"}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
