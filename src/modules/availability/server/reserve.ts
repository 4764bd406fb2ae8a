import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { AllocationKind, AllocationStatus } from "@/lib/enums";
import { localDateOf, localDayStart, addDays } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, teams } from "@/server/db/schema";
import { SQLSTATE, sqlState } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import {
  type HeldInterval,
  partsOfSlot,
  type Slot,
  slotAt,
  teamsFreeAt,
  type VisitPart,
  withoutOwnTime,
} from "../domain/slots";
import { type ExpiredHolds, type HoldExpiry } from "./holds";
import { port } from "@/server/ports";
import { type JobShape, loadSlotContext, slotQuery } from "./slots";

// Holding time for a job — the concurrency guarantee (ADR 0009). In one transaction:
// 1. reserves on the same local date queue behind one advisory lock, so the re-check below is exact;
// 2. holds past their expiry in that window are expired (they stop holding now, officially);
// 3. the exact interval is re-checked with the slot engine against what is held now;
// 4. the free teams are tried in a stable order, least busy that day first: the owner row and its
//    allocation are written under a savepoint, and an exclusion violation (23P01 — the database's
//    overlap guard, which holds even for writers that skip this function) moves on to the next team;
// 5. none left → a typed "taken" result the caller shows with a fresh slot list, never a 500.

export const RESERVE_LOCK_NAMESPACE = 727276;

export type AllocationOwner = {
  kind: AllocationKind;
  status: AllocationStatus;
  bookingId?: string | null;
  rescheduleRequestId?: string | null;
  holdExpiresAt?: Date | null;
};

/** A stretch of a team's time that is the caller's own (each day's part of a booking being moved). */
export type OwnTime = { teamId: string; start: Date; end: Date };

/** The slot reserve() took: the team, the start and end, and each day's part (one for a job of one day). */
export type ReservedSlot = { teamId: string; start: Date; end: Date; parts: VisitPart[] };

export type ReserveInput<T> = JobShape & {
  start: Date;
  now?: Date;
  /** Only these teams (an admin assigning a team); default every active team. */
  teamIds?: readonly string[];
  /**
   * Time that does not count as taken: the booking's own, when holding an alternative for it (a
   * reschedule hold may overlap the booking it moves — the overlap guard allows that too).
   */
  ownTime?: readonly OwnTime[] | null;
  /**
   * Writes the owning row for the chosen team, inside a savepoint. It returns the allocation to write,
   * or null when the owner writes its own (a booking's allocation is the bookings module's — ADR 0014);
   * either way an overlap (23P01) moves on to the next team.
   */
  createOwner: (tx: Tx, slot: ReservedSlot) => Promise<{ owner: T; allocation: AllocationOwner | null }>;
  /**
   * Expires the stale holds of the day under the lock. Defaults to the one the composition root
   * registered (the bookings module's, which expires booking holds too — ADR 0014); createBooking passes
   * it explicitly.
   */
  holdExpiry?: HoldExpiry;
  /** More writes after the allocation (events, emails), before the live events are published. */
  afterReserve?: (tx: Tx, result: { teamId: string; owner: T }) => Promise<void>;
};

export type ReserveResult<T> =
  ({ ok: true; owner: T } & ReservedSlot) | { ok: false; reason: "taken" | "unavailable"; message: string };

const SKIP = Symbol("team no longer active");
const TAKEN = "That time was just taken. Please choose another.";
const UNAVAILABLE = "That time can't be booked. Please choose one of the times shown.";

