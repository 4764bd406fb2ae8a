"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import { bookingSlotDayInput, moveBookingInput, reassignTeamInput } from "./schemas";
import { getBookingSlotDay, moveBookingAsAdmin, reassignBookingTeam } from "./server";

// Move and Reassign team on /admin/bookings/{id}, and the slot picker's day for the booking.

export const bookingSlotDayAction = adminAction(bookingSlotDayInput, async (input, user) =>
  getBookingSlotDay(await getDb(), await requestActor(user.id), input),
);

export const moveBookingAction = adminAction(moveBookingInput, async (input, user) =>
  moveBookingAsAdmin(await getDb(), await requestActor(user.id), input),
);

export const reassignTeamAction = adminAction(reassignTeamInput, async (input, user) =>
  reassignBookingTeam(await getDb(), await requestActor(user.id), input),
);
