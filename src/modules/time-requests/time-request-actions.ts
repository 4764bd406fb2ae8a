"use server";

import { adminAction, customerAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  askForTimeInput,
  closeTimeRequestInput,
  proposeTimeInput,
  requestSlotDayInput,
  timeRequestIdInput,
} from "./time-request-schemas";
import { askForTime } from "./server/ask-for-time";
import { proposeTime } from "./server/propose-time";
import { closeTimeRequest, declineProposal, withdrawTimeRequest } from "./server/request-answers";
import { getRequestSlotDay } from "./server/time-request-views";

// Requests for a time (ADR 0057): the customer's (ask, decline a proposal, withdraw) and the business's
// (its picker's day, propose a time, close). Each use case checks the role and whose request it is.

export const askForTimeAction = customerAction(askForTimeInput, async (input, user) =>
  askForTime(await getDb(), await requestActor(user.id), input),
);

export const declineProposalAction = customerAction(timeRequestIdInput, async (input, user) =>
  declineProposal(await getDb(), await requestActor(user.id), input),
);

export const withdrawTimeRequestAction = customerAction(timeRequestIdInput, async (input, user) =>
  withdrawTimeRequest(await getDb(), await requestActor(user.id), input),
);

export const requestSlotDayAction = adminAction(requestSlotDayInput, async (input, user) =>
  getRequestSlotDay(await getDb(), await requestActor(user.id), input),
);

export const proposeTimeAction = adminAction(proposeTimeInput, async (input, user) =>
  proposeTime(await getDb(), await requestActor(user.id), input),
);

export const closeTimeRequestAction = adminAction(closeTimeRequestInput, async (input, user) =>
  closeTimeRequest(await getDb(), await requestActor(user.id), input),
);
