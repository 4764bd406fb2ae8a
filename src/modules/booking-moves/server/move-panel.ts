import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { localDateOf } from "@/lib/dates";
import { type BookingStatus } from "@/lib/enums";
import { isUuid } from "@/lib/uuid";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { teams } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { type AdminSlotDay, checkAdminSlot, getAdminSlotDay } from "./admin-slots";
import { MOVABLE_STATUSES, jobShapeOf } from "./move-booking";
import { findBooking } from "@/modules/bookings/server";

// The admin's Move panel on a booking's page: the job's day of free times and which teams could take it.

/** The picker's day for moving a booking: its own time does not block its alternatives. */
export async function getBookingSlotDay(
  db: DbOrTx,
  actor: Actor,
  input: { bookingId: string; date: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminSlotDay> {
  await assertAdminActor(db, actor);
  const booking = await findBooking(db, input.bookingId);
  if (!booking) throw new AppError("NOT_FOUND");
  const shape = await jobShapeOf(db, booking);
  return getAdminSlotDay(db, { ...shape, date: input.date, excludeBookingId: booking.id, now });
}

export type MovePanelTeam = { id: string; name: string; free: boolean; note: string | null };

export type BookingMovePanel = {
  bookingId: string;
  status: BookingStatus;
  startsAt: string;
  teamId: string;
  teamName: string;
  timeZone: string;
  /** The booking's local date (the picker opens on it). */
  date: string;
  durationMinutes: number;
  /** The other active teams, each free at the booking's time or not (and what is in the way). */
  otherTeams: MovePanelTeam[];
};

/** What the Move / Reassign section needs; null when the booking can no longer be moved. */
export async function getBookingMovePanel(
  db: DbOrTx,
  bookingId: string,
  now = new Date(),
): Promise<BookingMovePanel | null> {
  if (!isUuid(bookingId)) return null;
  const booking = await findBooking(db, bookingId);
  if (!booking || !MOVABLE_STATUSES.includes(booking.status)) return null;
  const [{ timeZone }, shape, teamRows] = await Promise.all([
    getSettingsOrThrow(db),
    jobShapeOf(db, booking),
    db
      .select({ id: teams.id, name: teams.name, isActive: teams.isActive })
      .from(teams)
      .orderBy(teams.sortOrder, teams.name),
  ]);
  const others = teamRows.filter((t) => t.isActive && t.id !== booking.teamId);
  const otherTeams = await Promise.all(
    others.map(async (t): Promise<MovePanelTeam> => {
      const check = await checkAdminSlot(db, {
        ...shape,
        start: booking.startsAt,
        teamId: t.id,
        now,
        excludeBookingId: booking.id,
        ignoreRules: true,
      });
      return { id: t.id, name: t.name, free: check.ok, note: check.ok ? null : check.message };
    }),
  );
  return {
    bookingId: booking.id,
    status: booking.status,
    startsAt: booking.startsAt.toISOString(),
    teamId: booking.teamId,
    teamName: teamRows.find((t) => t.id === booking.teamId)?.name ?? "",
    timeZone,
    date: localDateOf(booking.startsAt, timeZone),
    durationMinutes: shape.durationMinutes,
    otherTeams,
  };
}

/** For the page: the request's database. */
export async function loadBookingMovePanel(bookingId: string): Promise<BookingMovePanel | null> {
  return getBookingMovePanel(await getDb(), bookingId);
}
