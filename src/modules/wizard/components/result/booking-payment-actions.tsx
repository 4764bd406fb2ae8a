import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { cancelPendingBookingAction } from "@/modules/payments/actions";
import { PayButton } from "@/modules/payments/components/pay-button";
import type { BookingResult } from "../../server/result-page";

/** Pay (or Try again) and Cancel booking, for a booking still waiting for its online payment. */
export function BookingPaymentActions({ r }: { r: BookingResult }) {
  return (
    <>
      <PayButton reference={r.access.reference} token={r.access.token}>
        {r.page === "payment-cancelled" ? `Try again — pay ${r.view.dueNow}` : `Pay ${r.view.dueNow}`}
      </PayButton>
      <ConfirmActionButton
        action={cancelPendingBookingAction}
        input={{ reference: r.access.reference, token: r.access.token }}
        variant="danger-outline"
        size="lg"
        title={`Cancel booking ${r.view.reference}?`}
        description={`Nothing has been charged. The time we're holding for you${r.view.holdExpiresAtTime ? ` until ${r.view.holdExpiresAtTime}` : ""} is freed for other bookings, and you'd need to book again.`}
        confirmLabel="Yes, cancel the booking"
        cancelLabel="Keep it"
      >
        Cancel booking
      </ConfirmActionButton>
    </>
  );
}
