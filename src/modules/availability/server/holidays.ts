import "server-only";
import { publishScheduleFromToday } from "./schedule-events";
import { eq } from "drizzle-orm";
import { isoWeekday, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow, saveSettingsSection } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Db, type DbOrTx, getDb, type Tx } from "@/server/db";
import { dateOverrides } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { holidayMap, holidayRegionName, publicHolidays } from "@/modules/holidays/domain/holidays";
import { type MinuteRange, weekdayName } from "@/lib/time-ranges";
import type { HolidayDateInput, HolidayRegionInput } from "../schedule-schemas";
import { deleteOverride, saveOverride, type SaveHoursResult } from "./hours";
import { loadOverrides, loadWeeklyHours } from "./hours-queries";
import { onDates, type StrandedBooking, upcomingHeld, weekdayRanges } from "./hours-stranded";

// Public holidays on the opening hours screen (ADR 0055). A holiday of the business's region is closed
// unless it has an override of its own (loadOpeningHours); "Open anyway" gives it one with its weekday's
// hours, "Close again" deletes it. The region is a setting, saved through the settings module.

export type HolidayDay = {
  date: string;
  name: string;
  /** Open anyway (an override with hours), or closed (no override, or a closed one). */
  isOpen: boolean;
  /** The override's hours when open; the weekday's hours "Open anyway" would give when closed. */
  ranges: MinuteRange[];
  /** The business doesn't work this weekday: nothing to open. */
  isClosedWeekday: boolean;
  /** Time held on the date although it is closed: bookings (and requested moves) to see to. */
  held: StrandedBooking[];
};

export type HolidaySchedule = {
  region: string;
  regionName: string;
  from: string;
  to: string;
  days: HolidayDay[];
};

/** The date a year after `date` less a day: the last day of "the next 12 months". */
const yearAfter = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
};

/** The region and its public holidays of the next 12 months, each with its state and what it holds. */
export async function loadHolidaySchedule(db: DbOrTx, now = new Date()): Promise<HolidaySchedule> {
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const from = localDateOf(now, tz);
  const to = yearAfter(from);
  const holidays = publicHolidays(settings.holidayRegion, from, to);
  const base = {
    region: settings.holidayRegion,
    regionName: holidayRegionName(settings.holidayRegion),
    from,
    to,
  };
  if (holidays.length === 0) return { ...base, days: [] };
  const dates = holidays.map((h) => h.date);
  const [week, overrides, held] = await Promise.all([
    loadWeeklyHours(db),
    loadOverrides(db, { from }),
    upcomingHeld(db, now, onDates(dates)),
  ]);
  const days = holidays.map((h): HolidayDay => {
    const own = overrides.find((o) => o.date === h.date);
    const weekly = week.find((w) => w.weekday === isoWeekday(h.date))?.ranges ?? [];
    const isOpen = !!own && !own.isClosed && own.ranges.length > 0;
    return {
      date: h.date,
      name: h.name,
      isOpen,
      ranges: isOpen && own ? own.ranges : weekly,
      isClosedWeekday: weekly.length === 0,
      held: isOpen ? [] : held.filter((b) => localDateOf(b.startsAt, tz) === h.date),
    };
  });
  return { ...base, days };
}

export async function getHolidaySchedule(): Promise<HolidaySchedule> {
  return loadHolidaySchedule(await getDb());
}

/** Saves whose public holidays close the business (audited as a settings change). */
export async function saveHolidayRegion(
  db: Db,
  actor: Actor,
  input: HolidayRegionInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    const result = await saveSettingsSection(tx, actor, "holidays", input);
    if (result.changed.length) await publishScheduleFromToday(tx, await getSettingsOrThrow(tx), now, null);
    return result;
  });
}

/** The holiday's name, or a field error: only an upcoming public holiday of the region opens or closes. */
async function holidayOrThrow(tx: DbOrTx, date: string, now: Date): Promise<string> {
  const settings = await getSettingsOrThrow(tx);
  if (date < localDateOf(now, settings.timeZone))
    throw new AppError("VALIDATION", undefined, { date: ["Choose today or a later date."] });
  const name = holidayMap(settings.holidayRegion, date, date).get(date);
  if (!name)
    throw new AppError("VALIDATION", undefined, {
      date: [`That date is not a public holiday in ${holidayRegionName(settings.holidayRegion)}.`],
    });
  return name;
}

type HolidayOverride = typeof dateOverrides.$inferSelect;

/**
 * A change to one public holiday's opening: one transaction, by an admin, on an upcoming holiday of the
 * region (its name), with the date's own override if it has one.
 */
async function holidayChange<T>(
  db: Db,
  actor: Actor,
  date: string,
  now: Date,
  change: (tx: Tx, holiday: { name: string; own: HolidayOverride | undefined }) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const name = await holidayOrThrow(tx, date, now);
    const [own] = await tx.select().from(dateOverrides).where(eq(dateOverrides.date, date));
    return change(tx, { name, own });
  });
}

/** "Open anyway": the holiday gets its weekday's hours as an override of its own (noted with its name). */
export async function openHoliday(
  db: Db,
  actor: Actor,
  input: HolidayDateInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHoursResult> {
  return holidayChange(db, actor, input.date, now, async (tx, { name, own }) => {
    const ranges = await weekdayRanges(tx, isoWeekday(input.date));
    if (ranges.length === 0)
      throw new AppError("VALIDATION", undefined, {
        date: [
          `You don't open on ${weekdayName(isoWeekday(input.date))}s. To work that day, add it under “Dates with different hours”.`,
        ],
      });
    if (own && !own.isClosed) return { ok: true, stranded: [] };
    // Opening only adds hours: what the date holds already was outside them, so nothing to confirm.
    return saveOverride(
      tx,
      actor,
      {
        id: own?.id,
        date: input.date,
        isClosed: false,
        ranges,
        note: own?.note || name,
        confirmStranded: true,
      },
      { now },
    );
  });
}

/** "Close again": the holiday's own override goes, so it is closed as a public holiday. */
export async function closeHoliday(
  db: Db,
  actor: Actor,
  input: HolidayDateInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<SaveHoursResult> {
  return holidayChange(db, actor, input.date, now, async (tx, { own }) => {
    if (!own) return { ok: true, stranded: [] };
    return deleteOverride(tx, actor, { id: own.id, confirmStranded: input.confirmStranded }, { now });
  });
}
