"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { customerIdInput, customerSearchInput, phoneJobDayInput, phoneJobInput } from "./admin-phone-schemas";
import { customerSavedRecords, searchCustomers } from "./server/admin-customer-search";
import { getPhoneJobSlotDay, quotePhoneJob } from "./server/phone-job";

// The lookups of /admin/bookings/new: the customer, their saved vehicles and addresses, the job's price
// and its free times. (Making the booking composes payments: modules/payments/admin-phone-actions.ts.)

export const searchCustomersAction = adminAction(customerSearchInput, async (input, user) =>
  searchCustomers(await getDb(), await requestActor(user.id), input.q),
);

export const customerSavedAction = adminAction(customerIdInput, async (input, user) =>
  customerSavedRecords(await getDb(), await requestActor(user.id), input.customerId),
);

export const phoneQuoteAction = adminAction(phoneJobInput, async (input, user) =>
  quotePhoneJob(await getDb(), await requestActor(user.id), input),
);

export const phoneJobDayAction = adminAction(phoneJobDayInput, async (input, user) =>
  getPhoneJobSlotDay(await getDb(), await requestActor(user.id), input),
);
