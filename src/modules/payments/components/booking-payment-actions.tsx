import { ActionButton } from "@/components/ui/action-button";
import type { BookingResult } from "@/modules/bookings/server";
import { cancelPendingBookingAction } from "../actions";
import { PayButton } from "./pay-button";

/** Pay (or Try again) and Cancel booking, for a booking still waiting for its online payment. */
export function bookingPaymentActions(r: BookingResult) {
  return (
    <>
      <PayButton reference={r.access.reference} token={r.access.token}>
        {r.page === "payment-cancelled" ? `Try again — pay ${r.view.dueNow}` : `Pay ${r.view.dueNow}`}
      </PayButton>
      <ActionButton
        action={cancelPendingBookingAction}
        input={{ reference: r.access.reference, token: r.access.token }}
        variant="danger"
        confirm="Cancel this booking and release the time?"
        confirmLabel="Yes, cancel it"
      >
        Cancel booking
      </ActionButton>
    </>
  );
}
