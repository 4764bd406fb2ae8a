import "server-only";
import type { Actor } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import { findUserById, staffTeamIds } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { isOnCrewDays, offCrewDaysMessage } from "@/lib/job/job-clock";
import { lockBooking } from "../booking-records";
import { BOOKING_STATUS_LABELS } from "../booking-view";
import { isIn, WORK_STATUSES } from "@/lib/enums";
import { writeBookingNotes } from "../notes/booking-notes";

/**
 * Who may work a job (start, complete, record money taken on the day, notes, photos): an admin, or a
 * technician (staff) of the booking's team (ADR 0053). Checked in the use case against the database, not
 * the session: a deactivated technician or one moved to another team gets nothing. Anyone else gets the
 * answer a missing booking gets, so a technician learns nothing of another team's jobs.
 */
export async function assertBookingCrew(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  booking: { teamId: string },
): Promise<"admin" | "staff"> {
  const row = await findUserById(db, actor.id);
  if (row?.role === "admin" && !row.banned) return "admin";
  if (row?.role === "staff" && !row.banned && (await staffTeamIds(db, actor.id)).includes(booking.teamId))
    return "staff";
  throw new AppError("NOT_FOUND");
}

/**
 * The crew acting on the job (start, complete, money, notes, photos): assertBookingCrew, and a technician
 * only on the days their phone shows — today's and tomorrow's jobs, not weeks ahead. An admin may act on
 * any day. Refused with a message that says when the job is.
 */
export async function assertCrewMayAct(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  booking: { teamId: string; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<"admin" | "staff"> {
  const role = await assertBookingCrew(db, actor, booking);
  if (role === "staff") await assertOnCrewDays(db, booking, now);
  return role;
}

/** The day rule alone, for a caller that already knows the actor is the job's technician. */
export async function assertOnCrewDays(db: DbOrTx, booking: { startsAt: Date; endsAt: Date }, now: Date) {
  const { timeZone } = await getSettingsOrThrow(db);
  if (!isOnCrewDays(booking, now, timeZone))
    throw new AppError("FORBIDDEN", offCrewDaysMessage(booking.startsAt, now, timeZone));
}

/**
 * The job's notes (what was done, what the customer should know), written by its crew while on the job
 * or after: kept on the booking, shown to the admin, and on the timeline as a note. Not for a job that
 * ended without being done (cancelled, declined, expired, missed).
 */
export async function saveJobNotes(
  db: Db,
  actor: Actor,
  input: { bookingId: string; notes: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const notes = input.notes.trim() || null;
  await db.transaction(async (tx) => {
    const current = await lockBooking(tx, input.bookingId);
    if (!current) throw new AppError("NOT_FOUND");
    await assertCrewMayAct(tx, actor, current, now);
    if (!isIn(WORK_STATUSES, current.status))
      throw new AppError(
        "CONFLICT",
        `This booking is ${BOOKING_STATUS_LABELS[current.status]}: it has no job to note.`,
      );
    await writeBookingNotes(tx, actor, current, "jobNotes", notes, now);
  });
}
