import "server-only";
import { publishScheduleFromToday } from "./schedule-events";
import type { Actor } from "@/server/audit";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import { addDays, isoWeekday, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, dateOverrideRanges, dateOverrides, workingHours } from "@/server/db/schema";
import { AppError, SQLSTATE, sqlState } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import { holidayMap } from "@/modules/holidays/domain/holidays";
import { formatRanges, type MinuteRange, weekdayName } from "@/lib/time-ranges";
import type { DateOverrideInput, DeleteOverrideInput, WeeklyHoursInput } from "../schedule-schemas";
import type { AdminOverride } from "./hours-queries";
import {
  auditList,
  lockHours,
  onDates,
  outside,
  regularRanges,
  type StrandedBooking,
  upcomingHeld,
  weekdayRanges,
} from "./hours-stranded";

// Weekly opening hours and date overrides. A change never strands a booking silently: the upcoming
// bookings (and requested moves) that would fall outside the new hours are answered as a value — nothing
// saved — until the admin confirms, and then they are saved and named in the audit row.
//
// Concurrency: hours writes queue behind one advisory lock (two saves of a weekday can't interleave
// their delete + insert), then take the reserving use case's per-date lock for every date they change,
// so a booking being reserved on such a date either commits before the check below sees it, or waits
// and re-checks against the new hours.

export {
  type AdminOverride,
  getWeeklyHours,
  listOverrides,
  listPastOverrides,
  loadOverrides,
  loadWeeklyHours,
  type WeekdayHours,
} from "./hours-queries";
export type { StrandedBooking } from "./hours-stranded";

export type { Actor };

/** `ok: false` = nothing saved: these would fall outside the new hours; save again with `confirmStranded`. */
export type SaveHoursResult =
  { ok: true; stranded: StrandedBooking[] } | { ok: false; stranded: StrandedBooking[] };

/** Every hours change: one transaction, by an admin (checked in it), with the business's settings. */
function hoursChange<T>(
  db: DbOrTx,
  actor: Actor,
  change: (tx: Tx, settings: Awaited<ReturnType<typeof getSettingsOrThrow>>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    return change(tx, await getSettingsOrThrow(tx));
  });
}

// ---- Weekly hours ----

/** Replaces one weekday's ranges (none = closed). Dates with an override keep their own hours. */
export async function saveWeeklyHours(
  db: DbOrTx,
  actor: Actor,
  input: WeeklyHoursInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHoursResult> {
  return hoursChange(db, actor, async (tx, settings) => {
    const tz = settings.timeZone;
    const today = localDateOf(now, tz);
    const lockedDates: string[] = [];
    for (let d = today; d <= addDays(today, settings.horizonDays + 1); d = addDays(d, 1))
      if (isoWeekday(d) === input.weekday) lockedDates.push(d);
    await lockHours(tx, lockedDates);

    const before = await weekdayRanges(tx, input.weekday);
    const overridden = new Set(
      (
        await tx
          .select({ date: dateOverrides.date })
          .from(dateOverrides)
          .where(gte(dateOverrides.date, today))
      ).map((r) => r.date),
    );
    const held = await upcomingHeld(
      tx,
      now,
      sql`extract(isodow from lower(${allocations.during}) AT TIME ZONE ${tz}) = ${input.weekday}`,
    );
    // A public holiday without an override stays closed whatever the weekday's hours (ADR 0055).
    const lastHeld = held.reduce((last, b) => {
      const d = localDateOf(b.startsAt, tz);
      return d > last ? d : last;
    }, today);
    const holidays = holidayMap(settings.holidayRegion, today, lastHeld);
    const stranded = outside(held, tz, (date) =>
      isoWeekday(date) === input.weekday && !overridden.has(date) && !holidays.has(date)
        ? input.ranges
        : undefined,
    );
    if (stranded.length > 0 && !input.confirmStranded) return { ok: false, stranded };

    await tx.delete(workingHours).where(eq(workingHours.weekday, input.weekday));
    if (input.ranges.length)
      await tx
        .insert(workingHours)
        .values(
          input.ranges.map((r) => ({ weekday: input.weekday, opensMinute: r.opens, closesMinute: r.closes })),
        );
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "working_hours.saved",
      entity: "working_hours",
      entityId: String(input.weekday),
      summary: {
        weekday: weekdayName(input.weekday),
        from: formatRanges(before),
        to: formatRanges(input.ranges),
        ...(stranded.length ? { strandedConfirmed: auditList(stranded) } : {}),
      },
    });
    await publishScheduleFromToday(tx, settings, now, null);
    return { ok: true, stranded };
  });
}

// ---- Date overrides ----

const dateTaken = () =>
  new AppError("VALIDATION", undefined, {
    date: ["This date already has its own hours. Edit that entry instead."],
  });

