import "server-only";
import { allocationHoldsTime } from "@/server/db/time-taken";
import type { Actor } from "@/server/audit";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { localDateOf } from "@/lib/dates";
import { writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, blocks, bookings, teams } from "@/server/db/schema";
import { port } from "@/server/ports";
import { AppError, SQLSTATE, sqlState } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { formatTimeSpan } from "./calendar";

// Blocks: an admin-made busy period for one team or for all of them (one `blocks` row and one
// allocation per team, ADR 0002). The overlap guard is the judge: we look first so that the refusal can
// say what is in the way, and a block that loses a race with a booking still fails on 23P01 — in both
// cases nothing is written. Like any use case that takes time, it first expires the lapsed holds it
// meets (they no longer hold; see holds.ts). Deleting a block releases its time by status; no
// allocation row is deleted.

export type { Actor };
export type CreateBlockInput = { teamId: string | null; startsAt: Date; endsAt: Date; reason: string };

export const MAX_BLOCK_DAYS = 92;
const MAX_REASON = 200;

type Conflict = {
  teamName: string;
  kind: "booking" | "reschedule_hold" | "block";
  status: string;
  during: { start: Date; end: Date };
  reference: string | null;
  jobStart: Date | null;
  jobEnd: Date | null;
  reason: string | null;
};

