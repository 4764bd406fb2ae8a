"use server";

import { adminAction, requestActor } from "@/server/actions";
import { getDb } from "@/server/db";
import {
  dateOverrideInput,
  deleteOverrideInput,
  holidayDateInput,
  holidayRegionInput,
  weeklyHoursInput,
} from "./schedule-schemas";
import { closeHoliday, openHoliday, saveHolidayRegion } from "./server/holidays";
import {
  deleteOverride,
  saveOverride,
  saveWeeklyHours,
  type SaveHoursResult,
  type StrandedBooking,
} from "./server/hours";

/** A booking the new hours would leave outside opening time; instants as ISO strings for the browser. */
export type StrandedView = Omit<StrandedBooking, "startsAt" | "endsAt"> & {
  startsAt: string;
  endsAt: string;
};

/**
 * `saved: false` = nothing changed: these bookings would fall outside the new hours. The screen lists
 * them and saves again with `confirmStranded: true` only when the admin says so.
 */
export type HoursSaveOutcome = { saved: boolean; stranded: StrandedView[] };

const outcome = (result: SaveHoursResult): HoursSaveOutcome => ({
  saved: result.ok,
  stranded: result.stranded.map((b) => ({
    ...b,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
  })),
});

export const saveWeeklyHoursAction = adminAction(weeklyHoursInput, async (input, user) =>
  outcome(await saveWeeklyHours(await getDb(), await requestActor(user.id), input)),
);

export const saveOverrideAction = adminAction(dateOverrideInput, async (input, user) =>
  outcome(await saveOverride(await getDb(), await requestActor(user.id), input)),
);

export const deleteOverrideAction = adminAction(deleteOverrideInput, async (input, user) =>
  outcome(await deleteOverride(await getDb(), await requestActor(user.id), input)),
);

export const saveHolidayRegionAction = adminAction(holidayRegionInput, async (input, user) =>
  saveHolidayRegion(await getDb(), await requestActor(user.id), input),
);

export const openHolidayAction = adminAction(holidayDateInput, async (input, user) =>
  outcome(await openHoliday(await getDb(), await requestActor(user.id), input)),
);

export const closeHolidayAction = adminAction(holidayDateInput, async (input, user) =>
  outcome(await closeHoliday(await getDb(), await requestActor(user.id), input)),
);
