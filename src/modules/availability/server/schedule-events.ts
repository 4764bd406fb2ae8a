import "server-only";
import { addDays, localDateOf } from "@/lib/dates";
import type { Tx } from "@/server/db";
import { publish } from "@/server/realtime/publish";

/** The live calendars' event for a change to every bookable day: today over the horizon, one team or (null) all. */
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
