import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, eq, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { localDateOf, localDayStart, addDays } from "@/lib/dates";
import { type BookingStatus, UPCOMING_STATUSES } from "@/lib/enums";
import { matchZone } from "@/lib/postcode";
import { jobPartsAt, type JobShape, RESERVE_LOCK_NAMESPACE } from "@/modules/availability/server";
import { bookingParts, type DayPart, whenLabel } from "@/lib/day-parts";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import { type DbOrTx, type Tx } from "@/server/db";
import { teams } from "@/server/db/schema";
import { AppError, slotTaken } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import {
  announceBooking,
  type Booking,
  bookingContext,
  bookingHoldExpiry,
  buildBookingIcs,
  icsAttachment,
  loadBookingCatalogue,
  lockBooking,
  recordBookingEvents,
  setBookingTime,
  staleMessage,
  takeBookingTime,
} from "@/modules/bookings/server";
import type { MoveBookingInput, ReassignTeamInput } from "../schemas";
import { bookingPageUrl } from "@/modules/bookings/links";
import { checkAdminSlot, inTheWayMessage, whatIsInTheWay } from "./admin-slots";

// Move and Reassign team on /admin/bookings/{id} (PRODUCT.md §8): the booking keeps its length, status
// and money; only its time or team changes. One transaction: the page's view checked (status, time,
// team — a stale page changes nothing), the new date's reserve lock, the business's rules checked unless
// the admin overrides them with a reason, the old allocation released and the new one written under a
// savepoint — the database's overlap guard still refuses a real overlap, named — the booking updated
// (ICS SEQUENCE raised on a move), a timeline event (from → to, who, why), an audit row, the customer
// emailed about a move, and live events for both the old and the new time.

/** Bookings that may be moved or reassigned: the upcoming ones (a job in progress stays where it is). */
export const MOVABLE_STATUSES: readonly BookingStatus[] = UPCOMING_STATUSES;

const DEFAULT_MOVE_REASON = "Moved by the business.";

const DEFAULT_REASSIGN_REASON = "Team changed by the business.";

/**
 * The booking's job: its minutes of work and whether it may span a break (as booked — ADR 0054), and the
 * travel buffer of its address's zone (none outside every zone). A move keeps the work, not the span.
 */
export async function jobShapeOf(db: DbOrTx, booking: Booking): Promise<JobShape> {
  const catalogue = await loadBookingCatalogue(db);
  const zone = matchZone(booking.addressSnapshot.postcode, catalogue.zones);
  return {
    durationMinutes: booking.workMinutes,
    zoneBufferMinutes: zone?.travelBufferMinutes ?? 0,
    spansBreaks: booking.spansBreaks,
  };
}

type Change = {
  booking: Booking;
  /** The new time, each day's part (one for a job of one day — ADR 0056); start and end are its ends. */
  parts: DayPart[];
  start: Date;
  end: Date;
  teamId: string;
  override: boolean;
  reason: string;
  verb: "move" | "reassign";
  /**
   * A reschedule being approved (or a counter-offer accepted): its hold, already on `teamId` at the new
   * time, becomes the booking's allocation instead of a new row — so the move cannot fail for capacity.
   */
  fromHold?: { requestId: string; audit: string; answer: "approved" | "accepted" };
};

async function lockAsShown(
  tx: Tx,
  actor: Actor,
  input: { bookingId: string; from: BookingStatus; fromStart: Date; fromTeamId: string },
  timeZone: string,
  now: Date,
): Promise<Booking> {
  await assertAdminActor(tx, actor);
  const booking = await lockBooking(tx, input.bookingId);
  if (!booking) throw new AppError("NOT_FOUND");
  if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
  if (!MOVABLE_STATUSES.includes(booking.status))
    throw new AppError("CONFLICT", "Only a booking that is still to happen can be moved or reassigned.");
  if (booking.status === "pending_payment" && booking.holdExpiresAt && booking.holdExpiresAt <= now)
    throw new AppError(
      "CONFLICT",
      "This booking's payment hold has lapsed, so its time is no longer held. Refresh the page.",
    );
  if (booking.startsAt.getTime() !== input.fromStart.getTime() || booking.teamId !== input.fromTeamId) {
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, booking.teamId));
    throw new AppError(
      "CONFLICT",
      `This booking changed: it is now ${whenLabel(booking.startsAt, booking.endsAt, timeZone)}${team ? ` with ${team.name}` : ""}.`,
    );
  }
  return booking;
}

