import "server-only";
import { addDays, localDateOf } from "@/lib/dates";
import type { Tx } from "@/server/db";
import { publish } from "@/server/realtime/publish";

/**
 * The live calendars' event for a change that reaches every bookable day — hours of a weekday, the
 * public-holiday region, a team: from today (in the business's zone) over the booking horizon, for one
 * team or (null) all of them.
 */
export async function publishScheduleFromToday(
  tx: Tx,
  settings: { timeZone: string; horizonDays: number },
  now: Date,
  teamId: string | null,
): Promise<void> {
  const today = localDateOf(now, settings.timeZone);
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    { from: today, to: addDays(today, settings.horizonDays), teamId },
  );
}
