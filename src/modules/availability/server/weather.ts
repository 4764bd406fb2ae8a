import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db";
import { weatherDays } from "@/server/db/schema";
import type { HeldInterval } from "../domain/slots";

// Weather closures (issue 17, ADR 0036): a weather day is a period of one local date that some teams (or
// all) cannot work. Availability owns the closure: the slot engine (loadSlotContext) and reserve() subtract
// it, so no new booking — online, phone or offer — lands in it. The bookings module marks the day and moves
// the bookings already there.

export type WeatherDayRow = typeof weatherDays.$inferSelect;

export type NewWeatherDay = {
  date: string;
  startsAt: Date;
  endsAt: Date;
  /** Null: every team. */
  teamIds: string[] | null;
  message: string;
  createdBy: string;
};

/** Writes the closure; from this transaction on, the slot engine sees it. */
export async function insertWeatherDay(tx: Tx, input: NewWeatherDay): Promise<WeatherDayRow> {
  const [row] = await tx
    .insert(weatherDays)
    .values({
      date: input.date,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      teamIds: input.teamIds && input.teamIds.length ? input.teamIds : null,
      message: input.message,
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error("weather day insert returned nothing");
  return row;
}

/**
 * Lifts the closure (the weather cleared): from this transaction on, the slot engine no longer sees it.
 * Null when it was lifted already (the row is locked, so two admins lifting at once lift it once).
 */
export async function liftWeatherDayClosure(
  tx: Tx,
  id: string,
  by: string,
  now: Date,
): Promise<WeatherDayRow | null> {
  const [row] = await tx
    .update(weatherDays)
    .set({ liftedAt: now, liftedBy: by })
    .where(and(eq(weatherDays.id, id), isNull(weatherDays.liftedAt)))
    .returning();
  return row ?? null;
}

/** The closures in force overlapping [from, to), per team (a closure of every team is expanded to `teams`). */
export async function loadClosures(
  db: DbOrTx,
  from: Date,
  to: Date,
  teams: readonly string[],
): Promise<HeldInterval[]> {
  const rows = await db
    .select({ startsAt: weatherDays.startsAt, endsAt: weatherDays.endsAt, teamIds: weatherDays.teamIds })
    .from(weatherDays)
    .where(
      sql`${weatherDays.startsAt} < ${to.toISOString()}::timestamptz AND ${weatherDays.endsAt} > ${from.toISOString()}::timestamptz AND ${weatherDays.liftedAt} IS NULL`,
    );
  return rows.flatMap((r) =>
    (r.teamIds ?? teams).map((teamId) => ({
      teamId,
      start: r.startsAt.getTime(),
      end: r.endsAt.getTime(),
    })),
  );
}

export async function findWeatherDay(db: DbOrTx, id: string): Promise<WeatherDayRow | null> {
  const [row] = await db.select().from(weatherDays).where(eq(weatherDays.id, id));
  return row ?? null;
}

/** The latest weather days first. */
export async function listWeatherDayRows(db: DbOrTx, limit = 20): Promise<WeatherDayRow[]> {
  return db
    .select()
    .from(weatherDays)
    .orderBy(desc(weatherDays.date), asc(weatherDays.startsAt), desc(weatherDays.createdAt))
    .limit(limit);
}
