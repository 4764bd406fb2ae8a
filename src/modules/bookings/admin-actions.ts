"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  adminBookingChangeInput,
  adminBookingCompleteInput,
  adminBookingReasonInput,
  adminBookingStartInput,
  freeRemainingTimeInput,
  internalNotesInput,
  resendEmailInput,
} from "./admin-booking-schemas";
import type { AdminBookingVerb } from "./domain/admin-booking-actions";
import { changeBookingAsAdmin, saveInternalNotes } from "./server/admin/admin-booking-actions";
import { resendBookingEmailAsAdmin } from "./server/admin/admin-booking-emails";
import { freeRemainingTime } from "./server/admin/free-remaining-time";

// The buttons of /admin/bookings/{id}. Each returns the status the booking is in now.

const change = (verb: AdminBookingVerb) =>
  adminAction(adminBookingChangeInput, async (input, user) =>
    changeBookingAsAdmin(await getDb(), await requestActor(user.id), verb, input),
  );

const changeWithReason = (verb: AdminBookingVerb) =>
  adminAction(adminBookingReasonInput, async (input, user) =>
    changeBookingAsAdmin(await getDb(), await requestActor(user.id), verb, input),
  );

export const approveBookingAction = change("approve");
export const startBookingAction = adminAction(adminBookingStartInput, async (input, user) =>
  changeBookingAsAdmin(await getDb(), await requestActor(user.id), "start", input),
);
export const completeBookingAction = adminAction(adminBookingCompleteInput, async (input, user) =>
  changeBookingAsAdmin(await getDb(), await requestActor(user.id), "complete", input),
);
export const noShowBookingAction = change("no_show");
export const declineBookingAction = changeWithReason("decline");
export const cancelBookingAsAdminAction = changeWithReason("cancel");

export const saveInternalNotesAction = adminAction(internalNotesInput, async (input, user) => {
  await saveInternalNotes(await getDb(), await requestActor(user.id), input);
  return null;
});

/** Resend: a fresh copy of one of the booking's emails goes through the outbox. */
export const resendBookingEmailAction = adminAction(resendEmailInput, async (input, user) =>
  resendBookingEmailAsAdmin(await getDb(), await requestActor(user.id), input),
);

/** The owner frees the rest of a done job's time (ADR 0043): explicit, audited, never part of Complete. */
export const freeRemainingTimeAction = adminAction(freeRemainingTimeInput, async (input, user) =>
  freeRemainingTime(await getDb(), await requestActor(user.id), input),
);
