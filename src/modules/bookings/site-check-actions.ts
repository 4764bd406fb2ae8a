"use server";

import { publicAction, requestActor, signedInAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { calendarFeedIdInput, calendarFeedInput, siteCheckInput } from "./site-check-schemas";
import { createCalendarFeed, revokeCalendarFeed } from "./server/calendar-feeds";
import { answerSiteCheck } from "./server/site-check";

// The reminder's checklist answer (anyone holding the signed link: no sign-in) and the calendar feed
// buttons on the admin's and the customer's account pages (the use case checks who may hold which feed).

export const answerSiteCheckAction = publicAction(siteCheckInput, async (input) =>
  answerSiteCheck(await getDb(), input),
);

export const createCalendarFeedAction = signedInAction(calendarFeedInput, async (input, user) =>
  createCalendarFeed(await getDb(), await requestActor(user.id), input),
);

export const revokeCalendarFeedAction = signedInAction(calendarFeedIdInput, async (input, user) =>
  revokeCalendarFeed(await getDb(), await requestActor(user.id), input),
);
