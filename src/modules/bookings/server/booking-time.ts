import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { allocationHoldsTime } from "@/server/db/time-taken";
import type { Tx } from "@/server/db";
import { allocations, bookings } from "@/server/db/schema";
import { sqlState, SQLSTATE } from "@/server/errors";
import { allocationStatusFor } from "../domain/booking-status";
import type { Booking } from "./booking-records";
import { type DayPart, storedDayParts } from "@/lib/day-parts";

// The writes of a booking's new time or team (ADR 0044): bookings owns its rows and their allocations;
// the move capability (booking-moves) decides whether and where, then calls these under the booking's
// lock. The database's overlap guard still has the last word.

type NewTime = { parts: readonly DayPart[]; teamId: string; now: Date };

/**
 * Gives up the booking's current time and takes the new one, each day's part (ADR 0056): new rows, or the
 * hold of a reschedule request (`fromHold`) turned into the booking's own. "overlap" (the guard refused a
 * row) and "hold_gone" (released meanwhile): the caller rolls back. Taken, it answers the parts held.
 */
export async function takeBookingTime(
  tx: Tx,
  booking: Booking,
  t: NewTime & { fromHold: { requestId: string; start: Date; end: Date } | null },
): Promise<{ taken: DayPart[] } | "overlap" | "hold_gone"> {
  await tx
    .update(allocations)
    .set({ status: "released", releasedAt: t.now, updatedAt: t.now })
    .where(
      and(
        eq(allocations.bookingId, booking.id),
        eq(allocations.kind, "booking"),
        allocationHoldsTime(allocations.status),
      ),
    );
  if (t.fromHold) {
    // Same team and ranges as the hold: the guard has nothing new to compare. A weather offer holds
    // several times: the rows inside the chosen one's span are its parts.
    const taken = await tx
      .update(allocations)
      .set({
        kind: "booking",
        status: allocationStatusFor(booking.status),
        holdExpiresAt: null,
        updatedAt: t.now,
      })
      .where(
        and(
          eq(allocations.rescheduleRequestId, t.fromHold.requestId),
          eq(allocations.bookingId, booking.id),
          eq(allocations.status, "pending_reschedule"),
          sql`lower(${allocations.during}) >= ${t.fromHold.start.toISOString()}::timestamptz`,
          sql`upper(${allocations.during}) <= ${t.fromHold.end.toISOString()}::timestamptz`,
        ),
      )
      .returning({ during: allocations.during });
    if (!taken.length) return "hold_gone";
    return { taken: taken.map((r) => r.during).sort((a, b) => a.start.getTime() - b.start.getTime()) };
  }
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(allocations).values(
        t.parts.map((part) => ({
          teamId: t.teamId,
          during: part,
          kind: "booking" as const,
          status: allocationStatusFor(booking.status),
          bookingId: booking.id,
          holdExpiresAt: booking.status === "pending_payment" ? booking.holdExpiresAt : null,
        })),
      );
    });
    return { taken: [...t.parts] };
  } catch (err) {
    if (sqlState(err) !== SQLSTATE.exclusionViolation) throw err;
    return "overlap";
  }
}

/**
 * The booking row's new time and team, each day's part kept (ADR 0056). A new time raises the calendar
 * event's SEQUENCE and plans the reminder afresh (ADR 0027).
 */
export async function setBookingTime(tx: Tx, booking: Booking, t: NewTime): Promise<Booking> {
  const first = t.parts[0];
  const last = t.parts.at(-1);
  if (!first || !last) throw new Error("a booking's time has at least one part");
  const moved = first.start.getTime() !== booking.startsAt.getTime();
  const [updated] = await tx
    .update(bookings)
    .set({
      startsAt: first.start,
      endsAt: last.end,
      dayParts: storedDayParts(t.parts),
      teamId: t.teamId,
      updatedAt: t.now,
      ...(moved
        ? { sequence: sql`${bookings.sequence} + 1`, reminderSentAt: null, timeChosenAt: t.now }
        : {}),
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (!updated) throw new Error(`booking ${booking.id} vanished under its lock`);
  return updated;
}
