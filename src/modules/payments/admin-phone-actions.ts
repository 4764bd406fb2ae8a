"use server";

import { phoneBookingInput } from "@/modules/phone-bookings/admin-phone-schemas";
import { createAdminBooking } from "@/modules/phone-bookings/server";
import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { recordPhonePayment } from "./server/phone-payment";

// /admin/bookings/new: the phone booking is the bookings module's; a manual payment taken with it is
// this module's, passed in (payments depends on bookings, never the reverse).

export const createPhoneBookingAction = adminAction(phoneBookingInput, async (input, user) =>
  createAdminBooking(await getDb(), await requestActor(user.id), input, {
    recordPayment: recordPhonePayment,
  }),
);
