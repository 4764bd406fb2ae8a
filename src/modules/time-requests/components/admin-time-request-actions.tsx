"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult } from "@/components/ui/form/form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import { toast } from "@/components/ui/overlay/toast";
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

function useRefreshing(action: (input: Record<string, unknown>) => Promise<FormResult>) {
  const router = useRouter();
  return async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await action(input);
    if (!res.ok && res.code === "CONFLICT") router.refresh();
    return res;
  };
}

export function AdminTimeRequestActions(p: AdminTimeRequestActionsProps) {
  const router = useRouter();
  const [proposeOpen, setProposeOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  // One form run per dialog opening: a double submit proposes once.
  const [run, setRun] = useState(() => crypto.randomUUID());
  const propose = useRefreshing(proposeTimeAction);
  const close = useRefreshing(closeTimeRequestAction);
  const loadDay = (date: string) => requestSlotDayAction({ requestId: p.requestId, date });
  return (
    <div className="flex flex-wrap gap-2">
      {p.canPropose && (
        <Dialog
          open={proposeOpen}
          onOpenChange={(open) => {
            setProposeOpen(open);
            if (open) setRun(crypto.randomUUID());
          }}
          className="max-w-2xl"
          trigger={<Button variant="primary">Propose a time</Button>}
          title={`Propose a time to ${p.customerName}`}
          description={`The time you pick is held for ${p.holdHours} hours (or until it starts) as a booking waiting for payment. ${p.customerName} is emailed it with a Pay button, and can decline it.`}
        >
          <Form
            action={propose}
            extra={{ requestId: p.requestId, run }}
            onSuccess={() => {
              setProposeOpen(false);
              toast.success("Proposed: the time is held and the customer is emailed.");
              router.refresh();
            }}
            aria-label="Propose a time"
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
          </Form>
        </Dialog>
      )}
      {p.canClose && (
        <Dialog
          open={closeOpen}
          onOpenChange={setCloseOpen}
          trigger={<Button variant="danger-outline">Close request</Button>}
          title="Close this request"
          description={`You can't arrange this visit. ${p.customerName} is emailed your reason.`}
        >
          <Form
            action={close}
            extra={{ requestId: p.requestId }}
            onSuccess={() => {
              setCloseOpen(false);
              toast.success("Closed: the customer is emailed your reason.");
              router.refresh();
            }}
            aria-label="Close the request"
          >
            <TextAreaField name="reason" label="Reason (sent to the customer)" rows={3} />
            <div className="mt-2">
              <SubmitButton variant="danger">Close and email the customer</SubmitButton>
            </div>
          </Form>
        </Dialog>
      )}
    </div>
  );
}
