"use server";

import { adminBookingCompleteInput, adminBookingStartInput } from "@/modules/bookings/admin-booking-schemas";
import { changeBookingAsAdmin, saveJobNotes } from "@/modules/bookings/server";
import { recordPaymentInput } from "@/modules/payments/admin-money-schemas";
import { recordPayment } from "@/modules/payments/server";
import { requestActor, staffAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { jobNotesInput, photoIdInput } from "./schemas";
import { removeJobPhoto } from "./server";

// The buttons of a technician's day (/staff). Each use case checks that the job is one of the person's
// teams' (assertBookingCrew), under the same rules as the admin's buttons: one transaction, the status
// through transitionBooking, an audit row.

export const startJobAction = staffAction(adminBookingStartInput, async (input, user) =>
  changeBookingAsAdmin(await getDb(), await requestActor(user.id), "start", input),
);

export const completeJobAction = staffAction(adminBookingCompleteInput, async (input, user) =>
  changeBookingAsAdmin(await getDb(), await requestActor(user.id), "complete", input),
);

export const saveJobNotesAction = staffAction(jobNotesInput, async (input, user) => {
  await saveJobNotes(await getDb(), await requestActor(user.id), input);
  return null;
});

export const recordDayPaymentAction = staffAction(recordPaymentInput, async (input, user) =>
  recordPayment(await getDb(), await requestActor(user.id), input),
);

export const removeJobPhotoAction = staffAction(photoIdInput, async (input, user) => {
  await removeJobPhoto(await getDb(), await requestActor(user.id), input);
  return null;
});
