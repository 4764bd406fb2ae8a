import "server-only";
import { and, eq } from "drizzle-orm";
import { formatDuration } from "@/lib/dates";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { allocations, bookingEvents } from "@/server/db/schema";
import { allocationHoldsTime } from "@/server/db/time-taken";
import { AppError } from "@/server/errors";
import { freeableRemainder } from "@/lib/job/job-clock";
import type { FreeRemainingTimeInput } from "../../admin-booking-schemas";
import { assertBookingAdmin, staleMessage } from "./admin-booking-actions";
import { lockBooking } from "../booking-records";
import { announceBooking } from "../transition-booking";

// The owner's explicit choice after a job ends early (ADR 0043): give the rest of its booked time back to
// the schedule. Completing or missing a job never does this by itself. Only the part from now to the
// end of what the job holds is freed — time worked or past stays taken — and the change is on the
// booking's timeline and in the audit log, in one transaction with the schedule's live event.

export const NOTHING_TO_FREE =
  "There is no time left to free: only a completed or missed job's time from now to its booked end can be freed.";

export async function freeRemainingTime(
  db: DbOrTx,
  actor: Actor,
  input: FreeRemainingTimeInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ freedMinutes: number }> {
  return db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
    const own = and(
      eq(allocations.bookingId, booking.id),
      eq(allocations.kind, "booking"),
      allocationHoldsTime(allocations.status),
    );
    const [held] = await tx.select().from(allocations).where(own).for("update");
    const cut = held ? freeableRemainder(booking.status, held.during, now) : null;
    if (!held || !cut) throw new AppError("CONFLICT", NOTHING_TO_FREE);
    // Shrinking a range can never make an overlap, so the per-date reservation lock is not needed.
    await tx
      .update(allocations)
      .set({ during: { start: held.during.start, end: cut.from }, updatedAt: now })
      .where(eq(allocations.id, held.id));
    const freedMinutes = Math.round((cut.to.getTime() - cut.from.getTime()) / 60_000);
    const facts = {
      freedFrom: cut.from.toISOString(),
      freedTo: cut.to.toISOString(),
      minutes: freedMinutes,
      reason: `Freed the rest of the job's time (${formatDuration(freedMinutes)}).`,
    };
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      actorId: actor.id,
      type: "time_freed",
      data: facts,
      at: now,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.free_time",
      entity: "booking",
      entityId: booking.id,
      summary: { reference: booking.reference, status: booking.status, ...facts },
    });
    await announceBooking(tx, booking);
    return { freedMinutes };
  });
}
