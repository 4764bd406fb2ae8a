import "server-only";
import { eq } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import type { Tx } from "@/server/db";
import { bookingEvents, bookings } from "@/server/db/schema";
import type { Booking } from "../booking-records";
import { announceBooking } from "../transition-booking";

// A booking's two notes — the admin's internal notes (never shown to the customer) and the job's notes
// (written by its crew) — are written the same way: the new text (empty clears it) on the booking, a
// "note" event on its timeline (its length, not its words), an audit row with before and after, and the
// live update. Nothing is written when the text is unchanged.

const NOTES = {
  internalNotes: { action: "booking.internal_notes", event: {} },
  jobNotes: { action: "booking.job_notes", event: { jobNotes: true } },
} as const;

/** Writes one of the booking's notes, in the caller's transaction, on the booking it has locked. */
export async function writeBookingNotes(
  tx: Tx,
  actor: Actor,
  current: Booking,
  field: keyof typeof NOTES,
  notes: string | null,
  now: Date,
): Promise<void> {
  if ((current[field] ?? null) === notes) return;
  const [updated] = await tx
    .update(bookings)
    .set({ [field]: notes, updatedAt: now })
    .where(eq(bookings.id, current.id))
    .returning();
  await tx.insert(bookingEvents).values({
    bookingId: current.id,
    actorId: actor.id,
    type: "note",
    data: { ...NOTES[field].event, cleared: notes === null, length: notes?.length ?? 0 },
    at: now,
  });
  await writeAudit(tx, {
    actorId: actor.id,
    ip: actor.ip,
    action: NOTES[field].action,
    entity: "booking",
    entityId: current.id,
    summary: { reference: current.reference, before: current[field], after: notes },
  });
  if (updated) await announceBooking(tx, updated);
}
