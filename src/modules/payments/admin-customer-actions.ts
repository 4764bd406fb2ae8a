"use server";

import { adminDeactivateCustomerInput } from "@/modules/accounts/schemas";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { deactivateCustomerAndCancel } from "./server/refunds/customer-deactivation";

// Deactivate on /admin/customers/{id}: the account is closed, and the upcoming bookings the admin chose
// are cancelled through the admin cancel path (the rest are kept).
export const deactivateCustomerAction = adminAction(adminDeactivateCustomerInput, async (input, user) =>
  deactivateCustomerAndCancel(await getDb(), await requestActor(user.id), input),
);
