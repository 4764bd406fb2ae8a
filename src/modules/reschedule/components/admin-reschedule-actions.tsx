"use client";

import { Button } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { DialogForm } from "@/components/ui/overlay/dialog-form";
import { SubmitButton, TextAreaField } from "@/components/ui/form/form-fields";
import {
  approveRescheduleAction,
  counterOfferRescheduleAction,
  declineRescheduleAction,
  offerSlotDayAction,
} from "../reschedule-actions";
import { AdminSlotPicker, type PickerTeam } from "@/modules/booking-moves/components/admin-slot-picker";

// The business's answers to a pending reschedule request (/admin/reschedule-requests and the booking's
// admin page): Approve (the booking moves to the held time, the customer is emailed the new calendar
// file), Decline (a reason the customer reads), Offer another time (the admin slot picker, held the same
// way, with a message). A refusal — answered meanwhile, withdrawn, expired, taken — stays in the dialog
// with its reason, and the page refreshes to show what is true now.

export type RescheduleActionsProps = {
  requestId: string;
  reference: string;
  customerName: string;
  current: string;
  requested: string;
  /** The requested local date (the offer picker opens on it). */
  requestedDate: string;
  timeZone: string;
  teams: PickerTeam[];
};

export function AdminRescheduleActions(p: RescheduleActionsProps) {
  const loadDay = (date: string) => offerSlotDayAction({ requestId: p.requestId, date });

  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmActionButton
        action={approveRescheduleAction}
        input={{ requestId: p.requestId }}
        variant="primary"
        size="sm"
        title={`Move ${p.reference} to the requested time?`}
        description={
          <>
            {p.customerName}&rsquo;s booking moves from {p.current} to <strong>{p.requested}</strong>, on the
            team holding that time. The price stays the same; the customer is emailed the new time with an
            updated calendar file.
          </>
        }
        confirmLabel="Approve and move"
        cancelLabel="Not yet"
        successToast="Approved: the booking has moved and the customer is emailed."
      >
        Approve
      </ConfirmActionButton>

      <DialogForm
        trigger={
          <Button variant="danger-outline" size="sm">
            Decline
          </Button>
        }
        title={`Decline the request for ${p.reference}`}
        description={`The booking stays at ${p.current}, and the held time (${p.requested}) is freed. ${p.customerName} is emailed your reason.`}
        action={declineRescheduleAction}
        extra={{ requestId: p.requestId }}
        label="Decline the request"
        successToast="Declined: the customer is emailed your reason."
      >
        <TextAreaField name="reason" label="Reason (sent to the customer)" rows={3} />
        <div className="mt-4">
          <SubmitButton>Decline and email the customer</SubmitButton>
        </div>
      </DialogForm>

      <DialogForm
        className="max-w-2xl"
        trigger={
          <Button variant="secondary" size="sm">
            Offer another time
          </Button>
        }
        title={`Offer another time for ${p.reference}`}
        description={`Instead of ${p.requested}: the time you pick is held for ${p.customerName}, who can accept it (the booking moves) or decline it (the booking stays at ${p.current}).`}
        action={counterOfferRescheduleAction}
        extra={{ requestId: p.requestId }}
        label="Offer another time"
        successToast="Offer sent: the time is held until the customer answers."
      >
        <AdminSlotPicker
          loadDay={loadDay}
          initialDate={p.requestedDate}
          timeZone={p.timeZone}
          teams={p.teams}
          allowOverride={false}
        />
        <div className="mt-4">
          <TextAreaField name="message" label="Message to the customer" rows={2} />
        </div>
        <div className="mt-4">
          <SubmitButton>Hold this time and offer it</SubmitButton>
        </div>
      </DialogForm>
    </div>
  );
}