/** Creates (no id) or edits an override. Moving one to another date gives its old date back its weekly hours. */
export async function saveOverride(
  db: DbOrTx,
  actor: Actor,
  input: DateOverrideInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHoursResult & { id?: string }> {
  return hoursChange(db, actor, async (tx, settings) => {
    const tz = settings.timeZone;
    const today = localDateOf(now, tz);
    if (input.date < today)
      throw new AppError("VALIDATION", undefined, { date: ["Choose today or a later date."] });

    let before: AdminOverride | null = null;
    if (input.id) {
      const [row] = await tx.select().from(dateOverrides).where(eq(dateOverrides.id, input.id)).for("update");
      if (!row) throw new AppError("NOT_FOUND");
      const ranges = await tx
        .select()
        .from(dateOverrideRanges)
        .where(eq(dateOverrideRanges.overrideId, row.id));
      before = { ...row, ranges: ranges.map((r) => ({ opens: r.opensMinute, closes: r.closesMinute })) };
    }
    const [clash] = await tx
      .select({ id: dateOverrides.id })
      .from(dateOverrides)
      .where(
        input.id
          ? and(eq(dateOverrides.date, input.date), ne(dateOverrides.id, input.id))
          : eq(dateOverrides.date, input.date),
      );
    if (clash) throw dateTaken();

    const newRanges = new Map<string, readonly MinuteRange[]>([
      [input.date, input.isClosed ? [] : input.ranges],
    ]);
    if (before && before.date !== input.date && before.date >= today)
      newRanges.set(before.date, await regularRanges(tx, before.date, settings.holidayRegion));
    const dates = [...newRanges.keys()];
    await lockHours(tx, dates);
    const held = await upcomingHeld(tx, now, onDates(dates));
    const stranded = outside(held, tz, (date) => newRanges.get(date));
    if (stranded.length > 0 && !input.confirmStranded) return { ok: false, stranded };

    const values = { date: input.date, isClosed: input.isClosed, note: input.note };
    let id = input.id;
    try {
      if (id) await tx.update(dateOverrides).set(values).where(eq(dateOverrides.id, id));
      else {
        const [row] = await tx.insert(dateOverrides).values(values).returning({ id: dateOverrides.id });
        if (!row) throw new Error("insert returned nothing");
        id = row.id;
      }
    } catch (err) {
      if (sqlState(err) === SQLSTATE.uniqueViolation) throw dateTaken();
      throw err;
    }
    const overrideId = id;
    await tx.delete(dateOverrideRanges).where(eq(dateOverrideRanges.overrideId, overrideId));
    if (!input.isClosed && input.ranges.length)
      await tx
        .insert(dateOverrideRanges)
        .values(input.ranges.map((r) => ({ overrideId, opensMinute: r.opens, closesMinute: r.closes })));
    const describeOverride = (o: {
      date: string;
      isClosed: boolean;
      ranges: readonly MinuteRange[];
      note: string;
    }) => ({
      date: o.date,
      hours: o.isClosed ? "Closed" : formatRanges(o.ranges),
      note: o.note,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: before ? "date_override.updated" : "date_override.created",
      entity: "date_override",
      entityId: overrideId,
      summary: {
        ...(before ? { from: describeOverride(before) } : {}),
        to: describeOverride(input),
        ...(stranded.length ? { strandedConfirmed: auditList(stranded) } : {}),
      },
    });
    const sorted = dates.sort();
    await publish(
      tx,
      "schedule.changed",
      { audience: "admins" },
      { from: sorted[0] ?? input.date, to: sorted[sorted.length - 1] ?? input.date, teamId: null },
    );
    return { ok: true, stranded, id: overrideId };
  });
}

/**
 * Removes an override: its date goes back to its weekday's hours, or closed on a public holiday (which
 * may strand bookings too).
 */
export async function deleteOverride(
  db: DbOrTx,
  actor: Actor,
  input: DeleteOverrideInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHoursResult> {
  return hoursChange(db, actor, async (tx, settings) => {
    const tz = settings.timeZone;
    const [row] = await tx.select().from(dateOverrides).where(eq(dateOverrides.id, input.id)).for("update");
    if (!row) throw new AppError("NOT_FOUND");
    let stranded: StrandedBooking[] = [];
    if (row.date >= localDateOf(now, tz)) {
      await lockHours(tx, [row.date]);
      const regular = await regularRanges(tx, row.date, settings.holidayRegion);
      stranded = outside(await upcomingHeld(tx, now, onDates([row.date])), tz, (date) =>
        date === row.date ? regular : undefined,
      );
      if (stranded.length > 0 && !input.confirmStranded) return { ok: false, stranded };
    }
    await tx.delete(dateOverrides).where(eq(dateOverrides.id, row.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "date_override.deleted",
      entity: "date_override",
      entityId: row.id,
      summary: {
        date: row.date,
        isClosed: row.isClosed,
        note: row.note,
        ...(stranded.length ? { strandedConfirmed: auditList(stranded) } : {}),
      },
    });
    await publish(
      tx,
      "schedule.changed",
      { audience: "admins" },
      { from: row.date, to: row.date, teamId: null },
    );
    return { ok: true, stranded };
  });
}
