import "server-only";
import { and, asc, between, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { dateOverrideRanges, dateOverrides, teams, workingHours } from "@/server/db/schema";
import { openTeamMinutesByDate } from "../domain/capacity";
import type { TimeRange } from "../domain/slots";

// What the back office's dashboards need from the schedule, read in three small queries: the teams (in
// the business's order) and the open team minutes of each date of a window (utilisation's denominator).

export type ScheduleTeam = { id: string; name: string; colour: string; isActive: boolean };

export type ScheduleCapacity = {
  teams: ScheduleTeam[];
  /** Local date → open minutes of the day × active teams. */
  openTeamMinutes: Map<string, number>;
};

/** Teams and open team minutes per local date from `from` to `to` (inclusive) in the business zone. */
export async function loadScheduleCapacity(
  db: DbOrTx,
  window: { from: string; to: string; timeZone: string },
): Promise<ScheduleCapacity> {
  const [teamRows, hourRows, overrideRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, colour: teams.colour, isActive: teams.isActive })
      .from(teams)
      .orderBy(asc(teams.sortOrder), asc(teams.name)),
    db.select().from(workingHours),
    db
      .select({
        date: dateOverrides.date,
        isClosed: dateOverrides.isClosed,
        opens: dateOverrideRanges.opensMinute,
        closes: dateOverrideRanges.closesMinute,
      })
      .from(dateOverrides)
      .leftJoin(dateOverrideRanges, eq(dateOverrideRanges.overrideId, dateOverrides.id))
      .where(and(between(dateOverrides.date, window.from, window.to))),
  ]);
  const weeklyHours: Record<number, TimeRange[]> = {};
  for (const h of hourRows)
    (weeklyHours[h.weekday] ??= []).push({ opens: h.opensMinute, closes: h.closesMinute });
  const overrides: Record<string, TimeRange[]> = {};
  for (const o of overrideRows) {
    const list = (overrides[o.date] ??= []);
    if (!o.isClosed && o.opens !== null && o.closes !== null) list.push({ opens: o.opens, closes: o.closes });
  }
  const active = teamRows.filter((t) => t.isActive).length;
  return {
    teams: teamRows,
    openTeamMinutes: openTeamMinutesByDate(
      { weeklyHours, overrides, timeZone: window.timeZone },
      active,
      window.from,
      window.to,
    ),
  };
}
