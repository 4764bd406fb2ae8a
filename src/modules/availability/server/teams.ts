import "server-only";
import { publishScheduleFromToday } from "./schedule-events";
import { allocationHoldsTime } from "@/server/db/time-taken";
import type { Actor } from "@/server/audit";
import { asc, eq, sql } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import { type DbOrTx, getDb, type Tx } from "@/server/db";
import { allocations, blocks, bookings, rescheduleRequests, teams } from "@/server/db/schema";
import { AppError, SQLSTATE, sqlState } from "@/server/errors";
import type {
  TeamActiveInput,
  TeamIdInput,
  TeamInput,
  TeamMoveInput,
  UpdateTeamInput,
} from "../schedule-schemas";

// Teams (vans, bays, technicians): the bookable resource. The number of active teams is how many jobs
// can run at once. Every write is one transaction with its audit row and, last, a schedule.changed
// live event (capacity, names and colours all show on the live calendars).

export type { Actor };

export type AdminTeam = {
  id: string;
  name: string;
  colour: string;
  isActive: boolean;
  /** Bookings (and requested moves) holding this team's time that start after now. */
  upcomingCount: number;
  /**
   * Why the team can't be deleted, as deleteTeam would refuse: bookings use it (past or upcoming), or
   * blocks or requested moves are on its calendar; null when it can be.
   */
  deleteBlockedBy: "bookings" | "calendar" | null;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Every team, active or not, in the business's order, with its count of upcoming bookings. */
export async function loadTeamsForAdmin(db: DbOrTx, now: Date = new Date()): Promise<AdminTeam[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      colour: teams.colour,
      isActive: teams.isActive,
      // Qualified by table name: inside the correlated subquery an unqualified "id" binds to allocations.
      upcomingCount: sql<number>`(SELECT count(*) FROM allocations a
        WHERE a.team_id = "teams"."id" AND a.kind IN ('booking', 'reschedule_hold')
          AND ${allocationHoldsTime(sql.raw("a.status"))} AND lower(a.during) > ${now.toISOString()}::timestamptz)`,
      hasBookings: sql<boolean>`EXISTS (SELECT 1 FROM bookings b WHERE b.team_id = "teams"."id")`,
      hasCalendar: sql<boolean>`(EXISTS (SELECT 1 FROM allocations a WHERE a.team_id = "teams"."id")
        OR EXISTS (SELECT 1 FROM reschedule_requests r WHERE r.team_id = "teams"."id")
        OR EXISTS (SELECT 1 FROM blocks k WHERE k.team_id = "teams"."id"))`,
    })
    .from(teams)
    .orderBy(asc(teams.sortOrder), asc(teams.name));
  return rows.map(({ hasBookings, hasCalendar, ...r }) => ({
    ...r,
    upcomingCount: Number(r.upcomingCount),
    deleteBlockedBy: hasBookings ? "bookings" : hasCalendar ? "calendar" : null,
  }));
}

export async function listTeamsForAdmin(): Promise<AdminTeam[]> {
  return loadTeamsForAdmin(await getDb());
}

const nameTaken = () =>
  new AppError("VALIDATION", undefined, { name: ["A team with this name already exists."] });

async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const rows = await tx.select({ id: teams.id, name: teams.name }).from(teams);
  if (rows.some((r) => r.id !== exceptId && r.name.trim().toLowerCase() === name.trim().toLowerCase()))
    throw nameTaken();
}

async function lockTeam(tx: Tx, id: string) {
  const [row] = await tx.select().from(teams).where(eq(teams.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The event every team write ends with: from today over the booking horizon, for this team. */
async function publishTeamChange(tx: Tx, teamId: string, now: Date) {
  await publishScheduleFromToday(tx, await getSettingsOrThrow(tx), now, teamId);
}

export async function createTeam(db: DbOrTx, actor: Actor, input: TeamInput): Promise<string> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [last] = await tx.select({ max: sql<number | null>`max(${teams.sortOrder})` }).from(teams);
    const [row] = await tx
      .insert(teams)
      .values({ name: input.name, colour: input.colour, sortOrder: Number(last?.max ?? 0) + 1 })
      .returning()
      .catch((err: unknown) => {
        if (sqlState(err) === SQLSTATE.uniqueViolation) throw nameTaken();
        throw err;
      });
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "team.created",
      entity: "team",
      entityId: row.id,
      summary: { name: row.name, colour: row.colour },
    });
    await publishTeamChange(tx, row.id, new Date());
    return row.id;
  });
}

export async function updateTeam(db: DbOrTx, actor: Actor, input: UpdateTeamInput): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockTeam(tx, input.id);
    await assertNameFree(tx, input.name, input.id);
    await tx
      .update(teams)
      .set({ name: input.name, colour: input.colour })
      .where(eq(teams.id, input.id))
      .catch((err: unknown) => {
        if (sqlState(err) === SQLSTATE.uniqueViolation) throw nameTaken();
        throw err;
      });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "team.updated",
      entity: "team",
      entityId: input.id,
      summary: {
        from: { name: before.name, colour: before.colour },
        to: { name: input.name, colour: input.colour },
      },
    });
    await publishTeamChange(tx, input.id, new Date());
  });
}

