"use server";

import { resendBookingEmailAsAdmin } from "@/modules/bookings/server";
import { adminAction, publicAction, requestActor } from "@/server/actions";
import { findBookingForViewer } from "@/modules/bookings/server";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import {
  cancelWithRefundInput,
  paymentLinkInput,
  recordPaymentInput,
  refundInput,
  resendEmailInput,
} from "./admin-money-schemas";
import { bookingAccessInput } from "./schemas";
import { cancelWithRefund, refundBooking, recordPayment } from "./server/admin-money";
import { sendPaymentLink, startBalanceCheckout } from "./server/payment-link";

// The money buttons of /admin/bookings/{id} (admins only; each use case checks the role again), and the
// customer's Pay button on /booking/pay (the booking's owner or whoever holds its token).

export const recordPaymentAction = adminAction(recordPaymentInput, async (input, user) =>
  recordPayment(await getDb(), await requestActor(user.id), input),
);

export const refundBookingAction = adminAction(refundInput, async (input, user) =>
  refundBooking(await getDb(), await requestActor(user.id), input),
);

export const cancelWithRefundAction = adminAction(cancelWithRefundInput, async (input, user) =>
  cancelWithRefund(await getDb(), await requestActor(user.id), input),
);

export const sendPaymentLinkAction = adminAction(paymentLinkInput, async (input, user) =>
  sendPaymentLink(await getDb(), await requestActor(user.id), input),
);

export const resendBookingEmailAction = adminAction(resendEmailInput, async (input, user) =>
  resendBookingEmailAsAdmin(await getDb(), await requestActor(user.id), input),
);

/** Pay the balance: a fresh checkout for what is owed; the browser follows `redirectTo`. */
export const payBalanceAction = publicAction(bookingAccessInput, async (input, user) => {
  const booking = await findBookingForViewer({
    reference: input.reference,
    token: input.token,
    viewer: user,
  });
  if (!booking) throw new AppError("NOT_FOUND");
  const { url } = await startBalanceCheckout(
    await getDb(),
    { id: booking.customerId },
    { bookingId: booking.id },
  );
  return { redirectTo: url };
});
