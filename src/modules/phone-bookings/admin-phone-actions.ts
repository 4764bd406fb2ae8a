"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  customerIdInput,
  customerSearchInput,
  phoneBookingInput,
  phoneJobDayInput,
  phoneJobInput,
} from "./admin-phone-schemas";
import { customerSavedRecords, searchCustomers } from "./server/admin-customer-search";
import { createAdminBooking } from "./server/create-admin-booking";
import { getPhoneJobSlotDay, quotePhoneJob } from "./server/phone-job";

// /admin/bookings/new: the lookups (the customer, their saved vehicles and addresses, the job's price and
// its free times), and making the booking (with any payment taken at the desk).

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

export const createPhoneBookingAction = adminAction(phoneBookingInput, async (input, user) =>
  createAdminBooking(await getDb(), await requestActor(user.id), input),
);