/** Writes the change; throws (rolling everything back) when the time cannot be held. */
async function applyChange(tx: Tx, actor: Actor, c: Change, now: Date, timeZone: string) {
  const { booking } = c;
  const { team, expired } = await checkNewTime(tx, c, now, timeZone);
  const parts = await takeNewTime(tx, c, now, timeZone);
  const updated = await recordMove(tx, actor, { ...c, parts }, team, now, timeZone);
  await bookingHoldExpiry.publish(tx, expired);
  await announceBooking(tx, updated);
  // The old time on the schedule changed too.
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    { from: booking.startsAt.toISOString(), to: booking.endsAt.toISOString(), teamId: booking.teamId },
  );
  return updated;
}

/**
 * The new team must be active; the new date's reserve() lock is taken and its lapsed holds made official
 * first; unless overridden (or the time already held for this booking), the slot must be free.
 */
async function checkNewTime(tx: Tx, c: Change, now: Date, timeZone: string) {
  const { booking } = c;
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, c.teamId), eq(teams.isActive, true)))
    .for("share");
  if (!team) {
    if (c.fromHold)
      throw new AppError("CONFLICT", "The team holding that time is no longer active. Offer another time.");
    throw new AppError("VALIDATION", undefined, { teamId: ["Choose an active team."] });
  }

  // Queue behind reserve() on each new date in date order; make those days' lapsed holds official first.
  const dates = [...new Set(c.parts.map((p) => localDateOf(p.start, timeZone)))];
  for (const date of dates)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}, hashtext(${date}))`);
  const date = dates[0] ?? localDateOf(c.start, timeZone);
  const dayStart = localDayStart(date, timeZone);
  const dayEnd = localDayStart(addDays(dates.at(-1) ?? date, 1), timeZone);
  const expired = await bookingHoldExpiry.expire(tx, now, { from: dayStart, to: dayEnd });

  if (!c.override && !c.fromHold) {
    const shape = await jobShapeOf(tx, booking);
    const check = await checkAdminSlot(tx, {
      ...shape,
      start: c.start,
      teamId: c.teamId,
      now,
      excludeBookingId: booking.id,
      ignoreRules: c.verb === "reassign",
    });
    if (!check.ok) throw slotTaken(check.message, c.verb === "move" ? "start" : "teamId");
  }

  return { team, expired };
}

/**
 * The old time is given up and the new one taken (a held time becomes the booking's own); answers the
 * parts now held.
 */
async function takeNewTime(tx: Tx, c: Change, now: Date, timeZone: string): Promise<DayPart[]> {
  const { booking } = c;
  const taken = await takeBookingTime(tx, booking, {
    parts: c.parts,
    teamId: c.teamId,
    fromHold: c.fromHold ? { requestId: c.fromHold.requestId, start: c.start, end: c.end } : null,
    now,
  });
  if (taken === "hold_gone")
    throw new AppError("CONFLICT", "The held time was released meanwhile. Refresh the page.");
  if (taken === "overlap") {
    const inTheWay = await whatIsInTheWay(tx, {
      teamId: c.teamId,
      start: c.start,
      end: c.end,
      excludeBookingId: booking.id,
      now,
    });
    throw slotTaken(inTheWayMessage(inTheWay, timeZone), c.verb === "move" ? "start" : "teamId");
  }
  return taken.taken;
}

/** The booking's new time or team, its timeline line, the audit row and the customer's email. */
async function recordMove(
  tx: Tx,
  actor: Actor,
  c: Change,
  team: { id: string; name: string },
  now: Date,
  timeZone: string,
): Promise<Booking> {
  const { booking } = c;
  const moved = c.start.getTime() !== booking.startsAt.getTime();
  const updated = await setBookingTime(tx, booking, { parts: c.parts, teamId: c.teamId, now });

  const [oldTeam] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, booking.teamId));
  const previous = whenLabel(booking.startsAt, booking.endsAt, timeZone, bookingParts(booking).length);
  const next = whenLabel(c.start, c.end, timeZone, c.parts.length);
  const facts = {
    reason: c.reason,
    override: c.override,
    fromStart: booking.startsAt.toISOString(),
    toStart: c.start.toISOString(),
    fromTeam: oldTeam?.name ?? null,
    toTeam: team.name,
    fromLabel: previous,
    toLabel: next,
    ...(c.fromHold ? { rescheduleRequestId: c.fromHold.requestId, answer: c.fromHold.answer } : {}),
  };
  await recordBookingEvents(tx, [
    {
      bookingId: booking.id,
      actorId: actor.id,
      type: moved ? "rescheduled" : "team_changed",
      fromValue: moved ? booking.startsAt.toISOString() : booking.teamId,
      toValue: moved ? c.start.toISOString() : c.teamId,
      data: facts,
    },
  ]);
  await writeAudit(tx, {
    actorId: actor.id,
    ip: actor.ip,
    action: c.fromHold?.audit ?? (c.override ? `booking.${c.verb}_override` : `booking.${c.verb}`),
    entity: "booking",
    entityId: booking.id,
    summary: { reference: booking.reference, ...facts },
  });
  if (moved)
    await tellCustomerMoved(tx, updated, {
      previous,
      next,
      reason: c.reason,
      answer: c.fromHold?.answer ?? null,
    });
  return updated;
}

async function tellCustomerMoved(
  tx: Tx,
  booking: Booking,
  text: { previous: string; next: string; reason: string; answer: "approved" | "accepted" | null },
): Promise<void> {
  const { view, customer } = await bookingContext(tx, booking.id);
  if (!customer) return;
  // A confirmed booking's customer has its calendar file: the new one replaces it (SEQUENCE raised).
  const ics = booking.status === "confirmed" ? await buildBookingIcs(tx, booking.id) : null;
  await enqueueEmail(tx, {
    to: customer.email,
    template: "booking-moved",
    bookingId: booking.id,
    userId: customer.id,
    data: {
      name: customer.name,
      reference: view.reference,
      title: view.title,
      previous: text.previous,
      next: text.next,
      reason: text.reason === DEFAULT_MOVE_REASON ? null : text.reason,
      ...(text.answer ? { answer: text.answer } : {}),
      url: bookingPageUrl("success", booking, getEnv().APP_URL),
      withCalendar: Boolean(ics),
    },
    ...icsAttachment(ics),
  });
}

/**
 * Approving a reschedule request (or a customer accepting a counter-offer): the same move as the admin's,
 * in the caller's transaction with the booking locked, onto the time the request holds.
 */
export async function moveBookingToHeldTime(
  tx: Tx,
  actor: Actor,
  input: {
    booking: Booking;
    /** The request holding the new time, and the span of the time chosen (each of its parts inside). */
    hold: { requestId: string; teamId: string; start: Date; end: Date };
    reason: string;
    audit: string;
    answer: "approved" | "accepted";
  },
  { now, timeZone }: { now: Date; timeZone: string },
): Promise<Booking> {
  return applyChange(
    tx,
    actor,
    {
      booking: input.booking,
      // The held rows are the parts: takeBookingTime answers them.
      parts: [{ start: input.hold.start, end: input.hold.end }],
      start: input.hold.start,
      end: input.hold.end,
      teamId: input.hold.teamId,
      override: false,
      reason: input.reason,
      verb: "move",
      fromHold: {
        requestId: input.hold.requestId,
        audit: input.audit,
        answer: input.answer,
      },
    },
    now,
    timeZone,
  );
}

export type MoveResult = { startsAt: string; endsAt: string; teamId: string; sequence: number };

const resultOf = (b: Booking): MoveResult => ({
  startsAt: b.startsAt.toISOString(),
  endsAt: b.endsAt.toISOString(),
  teamId: b.teamId,
  sequence: b.sequence,
});

/** Move to a new start (same length), on the chosen team. */
export async function moveBookingAsAdmin(
  db: DbOrTx,
  actor: Actor,
  input: MoveBookingInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<MoveResult> {
  const { timeZone } = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    const booking = await lockAsShown(tx, actor, input, timeZone, now);
    if (input.start.getTime() === booking.startsAt.getTime())
      throw new AppError("VALIDATION", undefined, {
        start: ["Choose a different time (to change only the team, use Reassign team)."],
      });
    // The same work at the new start: its end is where that work ends in the new days' hours.
    const parts = await jobPartsAt(tx, await jobShapeOf(tx, booking), input.start);
    const updated = await applyChange(
      tx,
      actor,
      {
        booking,
        parts,
        start: input.start,
        end: (parts.at(-1) as DayPart).end,
        teamId: input.teamId,
        override: input.override,
        reason: input.reason ?? DEFAULT_MOVE_REASON,
        verb: "move",
      },
      now,
      timeZone,
    );
    return resultOf(updated);
  });
}

/** The same time on another team. */
export async function reassignBookingTeam(
  db: DbOrTx,
  actor: Actor,
  input: ReassignTeamInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<MoveResult> {
  const { timeZone } = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    const booking = await lockAsShown(tx, actor, input, timeZone, now);
    if (input.teamId === booking.teamId)
      throw new AppError("VALIDATION", undefined, { teamId: ["Choose another team."] });
    const updated = await applyChange(
      tx,
      actor,
      {
        booking,
        parts: bookingParts(booking),
        start: booking.startsAt,
        end: booking.endsAt,
        teamId: input.teamId,
        override: input.override,
        reason: input.reason ?? DEFAULT_REASSIGN_REASON,
        verb: "reassign",
      },
      now,
      timeZone,
    );
    return resultOf(updated);
  });
}
