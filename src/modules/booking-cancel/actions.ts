"use server";

import { adminDeactivateCustomerInput } from "@/modules/accounts/schemas";
import { adminAction, customerAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { cancelWithRefundInput, customerCancelInput } from "./schemas";
import { cancelMyBooking, cancelWithRefund } from "./server/cancel-booking";
import { deactivateCustomerAndCancel } from "./server/customer-deactivation";

// The Cancel buttons. Each use case checks the role and the booking's owner again, and the status and
// money the page showed.

/** Cancel on /dashboard/bookings/{id}: the signed-in customer, with the refund their dialog showed. */
export const cancelMyBookingAction = customerAction(customerCancelInput, async (input, user) =>
  cancelMyBooking(await getDb(), await requestActor(user.id), input),
);

/** Cancel booking on /admin/bookings/{id}: the admin's reason and refund (the policy's by default). */
export const cancelWithRefundAction = adminAction(cancelWithRefundInput, async (input, user) =>
  cancelWithRefund(await getDb(), await requestActor(user.id), input),
);

/**
 * Deactivate on /admin/customers/{id}: the account is closed, and the upcoming bookings the admin chose
 * are cancelled through the admin cancel path (the rest are kept).
 */
export const deactivateCustomerAction = adminAction(adminDeactivateCustomerInput, async (input, user) =>
  deactivateCustomerAndCancel(await getDb(), await requestActor(user.id), input),
);
