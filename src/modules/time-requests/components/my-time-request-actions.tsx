"use client";

import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { declineProposalAction, withdrawTimeRequestAction } from "../time-request-actions";

// The customer's answers on their request's page: decline the proposed time (it is freed, and the business
// looks again), or withdraw the request (no time is needed any more; a proposed time is freed too).

export function MyTimeRequestActions({
  requestId,
  canDecline,
  canWithdraw,
  proposed,
}: {
  requestId: string;
  canDecline: boolean;
  canWithdraw: boolean;
  /** The proposed time, in words, when there is one. */
  proposed: string | null;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {canDecline && (
        <ConfirmActionButton
          action={declineProposalAction}
          input={{ requestId }}
          variant="secondary"
          title="Decline this time?"
          description={`${proposed ?? "The proposed time"} is released, and we'll look for another time on the days that suit you.`}
          confirmLabel="Decline this time"
          cancelLabel="Keep it"
          successToast="Declined: we'll look for another time."
        >
          Decline this time
        </ConfirmActionButton>
      )}
      {canWithdraw && (
        <ConfirmActionButton
          action={withdrawTimeRequestAction}
          input={{ requestId }}
          variant="danger-outline"
          title="Withdraw your request?"
          description={
            proposed
              ? `You no longer need a time for this visit: the time we proposed (${proposed}) is released.`
              : "You no longer need a time for this visit. We won't propose one."
          }
          confirmLabel="Withdraw request"
          cancelLabel="Keep my request"
          successToast="Your request is withdrawn."
        >
          Withdraw request
        </ConfirmActionButton>
      )}
    </div>
  );
}
