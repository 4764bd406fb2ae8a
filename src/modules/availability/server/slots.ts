import "server-only";
import { allocationHoldLapsed, allocationHoldsTime } from "@/server/db/time-taken";
import { asc, eq, sql } from "drizzle-orm";
import { addDays, localDateOf, localToInstant } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { allocations, teams } from "@/server/db/schema";
import {
  computeSlots,
  countSlotsByDate,
  longestDayMinutes,
  partsOfWork,
  type HeldInterval,
  type Slot,
  type SlotQuery,
  type VisitPart,
} from "../domain/slots";
import { MAX_VISIT_SPAN_DAYS } from "@/lib/visit-days";
import { loadOpeningHours } from "./opening-hours";
import { loadClosures } from "./weather";

// Everything the slot engine needs for a window of local dates, in five queries whatever the window's
// length: settings, active teams, weekly hours, the window's overrides, the time held in it and the
// weather closures over it.

export type SlotContext = Omit<SlotQuery, "durationMinutes" | "bufferMinutes"> & {
  businessBufferMinutes: number;
  holdMinutes: number;
};

/**
 * Held time of every team overlapping [from, to): holding allocations, minus holds already past their
 * expiry (they no longer hold anything; the next writer or the expiry job marks them expired).
 */
export async function loadHeld(db: DbOrTx, from: Date, to: Date, now: Date): Promise<HeldInterval[]> {
  const rows = await db
    .select({
      teamId: allocations.teamId,
      start: sql<number>`(extract(epoch from lower(${allocations.during})) * 1000)::float8`,
      end: sql<number>`(extract(epoch from upper(${allocations.during})) * 1000)::float8`,
    })
    .from(allocations)
    .where(
      sql`${allocations.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)
        AND ${allocationHoldsTime(allocations.status)}
        AND NOT ${allocationHoldLapsed(allocations, now)}`,
    );
  return rows.map((r) => ({ teamId: r.teamId, start: Number(r.start), end: Number(r.end) }));
}

export async function loadSlotContext(
  db: DbOrTx,
  window: { from: string; to: string },
  now: Date = new Date(),
): Promise<SlotContext> {
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const [teamRows, { weeklyHours, overrides }] = await Promise.all([
    db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.isActive, true))
      .orderBy(asc(teams.sortOrder), asc(teams.name)),
    // The hours and held time reach past the window by the longest a visit may run (ADR 0056): a visit
    // over several days starting on its last date has parts there.
    loadOpeningHours(db, { from: window.from, to: addDays(window.to, MAX_VISIT_SPAN_DAYS) }),
  ]);
  // A day before and after: held time there can reach into the first and last day's buffers.
  const from = localToInstant(addDays(window.from, -1), 0, tz) ?? new Date(`${window.from}T00:00:00Z`);
  const to =
    localToInstant(addDays(window.to, MAX_VISIT_SPAN_DAYS + 2), 0, tz) ?? new Date(`${window.to}T00:00:00Z`);
  const teamIds = teamRows.map((t) => t.id);
  const [held, closed] = await Promise.all([
    loadHeld(db, from, to, now),
    loadClosures(db, from, to, teamIds),
  ]);
  return {
    timeZone: tz,
    weeklyHours,
    overrides,
    teams: teamIds,
    held,
    closed,
    slotIntervalMinutes: settings.slotIntervalMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    now,
    from: window.from,
    to: window.to,
    businessBufferMinutes: settings.bufferMinutes,
    holdMinutes: settings.holdMinutes,
  };
}

/**
 * What is being booked: its minutes of work, the zone's extra travel buffer (added to the business's)
 * and whether the work may go on after a break of the day (default true — ADR 0054).
 */
export type JobShape = { durationMinutes: number; zoneBufferMinutes: number; spansBreaks?: boolean };

/** The job a quote describes: its work, its zone's travel buffer, whether it may span a break. */
export function jobOfQuote(q: {
  totalMinutes: number;
  travelBufferMinutes: number;
  spansBreaks: boolean;
}): JobShape {
  return {
    durationMinutes: q.totalMinutes,
    zoneBufferMinutes: q.travelBufferMinutes,
    spansBreaks: q.spansBreaks,
  };
}

export function slotQuery(ctx: SlotContext, job: JobShape): SlotQuery {
  return {
    ...ctx,
    durationMinutes: job.durationMinutes,
    spansBreaks: job.spansBreaks ?? true,
    bufferMinutes: ctx.businessBufferMinutes + job.zoneBufferMinutes,
  };
}

/**
 * The job's parts if it starts then, under the hours of its dates (ADR 0054, 0056): one part for a job of
 * one day, each day's part for a visit over several; the last part's end is the job's end.
 */
export async function jobPartsAt(db: DbOrTx, job: JobShape, start: Date): Promise<VisitPart[]> {
  const settings = await getSettingsOrThrow(db);
  const date = localDateOf(start, settings.timeZone);
  const hours = await loadOpeningHours(db, { from: date, to: addDays(date, MAX_VISIT_SPAN_DAYS) });
  return partsOfWork(
    {
      ...hours,
      timeZone: settings.timeZone,
      durationMinutes: job.durationMinutes,
      spansBreaks: job.spansBreaks,
      bufferMinutes: settings.bufferMinutes + job.zoneBufferMinutes,
    },
    start,
  );
}

/**
 * The most work one working day holds over the booking horizon (ADR 0054), for a job that may span the
 * day's breaks and for one that may not — with the business's buffer before and after.
 */
export async function loadWorkingDayLimits(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ spanning: number; oneStretch: number }> {
  const settings = await getSettingsOrThrow(db);
  const from = localDateOf(now, settings.timeZone);
  const to = addDays(from, settings.horizonDays);
  const hours = await loadOpeningHours(db, { from, to });
  const q = { ...hours, bufferMinutes: settings.bufferMinutes };
  return {
    spanning: longestDayMinutes({ ...q, spansBreaks: true }, from, to),
    oneStretch: longestDayMinutes({ ...q, spansBreaks: false }, from, to),
  };
}

/** For pages: the working-day limits, through the process's handle. */
export async function getWorkingDayLimits(): Promise<{ spanning: number; oneStretch: number }> {
  return loadWorkingDayLimits(await getDb());
}

/** The bookable starts of one local date. */
export async function getDaySlots(
  db: DbOrTx,
  input: JobShape & { date: string; now?: Date },
): Promise<Slot[]> {
  const ctx = await loadSlotContext(db, { from: input.date, to: input.date }, input.now);
  return computeSlots(slotQuery(ctx, input)).get(input.date) ?? [];
}

/** The month view: per local date from `from` to `to`, how many starts can be booked. */
export async function getMonthAvailability(
  db: DbOrTx,
  input: JobShape & { from: string; to: string; now?: Date },
): Promise<Map<string, number>> {
  const ctx = await loadSlotContext(db, { from: input.from, to: input.to }, input.now);
  return countSlotsByDate(slotQuery(ctx, input));
}
