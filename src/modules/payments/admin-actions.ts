"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { adjustPriceInput, paymentLinkInput, recordPaymentInput, refundInput } from "./admin-money-schemas";
import { adjustPrice } from "./server/adjust-price";
import { refundBooking } from "./server/admin-money";
import { recordPayment } from "./server/record-payment";
import { sendPaymentLink } from "./server/checkout/payment-link";

// The money buttons of /admin/bookings/{id} (admins only; each use case checks the role again).

export const recordPaymentAction = adminAction(recordPaymentInput, async (input, user) =>
  recordPayment(await getDb(), await requestActor(user.id), input),
);

export const refundBookingAction = adminAction(refundInput, async (input, user) =>
  refundBooking(await getDb(), await requestActor(user.id), input),
);

export const sendPaymentLinkAction = adminAction(paymentLinkInput, async (input, user) =>
  sendPaymentLink(await getDb(), await requestActor(user.id), input),
);

export const adjustPriceAction = adminAction(adjustPriceInput, async (input, user) =>
  adjustPrice(await getDb(), await requestActor(user.id), input),
);
