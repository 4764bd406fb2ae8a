import "server-only";
import { loadScheduleCapacity } from "@/modules/availability/server";
import { sumDates } from "@/lib/dates";
import type { DbOrTx } from "@/server/db";
import type { ReportRange } from "../domain/range";
import * as aggregates from "./aggregates";

// Booked against open time per team: the teams report and the analytics page read it.

export type TeamUtilisationRow = {
  teamId: string;
  /** The team's name, "(inactive)" after an inactive one. */
  label: string;
  jobs: number;
  bookedMinutes: number;
  openMinutes: number;
  valueMinor: number;
};

/**
 * Booked minutes against open minutes per team (active teams, and inactive ones with jobs) and in total.
 * Every active team works the business's opening hours: a team's open time is the schedule's open team
 * minutes shared between the active teams (the Today page's utilisation, per team).
 */
export async function teamUtilisation(
  db: DbOrTx,
  range: ReportRange,
): Promise<{ rows: TeamUtilisationRow[]; total: TeamUtilisationRow }> {
  const [{ rows, total }, capacity] = await Promise.all([
    aggregates.teamJobs(db, range),
    loadScheduleCapacity(db, { from: range.fromDate, to: range.toDate, timeZone: range.timeZone }),
  ]);
  const openAll = sumDates(capacity.openTeamMinutes, range.fromDate, range.days);
  const active = capacity.teams.filter((t) => t.isActive).length;
  const openPerTeam = active > 0 ? Math.round(openAll / active) : 0;
  return {
    rows: rows
      .filter((t) => t.isActive || t.jobs > 0)
      .map((t) => ({
        teamId: t.teamId,
        label: t.isActive ? t.name : `${t.name} (inactive)`,
        jobs: t.jobs,
        bookedMinutes: t.bookedMinutes,
        openMinutes: t.isActive ? openPerTeam : 0,
        valueMinor: t.valueMinor,
      })),
    total: {
      teamId: "",
      label: "Total",
      jobs: total.jobs,
      bookedMinutes: total.bookedMinutes,
      openMinutes: openAll,
      valueMinor: total.valueMinor,
    },
  };
}
