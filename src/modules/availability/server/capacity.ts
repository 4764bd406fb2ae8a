import "server-only";
import { asc } from "drizzle-orm";
import { addDays } from "@/lib/dates";
import type { DbOrTx } from "@/server/db";
import { teams } from "@/server/db/schema";
import { openTeamMinutesByDate } from "../domain/capacity";
import { rangesFor, type TimeRange } from "../domain/slots";
import { loadOpeningHours } from "./opening-hours";

// What the back office's dashboards need from the schedule, read in three small queries: the teams (in
// the business's order) and the open team minutes of each date of a window (utilisation's denominator).

export type ScheduleTeam = { id: string; name: string; colour: string; isActive: boolean };

export type ScheduleCapacity = {
  teams: ScheduleTeam[];
  /** Local date → open minutes of the day × active teams. */
  openTeamMinutes: Map<string, number>;
  /** Local date → its opening ranges (minutes after local midnight; the override or the weekday's hours). */
  openRanges: Map<string, TimeRange[]>;
  /** How many teams are active (each one's open minutes of a date = openTeamMinutes ÷ this). */
  activeTeams: number;
};

/** Teams and open team minutes per local date from `from` to `to` (inclusive) in the business zone. */
export async function loadScheduleCapacity(
  db: DbOrTx,
  window: { from: string; to: string; timeZone: string },
): Promise<ScheduleCapacity> {
  const [teamRows, { weeklyHours, overrides }] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, colour: teams.colour, isActive: teams.isActive })
      .from(teams)
      .orderBy(asc(teams.sortOrder), asc(teams.name)),
    loadOpeningHours(db, window),
  ]);
  const active = teamRows.filter((t) => t.isActive).length;
  const openRanges = new Map<string, TimeRange[]>();
  for (let d = window.from; d <= window.to; d = addDays(d, 1)) {
    openRanges.set(d, rangesFor({ weeklyHours, overrides }, d));
  }
  return {
    teams: teamRows,
    openRanges,
    activeTeams: active,
    openTeamMinutes: openTeamMinutesByDate(
      { weeklyHours, overrides, timeZone: window.timeZone },
      active,
      window.from,
      window.to,
    ),
  };
}
