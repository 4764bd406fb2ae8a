import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { allocationHoldsTime } from "@/server/db/time-taken";
import type { Tx } from "@/server/db";
import { allocations, bookings } from "@/server/db/schema";
import { sqlState, SQLSTATE } from "@/server/errors";
import { allocationStatusFor } from "../domain/booking-status";
import type { Booking } from "./booking-records";

// The writes of a booking's new time or team (ADR 0044): bookings owns its rows and their allocations;
// the move capability (booking-moves) decides whether and where, then calls these under the booking's
// lock. The database's overlap guard still has the last word.

type NewTime = { start: Date; end: Date; teamId: string; now: Date };

/**
 * Gives up the booking's current time and takes the new one: a fresh allocation row, or — when the
 * time is already held for it by a reschedule request (`fromHoldId`) — that hold turned into the
 * booking's own. "overlap": the guard refused the new row; "hold_gone": the hold was released meanwhile.
 * Either way the caller's transaction must roll back (the old time was released in it).
 */
export async function takeBookingTime(
  tx: Tx,
  booking: Booking,
  t: NewTime & { fromHoldId: string | null },
): Promise<"taken" | "overlap" | "hold_gone"> {
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
  if (t.fromHoldId) {
    // Same team and range as the hold, so the overlap guard has nothing new to compare; it stays a row
    // of this booking (kind booking, the booking's status).
    const [taken] = await tx
      .update(allocations)
      .set({
        kind: "booking",
        status: allocationStatusFor(booking.status),
        holdExpiresAt: null,
        updatedAt: t.now,
      })
      .where(
        and(
          eq(allocations.id, t.fromHoldId),
          eq(allocations.bookingId, booking.id),
          eq(allocations.status, "pending_reschedule"),
        ),
      )
      .returning({ id: allocations.id });
    return taken ? "taken" : "hold_gone";
  }
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(allocations).values({
        teamId: t.teamId,
        during: { start: t.start, end: t.end },
        kind: "booking",
        status: allocationStatusFor(booking.status),
        bookingId: booking.id,
        holdExpiresAt: booking.status === "pending_payment" ? booking.holdExpiresAt : null,
      });
    });
    return "taken";
  } catch (err) {
    if (sqlState(err) !== SQLSTATE.exclusionViolation) throw err;
    return "overlap";
  }
}

/**
 * The booking row's new time and team. A new time raises the calendar event's SEQUENCE and plans the
 * reminder afresh from it (ADR 0027).
 */
export async function setBookingTime(tx: Tx, booking: Booking, t: NewTime): Promise<Booking> {
  const moved = t.start.getTime() !== booking.startsAt.getTime();
  const [updated] = await tx
    .update(bookings)
    .set({
      startsAt: t.start,
      endsAt: t.end,
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
