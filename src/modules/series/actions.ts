"use server";

import { routes } from "@/lib/routes";
import { requestActor, signedInAction } from "@/server/actions";
import { getDb } from "@/server/db";
import type { SessionUser } from "@/server/auth";
import { AppError } from "@/server/errors";
import {
  changeSeriesInput,
  createSeriesInput,
  holdSeriesDateInput,
  pauseSeriesInput,
  seriesIdInput,
  seriesInput,
} from "./schemas";
import { changeSeries } from "./server/change-series";
import { createSeries } from "./server/create-series";
import { endSeries, pauseSeries } from "./server/end-series";
import { holdSeriesDate } from "./server/hold-series-date";
import { planSeries } from "./server/plan";

// The repeat-booking panel of a booking's page, for its customer (/dashboard/bookings/{id}) and the admin
// (/admin/bookings/{id}); the use cases check that a customer acts on their own bookings only.

// Staff (technicians) have no part in a customer's repeat bookings: the answer a missing one gets.
const seriesActor = async (user: SessionUser) => {
  if (user.role === "staff") throw new AppError("NOT_FOUND");
  return { ...(await requestActor(user.id)), role: user.role };
};

export const planSeriesAction = signedInAction(seriesInput, async (input, user) => {
  const plan = await planSeries(await getDb(), await seriesActor(user), input);
  // Dates as ISO strings for the browser.
  return {
    ...plan,
    occurrences: plan.occurrences.map((o) => ({
      date: o.date,
      start: o.start?.toISOString() ?? null,
      heldNow: o.heldNow,
      heldFrom: o.heldFrom,
      fits: o.fits,
      alternatives: o.alternatives.map((a) => a.toISOString()),
    })),
  };
});

export const createSeriesAction = signedInAction(createSeriesInput, async (input, user) =>
  createSeries(await getDb(), await seriesActor(user), input),
);

export const endSeriesAction = signedInAction(seriesIdInput, async (input, user) =>
  endSeries(await getDb(), await seriesActor(user), input),
);

export const pauseSeriesAction = signedInAction(pauseSeriesInput, async (input, user) =>
  pauseSeries(await getDb(), await seriesActor(user), input),
);

// The new visit for the date the change starts from replaces the page's booking: the page goes there.
export const changeSeriesAction = signedInAction(changeSeriesInput, async (input, user) => {
  const { bookingIds } = await changeSeries(await getDb(), await seriesActor(user), input);
  const first = bookingIds[0];
  const page = (id: string) =>
    user.role === "admin" ? routes.adminBooking(id) : `${routes.myBookings}/${id}`;
  return { bookingIds, redirectTo: first ? page(first) : undefined };
});

// A date the daily job couldn't hold at its usual time: one of the nearest free times, or skip it.
export const holdSeriesDateAction = signedInAction(holdSeriesDateInput, async (input, user) =>
  holdSeriesDate(await getDb(), await seriesActor(user), input),
);