/** Upcoming held time of a team (bookings and requested moves), soonest first. */
async function upcomingOnTeam(tx: Tx, teamId: string, now: Date) {
  return tx
    .select({
      reference: bookings.reference,
      during: allocations.during,
      kind: allocations.kind,
    })
    .from(allocations)
    .innerJoin(bookings, eq(bookings.id, allocations.bookingId))
    .where(
      sql`${allocations.teamId} = ${teamId} AND ${allocations.kind} IN ('booking', 'reschedule_hold')
        AND ${allocationHoldsTime(allocations.status)}
        AND lower(${allocations.during}) > ${now.toISOString()}::timestamptz`,
    )
    .orderBy(sql`lower(${allocations.during})`);
}

const LISTED = 5;

/**
 * Activates or deactivates a team. A team with upcoming bookings can't be deactivated: they would keep a
 * team that takes no work, so the refusal names them (the first few) for the admin to move or cancel.
 */
export async function setTeamActive(
  db: DbOrTx,
  actor: Actor,
  input: TeamActiveInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTeam(tx, input.id);
    if (!input.isActive) {
      const upcoming = await upcomingOnTeam(tx, input.id, now);
      if (upcoming.length > 0) {
        const { timeZone } = await getSettingsOrThrow(tx);
        const listed = upcoming
          .slice(0, LISTED)
          .map(
            (u) =>
              `${u.reference} ${formatDateTime(u.during.start, timeZone)}${u.kind === "reschedule_hold" ? " (requested move)" : ""}`,
          );
        const more = upcoming.length > LISTED ? `; and ${upcoming.length - LISTED} more` : "";
        throw new AppError(
          "CONFLICT",
          `${row.name} has ${plural(upcoming.length, "upcoming booking", "upcoming bookings")}: ${listed.join("; ")}${more}. Move or cancel ${upcoming.length === 1 ? "it" : "them"} first.`,
        );
      }
    }
    if (row.isActive === input.isActive) return;
    await tx.update(teams).set({ isActive: input.isActive }).where(eq(teams.id, input.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: input.isActive ? "team.activated" : "team.deactivated",
      entity: "team",
      entityId: input.id,
      summary: { name: row.name },
    });
    await publishTeamChange(tx, input.id, now);
  });
}

/** Moves a team one place up or down; the list is renumbered 1…n so gaps never accumulate. */
export async function moveTeam(db: DbOrTx, actor: Actor, input: TeamMoveInput): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, input.id);
    const rows = await tx
      .select({ id: teams.id })
      .from(teams)
      .orderBy(asc(teams.sortOrder), asc(teams.name))
      .for("update");
    const from = rows.findIndex((r) => r.id === input.id);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= rows.length) return;
    const [moved] = rows.splice(from, 1);
    if (moved) rows.splice(to, 0, moved);
    for (const [i, r] of rows.entries())
      await tx
        .update(teams)
        .set({ sortOrder: i + 1 })
        .where(eq(teams.id, r.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "team.moved",
      entity: "team",
      entityId: input.id,
      summary: { direction: input.direction, position: to + 1 },
    });
    await publishTeamChange(tx, input.id, new Date());
  });
}

const countOf = async (tx: Tx, query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

/** Deletes a team that has never had anything on its calendar; otherwise says why and to deactivate it. */
export async function deleteTeam(db: DbOrTx, actor: Actor, input: TeamIdInput): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockTeam(tx, input.id);
    const n = sql<number>`count(*)`;
    const bookingCount = await countOf(
      tx,
      tx.select({ n }).from(bookings).where(eq(bookings.teamId, input.id)),
    );
    const calendarCount =
      (await countOf(tx, tx.select({ n }).from(allocations).where(eq(allocations.teamId, input.id)))) +
      (await countOf(
        tx,
        tx.select({ n }).from(rescheduleRequests).where(eq(rescheduleRequests.teamId, input.id)),
      )) +
      (await countOf(tx, tx.select({ n }).from(blocks).where(eq(blocks.teamId, input.id))));
    const refuse = (reason: string) =>
      new AppError("CONFLICT", `${row.name} can't be deleted: ${reason}. Deactivate it instead.`);
    if (bookingCount > 0)
      throw refuse(`${plural(bookingCount, "booking uses", "bookings use")} it, past or upcoming`);
    if (calendarCount > 0) throw refuse("it has blocks or requested moves on its calendar");
    try {
      await tx.delete(teams).where(eq(teams.id, input.id));
    } catch (err) {
      if (sqlState(err) === SQLSTATE.foreignKeyViolation) throw refuse("something on its calendar uses it");
      throw err;
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "team.deleted",
      entity: "team",
      entityId: input.id,
      summary: { name: row.name, colour: row.colour },
    });
    await publishTeamChange(tx, input.id, new Date());
  });
}
