"use server";

import { adminAction, customerAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  answerOfferInput,
  counterOfferInput,
  declineRescheduleInput,
  offerSlotDayInput,
  requestRescheduleInput,
  rescheduleRequestIdInput,
  rescheduleSlotDayInput,
} from "./reschedule-schemas";
import {
  acceptRescheduleOffer,
  declineRescheduleOffer,
  requestReschedule,
  withdrawReschedule,
} from "./server/reschedule-requests";
import { approveReschedule, counterOfferReschedule, declineReschedule } from "./server/reschedule-decisions";
import { getOfferSlotDay, getRescheduleSlotDay } from "./server/my-reschedule-views";

// Reschedule requests: the customer's (request, withdraw, answer an offer, the picker's day) on
// /dashboard/bookings/{id}, and the business's (approve, decline, offer another time, its picker's day)
// on /admin/reschedule-requests and /admin/bookings/{id}. Each use case checks role and ownership.

export const rescheduleSlotDayAction = customerAction(rescheduleSlotDayInput, async (input, user) =>
  getRescheduleSlotDay(await getDb(), await requestActor(user.id), input),
);

export const requestRescheduleAction = customerAction(requestRescheduleInput, async (input, user) =>
  requestReschedule(await getDb(), await requestActor(user.id), input),
);

export const withdrawRescheduleAction = customerAction(rescheduleRequestIdInput, async (input, user) =>
  withdrawReschedule(await getDb(), await requestActor(user.id), input),
);

export const acceptRescheduleOfferAction = customerAction(answerOfferInput, async (input, user) =>
  acceptRescheduleOffer(await getDb(), await requestActor(user.id), input),
);

export const declineRescheduleOfferAction = customerAction(answerOfferInput, async (input, user) =>
  declineRescheduleOffer(await getDb(), await requestActor(user.id), input),
);

export const approveRescheduleAction = adminAction(rescheduleRequestIdInput, async (input, user) =>
  approveReschedule(await getDb(), await requestActor(user.id), input),
);

export const declineRescheduleAction = adminAction(declineRescheduleInput, async (input, user) =>
  declineReschedule(await getDb(), await requestActor(user.id), input),
);

export const counterOfferRescheduleAction = adminAction(counterOfferInput, async (input, user) =>
  counterOfferReschedule(await getDb(), await requestActor(user.id), input),
);

export const offerSlotDayAction = adminAction(offerSlotDayInput, async (input, user) =>
  getOfferSlotDay(await getDb(), await requestActor(user.id), input),
);
