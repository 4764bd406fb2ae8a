import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { allocations } from "@/server/db/schema";
import { publish } from "@/server/realtime/publish";

// Holds: time held for a booking awaiting payment, or for a pending reschedule, until `hold_expires_at`.
// An expired hold stops holding at once for the slot engine (it ignores holds past their expiry); making
// it official is done by the expiry job every minute and by any reserving transaction for the holds it
// meets. That expiry is the bookings module's (`HoldExpiry`, passed in by the composition root as a port,
// ADR 0045): it covers a booking's own hold and, through reschedule, a request's (availability never
// writes a booking's rows — ADR 0014).

export type ExpiredHolds = {
  bookingIds: string[];
  rescheduleRequestIds: string[];
  span: [Date, Date] | null;
};

export type HoldWindow = { from: Date; to: Date };

/** How stale holds are expired and then announced; bookings provides the one that covers both kinds. */
export type HoldExpiry = {
  expire: (tx: Tx, now: Date, window?: HoldWindow) => Promise<ExpiredHolds>;
  /** Live events for what `expire` freed. Call last. */
  publish: (tx: Tx, expired: ExpiredHolds) => Promise<void>;
};

/** The interval covering all the given ones, or null. */
export function spanOf(ranges: readonly { start: number; end: number }[]): [Date, Date] | null {
  if (!ranges.length) return null;
  return [new Date(Math.min(...ranges.map((r) => r.start))), new Date(Math.max(...ranges.map((r) => r.end)))];
}

const during = {
  start: sql<number>`(extract(epoch from lower(${allocations.during})) * 1000)::float8`,
  end: sql<number>`(extract(epoch from upper(${allocations.during})) * 1000)::float8`,
};

/** Tells every admin screen that time was freed. */
export async function publishScheduleFreed(tx: Tx, span: [Date, Date] | null): Promise<void> {
  if (!span) return;
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    { from: span[0].toISOString(), to: span[1].toISOString(), teamId: null },
  );
}

// The composition root passes in the bookings module's expiry (it covers booking and reschedule holds),
// so availability's writers — reserve(), blocks — expire what they meet without importing bookings.
declare module "@/server/ports" {
  interface Ports {
    holdExpiry: HoldExpiry;
  }
}

/** Frees the time a booking's pending reschedule requests hold (the booking stopped happening). */
export async function releaseRescheduleHolds(
  tx: Tx,
  bookingId: string,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(allocations)
    .set({ status: "released", releasedAt: now })
    .where(
      and(
        eq(allocations.bookingId, bookingId),
        eq(allocations.kind, "reschedule_hold"),
        eq(allocations.status, "pending_reschedule"),
      ),
    );
}

/** Releases a reschedule request's held time; the span it freed (for the live events), or null. */
export async function releaseRequestHold(
  tx: Tx,
  requestId: string,
  status: "released" | "expired",
  now: Date,
): Promise<[Date, Date] | null> {
  const rows = await tx
    .update(allocations)
    .set({ status, releasedAt: now, updatedAt: now })
    .where(and(eq(allocations.rescheduleRequestId, requestId), eq(allocations.status, "pending_reschedule")))
    .returning(during);
  return spanOf(rows.map((r) => ({ start: Number(r.start), end: Number(r.end) })));
}

/** A reschedule request's held time stays held until its new expiry (a weather offer's own). */
export async function extendRequestHold(tx: Tx, requestId: string, expires: Date): Promise<void> {
  await tx
    .update(allocations)
    .set({ holdExpiresAt: expires })
    .where(and(eq(allocations.rescheduleRequestId, requestId), eq(allocations.status, "pending_reschedule")));
}
