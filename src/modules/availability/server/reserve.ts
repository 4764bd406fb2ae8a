import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { AllocationKind, AllocationStatus } from "@/lib/enums";
import { localDateOf, localToInstant, addDays } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, teams } from "@/server/db/schema";
import { SQLSTATE, sqlState } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import { slotAt, teamsFreeAt } from "../domain/slots";
import { type HoldExpiry } from "./holds";
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

export type ReserveInput<T> = JobShape & {
  start: Date;
  now?: Date;
  /** Only these teams (an admin assigning a team); default every active team. */
  teamIds?: readonly string[];
  /**
   * Time that does not count as taken: the booking's own, when holding an alternative for it (a
   * reschedule hold may overlap the booking it moves — the overlap guard allows that too).
   */
  ownTime?: { teamId: string; start: Date; end: Date } | null;
  /**
   * Writes the owning row for the chosen team, inside a savepoint. It returns the allocation to write,
   * or null when the owner writes its own (a booking's allocation is the bookings module's — ADR 0014);
   * either way an overlap (23P01) moves on to the next team.
   */
  createOwner: (
    tx: Tx,
    slot: { teamId: string; start: Date; end: Date },
  ) => Promise<{ owner: T; allocation: AllocationOwner | null }>;
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
  | { ok: true; teamId: string; start: Date; end: Date; owner: T }
  | { ok: false; reason: "taken" | "unavailable"; message: string };

const SKIP = Symbol("team no longer active");
const TAKEN = "That time was just taken. Please choose another.";
const UNAVAILABLE = "That time can't be booked. Please choose one of the times shown.";

export async function reserve<T>(db: DbOrTx, input: ReserveInput<T>): Promise<ReserveResult<T>> {
  const now = input.now ?? new Date();
  const holds = input.holdExpiry ?? port("holdExpiry");
  return db.transaction(async (tx) => {
    const settings = await getSettingsOrThrow(tx);
    const date = localDateOf(input.start, settings.timeZone);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}, hashtext(${date}))`);

    const dayStart = localToInstant(date, 0, settings.timeZone) ?? input.start;
    const dayEnd = localToInstant(addDays(date, 1), 0, settings.timeZone) ?? input.start;
    const expired = await holds.expire(tx, now, { from: dayStart, to: dayEnd });

    const loaded = await loadSlotContext(tx, { from: date, to: date }, now);
    const own = input.ownTime;
    const ctx = own
      ? {
          ...loaded,
          held: loaded.held.filter(
            (h) =>
              !(h.teamId === own.teamId && h.start === own.start.getTime() && h.end === own.end.getTime()),
          ),
        }
      : loaded;
    const query = slotQuery(ctx, input);
    const allowed = input.teamIds ? new Set(input.teamIds) : null;
    // The slot's end is where its work ends: later than start + work when it spans a break (ADR 0054).
    const slot = slotAt(query, input.start);
    const free = (slot?.teamIds ?? []).filter((t) => !allowed || allowed.has(t));
    if (!slot || free.length === 0) {
      await holds.publish(tx, expired);
      const wouldFit = teamsFreeAt({ ...query, held: [] }, input.start).some(
        (t) => !allowed || allowed.has(t),
      );
      return wouldFit
        ? { ok: false as const, reason: "taken" as const, message: TAKEN }
        : { ok: false as const, reason: "unavailable" as const, message: UNAVAILABLE };
    }

    // Least busy that day first; ties keep the business's team order.
    const busy = new Map<string, number>();
    for (const h of ctx.held) {
      const overlap = Math.min(h.end, dayEnd.getTime()) - Math.max(h.start, dayStart.getTime());
      if (overlap > 0) busy.set(h.teamId, (busy.get(h.teamId) ?? 0) + overlap);
    }
    const order = free
      .map((teamId, i) => ({ teamId, i, busy: busy.get(teamId) ?? 0 }))
      .sort((a, b) => a.busy - b.busy || a.i - b.i);

    const end = slot.end;
    for (const { teamId } of order) {
      try {
        const owner = await tx.transaction(async (sp) => {
          // The team must still be active: deactivating one locks its row, so this waits for that.
          const [active] = await sp
            .select({ id: teams.id })
            .from(teams)
            .where(and(eq(teams.id, teamId), eq(teams.isActive, true)))
            .for("share");
          if (!active) return SKIP;
          const made = await input.createOwner(sp, { teamId, start: input.start, end });
          if (made.allocation)
            await sp.insert(allocations).values({
              teamId,
              during: { start: input.start, end },
              kind: made.allocation.kind,
              status: made.allocation.status,
              bookingId: made.allocation.bookingId ?? null,
              rescheduleRequestId: made.allocation.rescheduleRequestId ?? null,
              holdExpiresAt: made.allocation.holdExpiresAt ?? null,
            });
          return made.owner;
        });
        if (owner === SKIP) continue;
        await input.afterReserve?.(tx, { teamId, owner });
        await holds.publish(tx, expired);
        await publish(
          tx,
          "schedule.changed",
          { audience: "admins" },
          {
            from: input.start.toISOString(),
            to: end.toISOString(),
            teamId,
          },
        );
        return { ok: true as const, teamId, start: input.start, end, owner };
      } catch (err) {
        if (sqlState(err) === SQLSTATE.exclusionViolation) continue;
        throw err;
      }
    }
    await holds.publish(tx, expired);
    return { ok: false as const, reason: "taken" as const, message: TAKEN };
  });
}
