"use server";

import { requestActor, signedInAction } from "@/server/actions";
import { getDb } from "@/server/db";
import { calendarFeedIdInput, calendarFeedInput } from "./calendar-feed-schemas";
import { createCalendarFeed, revokeCalendarFeed } from "./server/calendar-feeds";

// The calendar feed buttons on the admin's and the customer's account pages (the use case checks who may
// hold which feed).

export const createCalendarFeedAction = signedInAction(calendarFeedInput, async (input, user) =>
  createCalendarFeed(await getDb(), await requestActor(user.id), input),
);

export const revokeCalendarFeedAction = signedInAction(calendarFeedIdInput, async (input, user) =>
  revokeCalendarFeed(await getDb(), await requestActor(user.id), input),
);
