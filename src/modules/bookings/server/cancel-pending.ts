import "server-only";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { lockBooking } from "./booking-records";
import { transitionBooking } from "./transition-booking";

// "Cancel booking" on /booking/payment-cancelled: a booking still waiting for its payment is given up
// and its time is freed at once (not when the hold would have lapsed). Nothing was paid, so there is
// nothing to refund. The payments module closes the unpaid checkouts (`closeCheckouts`, in this
// transaction) and asks the provider to expire them after the commit; one paid after all is refunded by
// the webhook.

export type CancelPendingInput = { bookingId: string; reason?: string };

/** The person cancelling: the signed-in owner, or the customer whose token was used. */
export type CancelPendingActor = { id: string };

const DEFAULT_REASON = "Cancelled by the customer before paying.";

export async function cancelPendingBooking<C>(
  db: DbOrTx,
  actor: CancelPendingActor,
  input: CancelPendingInput,
  deps: { closeCheckouts: (tx: Tx, bookingId: string) => Promise<C[]>; now?: Date },
): Promise<{ status: "cancelled"; closed: C[] }> {
  const { closeCheckouts, now = new Date() } = deps;
  const closed = await db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    // Only the booking's customer cancels here (a token-holder acts as them); anyone else learns nothing.
    if (!booking || booking.customerId !== actor.id) throw new AppError("NOT_FOUND");
    // A second press (or a second tab) finds it done: nothing more to do.
    if (booking.status === "cancelled") return [];
    let checkouts: C[] = [];
    await transitionBooking(tx, {
      bookingId: booking.id,
      to: "cancelled",
      from: ["pending_payment"],
      actor: { id: actor.id, role: "customer" },
      reason: input.reason ?? DEFAULT_REASON,
      now,
      refusal: "This booking can't be cancelled here any more. Refresh to see where it is.",
      effects: async (etx) => {
        checkouts = await closeCheckouts(etx, booking.id);
      },
    });
    return checkouts;
  });
  return { status: "cancelled", closed };
}
