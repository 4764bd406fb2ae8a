"use server";

import { publicAction } from "@/server/actions";
import { findBookingForViewer } from "@/modules/bookings/server";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { bookingAccessInput, testCheckoutInput } from "./schemas";
import { cancelPendingBooking } from "./server/checkout/cancel-unpaid";
import { startCheckout } from "./server/checkout/checkout";
import { startBalanceCheckout } from "./server/checkout/payment-link";
import { completeTestCheckout } from "./server/test-checkout";

// The /booking/* pages are open to the booking's owner and to whoever holds its access token, so these
// actions are public and check exactly that themselves (a stranger learns nothing: NOT_FOUND).

async function bookingFor(input: { reference: string; token?: string }, viewer: { id: string } | null) {
  const booking = await findBookingForViewer({ reference: input.reference, token: input.token, viewer });
  if (!booking) throw new AppError("NOT_FOUND");
  return booking;
}

/** Try again / Pay now: a fresh checkout while the hold lasts; the browser follows `redirectTo`. */
export const retryCheckoutAction = publicAction(bookingAccessInput, async (input, user) => {
  const booking = await bookingFor(input, user);
  const { url } = await startCheckout(await getDb(), { id: booking.customerId }, { bookingId: booking.id });
  return { redirectTo: url };
});

/** Pay the balance (/booking/pay, from a payment link): a checkout for what is owed. */
export const payBalanceAction = publicAction(bookingAccessInput, async (input, user) => {
  const booking = await bookingFor(input, user);
  const { url } = await startBalanceCheckout(
    await getDb(),
    { id: booking.customerId },
    { bookingId: booking.id },
  );
  return { redirectTo: url };
});

/** Cancel booking: gives up a booking still waiting for payment and frees its time now. */
export const cancelPendingBookingAction = publicAction(bookingAccessInput, async (input, user) => {
  const booking = await bookingFor(input, user);
  // The owner signed in, or whoever holds the booking's token acting for its customer.
  await cancelPendingBooking(await getDb(), { id: booking.customerId }, { bookingId: booking.id });
  return null;
});

export const payTestCheckoutAction = publicAction(testCheckoutInput, async (input) =>
  completeTestCheckout(input.checkout, "pay"),
);

export const cancelTestCheckoutAction = publicAction(testCheckoutInput, async (input) =>
  completeTestCheckout(input.checkout, "cancel"),
);
