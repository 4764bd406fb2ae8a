"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogForm } from "@/components/ui/overlay/dialog-form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { AdminSlotPicker, type PickerTeam } from "@/modules/booking-moves/components/admin-slot-picker";
import { closeTimeRequestAction, proposeTimeAction, requestSlotDayAction } from "../time-request-actions";

// The business's answers to a request for a time (/admin/time-requests/{id}): Propose a time — the admin
// slot picker over the request's visit (its work, travel buffer and breaks), held as a booking waiting for
// the customer's payment, emailed with its Pay link — or Close (it can't be arranged; the customer is
// emailed the reason). A refusal (taken meanwhile, changed meanwhile) stays in the dialog with its reason.

export type AdminTimeRequestActionsProps = {
  requestId: string;
  customerName: string;
  canPropose: boolean;
  canClose: boolean;
  pickerDate: string;
  timeZone: string;
  teams: PickerTeam[];
  holdHours: number;
};

export function AdminTimeRequestActions(p: AdminTimeRequestActionsProps) {
  // One form run per dialog opening: a double submit proposes once.
  const [run, setRun] = useState(() => crypto.randomUUID());
  const loadDay = (date: string) => requestSlotDayAction({ requestId: p.requestId, date });
  return (
    <div className="flex flex-wrap gap-2">
      {p.canPropose && (
        <DialogForm
          onOpen={() => setRun(crypto.randomUUID())}
          className="max-w-2xl"
          trigger={<Button variant="primary">Propose a time</Button>}
          title={`Propose a time to ${p.customerName}`}
          description={`The time you pick is held for ${p.holdHours} hours (or until it starts) as a booking waiting for payment. ${p.customerName} is emailed it with a Pay button, and can decline it.`}
          action={proposeTimeAction}
          extra={{ requestId: p.requestId, run }}
          label="Propose a time"
          successToast="Proposed: the time is held and the customer is emailed."
        >
          <AdminSlotPicker
            loadDay={loadDay}
            initialDate={p.pickerDate}
            timeZone={p.timeZone}
            teams={p.teams}
            allowOverride={false}
          />
          <div className="mt-4">
            <TextAreaField name="message" label="Message to the customer" required={false} rows={2} />
          </div>
          <div className="mt-2">
            <SubmitButton>Hold this time and email it</SubmitButton>
          </div>
        </DialogForm>
      )}
      {p.canClose && (
        <DialogForm
          trigger={<Button variant="danger-outline">Close request</Button>}
          title="Close this request"
          description={`You can't arrange this visit. ${p.customerName} is emailed your reason.`}
          action={closeTimeRequestAction}
          extra={{ requestId: p.requestId }}
          label="Close the request"
          successToast="Closed: the customer is emailed your reason."
        >
          <TextAreaField name="reason" label="Reason (sent to the customer)" rows={3} />
          <div className="mt-2">
            <SubmitButton variant="danger">Close and email the customer</SubmitButton>
          </div>
        </DialogForm>
      )}
    </div>
  );
}
