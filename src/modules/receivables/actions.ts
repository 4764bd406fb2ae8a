"use server";

import { adminCustomerIdInput } from "@/modules/accounts/schemas";
import { removeBusinessProfile } from "@/modules/accounts/server";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { hasUnpaidOnAccount } from "./server/receivables";

// A business back to a private customer (/admin/customers/{id}): refused while it owes money on account,
// so that the receivables list keeps those bookings until they are paid (ADR 0051).
export const removeBusinessAction = adminAction(adminCustomerIdInput, async (input, user) => {
  await removeBusinessProfile(await getDb(), await requestActor(user.id), input, hasUnpaidOnAccount);
  return null;
});