async function findConflicts(
  db: DbOrTx,
  teamIds: string[],
  startsAt: Date,
  endsAt: Date,
): Promise<Conflict[]> {
  return db
    .select({
      teamName: teams.name,
      kind: allocations.kind,
      status: allocations.status,
      during: allocations.during,
      reference: bookings.reference,
      jobStart: bookings.startsAt,
      jobEnd: bookings.endsAt,
      reason: blocks.reason,
    })
    .from(allocations)
    .innerJoin(teams, eq(teams.id, allocations.teamId))
    .leftJoin(bookings, eq(bookings.id, allocations.bookingId))
    .leftJoin(blocks, eq(blocks.id, allocations.blockId))
    .where(
      and(
        inArray(allocations.teamId, teamIds),
        allocationHoldsTime(allocations.status),
        sql`${allocations.during} && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .orderBy(sql`lower(${allocations.during})`, asc(teams.sortOrder));
}

/** "Van 1 is booked then (FC-7K3M9Q, 10:00–12:00 GMT). Choose another time or team." */
export function conflictMessage(conflicts: Conflict[], startsAt: Date, timeZone: string): string {
  const first = conflicts[0];
  if (!first) return "Something else took that time just now. Choose another time or team.";
  const onAnotherDay =
    localDateOf(first.during.start, timeZone) !== localDateOf(startsAt, timeZone) ||
    localDateOf(first.during.end, timeZone) !== localDateOf(startsAt, timeZone);
  const span = formatTimeSpan(first.during.start, first.during.end, timeZone, onAnotherDay);
  const ref = first.reference ?? "a booking";
  let what: string;
  if (first.kind === "block") what = `is already blocked then (${first.reason ?? "Blocked"}, ${span})`;
  else if (first.kind === "reschedule_hold") what = `is held for a requested move then (${ref}, ${span})`;
  else if (first.status === "pending_payment")
    what = `is held for a booking awaiting payment then (${ref}, ${span})`;
  else {
    const job =
      first.jobStart && first.jobEnd ? formatTimeSpan(first.jobStart, first.jobEnd, timeZone) : span;
    // The held range may run past the job itself (travel and buffer); say so rather than confuse.
    what =
      job === span
        ? `is booked then (${ref}, ${span})`
        : `is booked then (${ref}, ${job}; held ${span} with travel and buffer)`;
  }
  const others = conflicts.length - 1;
  const more =
    others > 0
      ? ` ${others === 1 ? "1 other thing is" : `${others} other things are`} in that time too.`
      : "";
  return `${first.teamName} ${what}.${more} Choose another time or team.`;
}

function validate(input: CreateBlockInput): CreateBlockInput {
  const reason = input.reason.trim();
  if (!reason)
    throw new AppError("VALIDATION", undefined, {
      reason: ["Say why this time is blocked, e.g. “Van service”."],
    });
  if (reason.length > MAX_REASON)
    throw new AppError("VALIDATION", undefined, { reason: [`Use at most ${MAX_REASON} characters.`] });
  if (!(input.startsAt < input.endsAt))
    throw new AppError("VALIDATION", undefined, { endTime: ["The end must be after the start."] });
  if (input.endsAt.getTime() - input.startsAt.getTime() > MAX_BLOCK_DAYS * 86_400_000)
    throw new AppError("VALIDATION", undefined, {
      endTime: [`A block can last at most ${MAX_BLOCK_DAYS} days. Add another one for longer.`],
    });
  return { ...input, reason };
}

async function teamsFor(tx: Tx, teamId: string | null) {
  if (teamId === null) {
    const rows = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.isActive, true))
      .orderBy(asc(teams.sortOrder), asc(teams.name));
    if (!rows.length)
      throw new AppError("VALIDATION", undefined, { teamId: ["There are no active teams to block."] });
    return rows;
  }
  const [row] = await tx
    .select({ id: teams.id, name: teams.name, isActive: teams.isActive })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!row)
    throw new AppError("VALIDATION", undefined, { teamId: ["This team no longer exists. Reload the page."] });
  if (!row.isActive)
    throw new AppError("VALIDATION", undefined, {
      teamId: [`${row.name} is inactive; it takes no bookings.`],
    });
  return [row];
}

/** Blocks time for one team or all active teams; refuses (writing nothing) when something holds it. */
export async function createBlock(db: DbOrTx, actor: Actor, raw: CreateBlockInput): Promise<string> {
  const input = validate(raw);
  const { timeZone } = await getSettingsOrThrow(db);
  let teamIds: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const targets = await teamsFor(tx, input.teamId);
      teamIds = targets.map((t) => t.id);
      // Booking holds are the bookings module's to expire (ADR 0014): its expiry is handed in by the
      // composition root and covers reschedule holds too.
      const holds = port("holdExpiry");
      const expired = await holds.expire(tx, new Date(), { from: input.startsAt, to: input.endsAt });
      const conflicts = await findConflicts(tx, teamIds, input.startsAt, input.endsAt);
      if (conflicts.length)
        throw new AppError("CONFLICT", conflictMessage(conflicts, input.startsAt, timeZone));
      const [block] = await tx
        .insert(blocks)
        .values({
          teamId: input.teamId,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          reason: input.reason,
          createdBy: actor.id,
        })
        .returning({ id: blocks.id });
      if (!block) throw new Error("block insert returned nothing");
      await tx.insert(allocations).values(
        targets.map((t) => ({
          teamId: t.id,
          during: { start: input.startsAt, end: input.endsAt },
          kind: "block" as const,
          status: "block" as const,
          blockId: block.id,
        })),
      );
      await writeAudit(tx, {
        actorId: actor.id,
        ip: actor.ip,
        action: "block.created",
        entity: "block",
        entityId: block.id,
        summary: {
          teamId: input.teamId,
          teams: targets.map((t) => t.name),
          startsAt: input.startsAt.toISOString(),
          endsAt: input.endsAt.toISOString(),
          reason: input.reason,
        },
      });
      await holds.publish(tx, expired);
      await publish(
        tx,
        "schedule.changed",
        { audience: "admins" },
        { from: input.startsAt.toISOString(), to: input.endsAt.toISOString(), teamId: input.teamId },
      );
      return block.id;
    });
  } catch (err) {
    // Lost a race: something committed into this time after we looked. Our transaction is gone, so
    // look again outside it to say what it was.
    if (sqlState(err) === SQLSTATE.exclusionViolation) {
      const conflicts = teamIds.length ? await findConflicts(db, teamIds, input.startsAt, input.endsAt) : [];
      throw new AppError("CONFLICT", conflictMessage(conflicts, input.startsAt, timeZone));
    }
    throw err;
  }
}

/** Soft-deletes a block and releases its time on every team it held. */
export async function deleteBlock(db: DbOrTx, actor: Actor, input: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [block] = await tx
      .select()
      .from(blocks)
      .where(and(eq(blocks.id, input.id), isNull(blocks.deletedAt)))
      .for("update");
    if (!block) throw new AppError("NOT_FOUND", "This block has already been deleted. Reload the page.");
    const now = new Date();
    await tx.update(blocks).set({ deletedAt: now }).where(eq(blocks.id, block.id));
    const released = await tx
      .update(allocations)
      .set({ status: "released", releasedAt: now })
      .where(and(eq(allocations.blockId, block.id), eq(allocations.status, "block")))
      .returning({ teamId: allocations.teamId });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "block.deleted",
      entity: "block",
      entityId: block.id,
      summary: {
        teamId: block.teamId,
        startsAt: block.startsAt.toISOString(),
        endsAt: block.endsAt.toISOString(),
        reason: block.reason,
        released: released.length,
      },
    });
    await publish(
      tx,
      "schedule.changed",
      { audience: "admins" },
      { from: block.startsAt.toISOString(), to: block.endsAt.toISOString(), teamId: block.teamId },
    );
  });
}
