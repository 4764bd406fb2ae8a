import "server-only";
import { createHash } from "node:crypto";
import { and, asc, inArray, isNull } from "drizzle-orm";
import { addDays, formatTime, localDateOf } from "@/lib/dates";
import { staffTeamIds } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { loadJobDays, type TodayJob } from "@/modules/today/server";
import type { JobDoor } from "@/modules/today/components/job-door-details";
import { nextJobId } from "@/modules/today/domain/admin-today";
import { isEarlyJobAction } from "@/lib/job/job-clock";
import { type DbOrTx, getDb } from "@/server/db";
import { teams, weatherDays } from "@/server/db/schema";
import { canTechnicianRemove } from "../domain/photo-removal";
import { type JobPhoto, listJobPhotos } from "./job-photos";

// A technician's day (/staff, ADR 0053): today's and tomorrow's jobs of the teams they work in, in time
// order, with what is needed at the door — and nothing else of the business: no prices beyond what is
// due on the day, no other team's jobs, no other customer. Built on Today's job cards (one definition of
// what a job shows), with the technician's own parts: their notes, their photos, the buttons a status
// allows, and a weather day called on their team.

/** What the door needs (drawn once for Today and the phone), and the job's heading, as Today reads them. */
type DoorFacts = JobDoor &
  Pick<
    TodayJob,
    | "id"
    | "reference"
    | "time"
    | "endTime"
    | "visitDay"
    | "status"
    | "statusLabel"
    | "customerName"
    | "customerPhone"
    | "jobNotes"
  >;

export type StaffJob = DoorFacts & {
  /** ISO instants (the page checks the timing rules against the clock it shows). */
  startsAt: string;
  isNext: boolean;
  /** Starting now is early (before the business's lead): Start asks why (ADR 0043). */
  startNeedsReason: boolean;
  /** Completing now is early (before the booked start): Complete asks why (ADR 0043). */
  completeNeedsReason: boolean;
  /** Today's jobs can be worked; tomorrow's are to read. */
  workable: boolean;
  teamName: string;
  /** The job's shown photos; `removable`: this technician took it and the job is still open. */
  photos: StaffJobPhoto[];
};

export type StaffJobPhoto = Omit<JobPhoto, "takenById" | "removed"> & { removable: boolean };

export type StaffDay = { date: string; title: string; jobs: StaffJob[]; weather: string | null };

export type StaffDayView = {
  /** "Van 1, Van 2" */
  teamNames: string[];
  days: StaffDay[];
  /** Local time of the business now, for the page's heading ("updated 09:41"). */
  loadedAt: string;
  timeZone: string;
  /**
   * Whose copy the phone keeps (issue 41 §7): a digest of this technician and their teams. The service
   * worker keeps one person's day; another key (someone else signed in, a team move) clears it first.
   */
  cacheKey: string;
};

/** The phone's copy belongs to this person with these teams (opaque: no id leaves in clear). */
export function staffCacheKey(userId: string, teamIds: readonly string[]): string {
  return createHash("sha256")
    .update(`staff-day:${userId}:${[...teamIds].sort().join(",")}`)
    .digest("hex")
    .slice(0, 32);
}

export async function loadStaffDay(
  db: DbOrTx,
  viewer: { id: string },
  now = new Date(),
): Promise<StaffDayView> {
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const teamIds = await staffTeamIds(db, viewer.id);
  const today = localDateOf(now, tz);
  const dates = [today, addDays(today, 1)];
  const mine = teamIds.length
    ? await db
        .select({ id: teams.id, name: teams.name, colour: teams.colour, isActive: teams.isActive })
        .from(teams)
        .where(inArray(teams.id, teamIds))
        .orderBy(asc(teams.sortOrder), asc(teams.name))
    : [];
  const loadedAt = formatTime(now, tz);
  const cacheKey = staffCacheKey(viewer.id, teamIds);
  if (mine.length === 0) return { teamNames: [], days: [], loadedAt, timeZone: tz, cacheKey };

  const { days } = await loadJobDays(db, { dates, timeZone: tz, teams: Promise.resolve(mine), now });
  const jobs = days.flatMap((d) => d.teams.flatMap((t) => t.jobs.map((j) => ({ j, team: t.teamName }))));
  const ids = jobs.map(({ j }) => j.id);
  const [photos, weather] = await Promise.all([
    listJobPhotos(db, ids),
    db
      .select({ date: weatherDays.date, teamIds: weatherDays.teamIds, message: weatherDays.message })
      .from(weatherDays)
      .where(and(inArray(weatherDays.date, dates), isNull(weatherDays.liftedAt))),
  ]);
  // The next of this technician's jobs today, not the business's (another team's job may come first).
  const next = nextJobId(days[0]?.teams.flatMap((t) => t.jobs) ?? [], now);
  return {
    teamNames: mine.map((t) => t.name),
    loadedAt,
    timeZone: tz,
    cacheKey,
    days: days.map((d) => {
      const called = weather.find(
        (w) => w.date === d.date && (!w.teamIds || w.teamIds.some((id) => teamIds.includes(id))),
      );
      return {
        date: d.date,
        title: d.title,
        weather: called ? called.message || "The business called a weather day." : null,
        jobs: d.teams
          .flatMap((t) => t.jobs.map((j) => ({ j, team: t.teamName })))
          .sort((a, b) => a.j.startsAt.getTime() - b.j.startsAt.getTime())
          .map(({ j, team }) => ({
            id: j.id,
            reference: j.reference,
            startsAt: j.startsAt.toISOString(),
            time: j.time,
            endTime: j.endTime,
            visitDay: j.visitDay,
            status: j.status,
            statusLabel: j.statusLabel,
            isNext: j.id === next,
            startNeedsReason: isEarlyJobAction("start", j.startsAt, now, settings.startLeadMinutes),
            completeNeedsReason: isEarlyJobAction("complete", j.startsAt, now, settings.startLeadMinutes),
            workable: d.date === today,
            teamName: team,
            customerName: j.customerName,
            customerPhone: j.customerPhone,
            vehicle: j.vehicle,
            registration: j.registration,
            moreVehicles: j.moreVehicles,
            services: j.services,
            addons: j.addons,
            address: j.address,
            accessNotes: j.accessNotes,
            readiness: j.readiness,
            siteCheck: j.siteCheck,
            customerNotes: j.customerNotes,
            jobNotes: j.jobNotes,
            dueMinor: j.dueMinor,
            due: j.due,
            photos: (photos.get(j.id) ?? []).map(({ takenById, removed: _, ...p }) => ({
              ...p,
              removable: canTechnicianRemove({ actorId: viewer.id, takenBy: takenById, status: j.status }),
            })),
          })),
      };
    }),
  };
}

/** For the page (pages don't reach the database themselves). */
export async function loadMyStaffDay(viewer: { id: string }): Promise<StaffDayView> {
  return loadStaffDay(await getDb(), viewer);
}
