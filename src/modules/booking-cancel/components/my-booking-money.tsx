import { cardClass } from "@/components/ui/card";
import type { BookingView } from "@/modules/bookings/server";
import { payBalanceAction } from "@/modules/payments/actions";
import { PayButton } from "@/modules/payments/components/pay-button";
import type { MyCancelOffer } from "../server";
import { CustomerCancelButton } from "./customer-cancel";
import { isIn, WORK_STATUSES } from "@/lib/enums";

/** What the Cancel button's dialog shows and sends back. */
export const cancelButtonOffer = (offer: MyCancelOffer) => ({
  bookingId: offer.bookingId,
  reference: offer.reference,
  from: offer.from,
  refundableMinor: offer.refundableMinor,
  refundMinor: offer.refundMinor,
  sentence: offer.outcome.sentence,
});

/**
 * The money actions of a booking that is going ahead, on /dashboard/bookings/{id}: *Pay now* when a
 * balance is owed (a new checkout through the provider, as the emailed payment link opens) and *Cancel*
 * with what cancelling now would do in this booking's money. (A booking waiting for its first payment has
 * its own Pay/Cancel block.)
 */
export function MyBookingMoney({
  view,
  access,
  offer,
}: {
  view: BookingView;
  access: { reference: string; token: string };
  offer: MyCancelOffer | null;
}) {
  const owed = isIn(WORK_STATUSES, view.status) && view.balanceMinor > 0;
  if (!owed && !offer) return null;
  return (
    <section aria-label="Pay or cancel" className={`${cardClass} mt-4`}>
      {owed && (
        <p className="font-medium">
          {view.payBy
            ? `${view.balance} is on your account, to pay by ${view.payBy} as your invoice says — or pay it now online.`
            : `${view.balance} is still to pay — pay it now online, or on the day.`}
        </p>
      )}
      {offer && (
        <p className={owed ? "mt-2 text-ink-muted" : "text-ink-muted"}>
          If you cancel now: {offer.outcome.sentence}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        {owed && (
          <PayButton reference={access.reference} token={access.token} action={payBalanceAction}>
            Pay {view.balance} now
          </PayButton>
        )}
        {offer && <CustomerCancelButton offer={cancelButtonOffer(offer)} />}
      </div>
    </section>
  );
}