export async function reserve<T>(db: DbOrTx, input: ReserveInput<T>): Promise<ReserveResult<T>> {
  const now = input.now ?? new Date();
  const holds = input.holdExpiry ?? port("holdExpiry");
  return db.transaction(async (tx) => {
    const settings = await getSettingsOrThrow(tx);
    const date = localDateOf(input.start, settings.timeZone);
    await lockDate(tx, date);
    let found = await findSlot(tx, input, { date, timeZone: settings.timeZone, now, holds });
    // A visit over several days (ADR 0056): every later date it reaches is locked too, in date order
    // (as every reserve locks, so two never wait on each other), and the slot is found again under them.
    const dates = partDates(found.slot, settings.timeZone).filter((d) => d > date);
    if (dates.length) {
      for (const d of dates) await lockDate(tx, d);
      const before = found.expired;
      found = await findSlot(tx, input, {
        date,
        timeZone: settings.timeZone,
        now,
        holds,
        through: dates.at(-1) as string,
      });
      found.expired = joinExpired(before, found.expired);
    }
    const { slot, free, query, expired, ctx } = found;
    if (!slot || free.length === 0) {
      await holds.publish(tx, expired);
      const wouldFit = teamsFreeAt({ ...query, held: [] }, input.start).some(
        (t) => !input.teamIds || input.teamIds.includes(t),
      );
      return wouldFit
        ? { ok: false as const, reason: "taken" as const, message: TAKEN }
        : { ok: false as const, reason: "unavailable" as const, message: UNAVAILABLE };
    }
    const parts = partsOfSlot(slot);
    for (const { teamId } of leastBusyFirst(free, ctx.held, input.start, settings.timeZone)) {
      try {
        const owner = await tx.transaction(async (sp) => {
          // The team must still be active: deactivating one locks its row, so this waits for that.
          const [active] = await sp
            .select({ id: teams.id })
            .from(teams)
            .where(and(eq(teams.id, teamId), eq(teams.isActive, true)))
            .for("share");
          if (!active) return SKIP;
          const made = await input.createOwner(sp, { teamId, start: input.start, end: slot.end, parts });
          const a = made.allocation;
          if (a)
            await sp.insert(allocations).values(
              parts.map((p) => ({
                teamId,
                during: { start: p.start, end: p.end },
                kind: a.kind,
                status: a.status,
                bookingId: a.bookingId ?? null,
                rescheduleRequestId: a.rescheduleRequestId ?? null,
                holdExpiresAt: a.holdExpiresAt ?? null,
              })),
            );
          return made.owner;
        });
        if (owner === SKIP) continue;
        await input.afterReserve?.(tx, { teamId, owner });
        await holds.publish(tx, expired);
        await publish(
          tx,
          "schedule.changed",
          { audience: "admins" },
          { from: input.start.toISOString(), to: slot.end.toISOString(), teamId },
        );
        return { ok: true as const, teamId, start: input.start, end: slot.end, parts, owner };
      } catch (err) {
        if (sqlState(err) === SQLSTATE.exclusionViolation) continue;
        throw err;
      }
    }
    await holds.publish(tx, expired);
    return { ok: false as const, reason: "taken" as const, message: TAKEN };
  });
}

/** Reserves on one local date queue behind one advisory lock. */
async function lockDate(tx: Tx, date: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}, hashtext(${date}))`);
}

/** The local dates a slot's parts fall on, in order. */
function partDates(slot: Slot | null, timeZone: string): string[] {
  return slot ? [...new Set(partsOfSlot(slot).map((p) => localDateOf(p.start, timeZone)))] : [];
}

/**
 * Under the lock: expires the stale holds from the start's date through `through`, loads what is held
 * and finds the slot at the start, with the teams free for it (the caller's own time left out).
 */
async function findSlot<T>(
  tx: Tx,
  input: ReserveInput<T>,
  at: { date: string; timeZone: string; now: Date; holds: HoldExpiry; through?: string },
) {
  const dayStart = localDayStart(at.date, at.timeZone);
  const last = at.through ?? at.date;
  const dayEnd = localDayStart(addDays(last, 1), at.timeZone);
  const expired = await at.holds.expire(tx, at.now, { from: dayStart, to: dayEnd });
  const loaded = await loadSlotContext(tx, { from: at.date, to: at.date }, at.now);
  const ctx = { ...loaded, held: withoutOwnTime(loaded.held, input.ownTime ?? []) };
  const query = slotQuery(ctx, input);
  // The slot's end is where its work ends: later than start + work when it spans a break (ADR 0054),
  // on a later day for a visit over several (ADR 0056).
  const slot = slotAt(query, input.start);
  const free = (slot?.teamIds ?? []).filter((t) => !input.teamIds || input.teamIds.includes(t));
  return { slot, free, query, ctx, expired };
}

/** What two expiries freed, as one. */
function joinExpired(a: ExpiredHolds, b: ExpiredHolds): ExpiredHolds {
  const ends = [a.span, b.span].filter((x): x is [Date, Date] => x !== null);
  return {
    bookingIds: [...a.bookingIds, ...b.bookingIds],
    rescheduleRequestIds: [...a.rescheduleRequestIds, ...b.rescheduleRequestIds],
    span: ends.length
      ? [
          new Date(Math.min(...ends.map((x) => x[0].getTime()))),
          new Date(Math.max(...ends.map((x) => x[1].getTime()))),
        ]
      : null,
  };
}

/** The free teams, least busy on the start's date first; ties keep the business's team order. */
function leastBusyFirst(
  free: readonly string[],
  held: readonly HeldInterval[],
  start: Date,
  timeZone: string,
): { teamId: string }[] {
  const date = localDateOf(start, timeZone);
  const dayStart = localDayStart(date, timeZone).getTime();
  const dayEnd = localDayStart(addDays(date, 1), timeZone).getTime();
  const busy = new Map<string, number>();
  for (const h of held) {
    const overlap = Math.min(h.end, dayEnd) - Math.max(h.start, dayStart);
    if (overlap > 0) busy.set(h.teamId, (busy.get(h.teamId) ?? 0) + overlap);
  }
  return free
    .map((teamId, i) => ({ teamId, i, busy: busy.get(teamId) ?? 0 }))
    .sort((a, b) => a.busy - b.busy || a.i - b.i);
}
