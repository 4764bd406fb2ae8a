import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { formatDateTime, localDateOf } from "@/lib/dates";
import type { RescheduleStatus } from "@/lib/enums";
import { isUuid } from "@/lib/uuid";
import { loadClosures } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, rescheduleRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { isOffer, canRequestReschedule, isLapsed, rescheduleCutoff } from "../domain/reschedule-rules";
import { type AdminSlotDay, getAdminSlotDay, jobShapeOf, whenLabel } from "@/modules/booking-moves/server";

// What the customer sees of their reschedule requests and the business's offers: the panel on their booking
// page, the answers on their dashboard, and the days of free times they may pick from.

export type MyReschedulePanel = {
  bookingId: string;
  timeZone: string;
  /** The booking's local date (the picker opens on it). */
  date: string;
  current: string;
  canRequest: boolean;
  /** Why not, when the booking is confirmed but a request can't be made (cut-off). */
  refusal: string | null;
  /** The last instant a request may be made. */
  cutoff: string;
  /** The weather rules out the booking's time (ADR 0036): the cut-off does not apply. */
  weather: boolean;
  /**
   * The customer's pending request (Withdraw), or the business's pending counter-offer (Accept / Decline).
   * A weather day's offer is shown by its own panel (several times to choose from), not here.
   */
  pending: {
    id: string;
    isOffer: boolean;
    requested: string;
    reason: string;
    expires: string;
  } | null;
  /** The latest answer, shown until the next request. */
  answer: {
    id: string;
    status: RescheduleStatus;
    isOffer: boolean;
    requested: string;
    /** The business's reason (a decline) or message (an offer). */
    message: string | null;
    decidedAt: string | null;
  } | null;
};

/** The panel on /dashboard/bookings/{id}; null for a booking that is not theirs. */
export async function getMyReschedulePanel(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
  now = new Date(),
): Promise<MyReschedulePanel | null> {
  if (!isUuid(bookingId)) return null;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!booking) return null;
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const requests = await db
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.bookingId, booking.id))
    .orderBy(desc(rescheduleRequests.createdAt), desc(rescheduleRequests.id))
    .limit(5);
  const openAny = requests.find((r) => r.status === "pending" && !isLapsed(r, now)) ?? null;
  const open = openAny?.weatherDayId ? null : openAny;
  const latest = requests[0] ?? null;
  // A weather day's offer gives way to a time the customer picks, whatever the cut-off (ADR 0036).
  const weather = (await loadClosures(db, booking.startsAt, booking.endsAt, [booking.teamId])).length > 0;
  const can = canRequestReschedule(booking, Boolean(open), settings, now, { weather });
  const decided = latest && latest !== openAny ? latest : null;
  const decidedStatus = decided ? (isLapsed(decided, now) ? "expired" : decided.status) : null;
  return {
    bookingId: booking.id,
    timeZone: tz,
    date: localDateOf(booking.startsAt, tz),
    current: whenLabel(booking.startsAt, booking.endsAt, tz),
    canRequest: can.ok,
    weather,
    refusal: !can.ok && can.reason === "cutoff" ? can.message : null,
    cutoff: formatDateTime(rescheduleCutoff(booking.startsAt, settings), tz),
    pending: open
      ? {
          id: open.id,
          isOffer: isOffer(open),
          requested: whenLabel(open.requestedStartsAt, open.requestedEndsAt, tz),
          reason: open.reason,
          expires: formatDateTime(open.expiresAt, tz),
        }
      : null,
    answer:
      decided && decidedStatus
        ? {
            id: decided.id,
            status: decidedStatus,
            isOffer: isOffer(decided),
            requested: whenLabel(decided.requestedStartsAt, decided.requestedEndsAt, tz),
            message: decided.adminResponse,
            decidedAt: decided.decidedAt ? formatDateTime(decided.decidedAt, tz) : null,
          }
        : null,
  };
}

export type MyRescheduleAnswer = {
  id: string;
  bookingId: string;
  reference: string;
  kind: "approved" | "declined" | "offer";
  text: string;
};

/**
 * Action items on /dashboard: the business answered (an offer to accept or decline, a decline) — for
 * upcoming bookings, answered in the last 14 days. Approvals are shown too (the booking moved).
 */
export async function listMyRescheduleAnswers(
  db: DbOrTx,
  customerId: string,
  now = new Date(),
): Promise<MyRescheduleAnswer[]> {
  const { timeZone } = await getSettingsOrThrow(db);
  const since = new Date(now.getTime() - 14 * 86_400_000);
  const rows = await db
    .select({ r: rescheduleRequests, reference: bookings.reference, startsAt: bookings.startsAt })
    .from(rescheduleRequests)
    .innerJoin(bookings, eq(bookings.id, rescheduleRequests.bookingId))
    .where(
      and(
        eq(bookings.customerId, customerId),
        gt(bookings.startsAt, now),
        sql`(
          (${rescheduleRequests.status} = 'pending'
            AND (${rescheduleRequests.counterToId} IS NOT NULL OR ${rescheduleRequests.weatherDayId} IS NOT NULL)
            AND ${rescheduleRequests.expiresAt} > ${now.toISOString()}::timestamptz)
          OR (${rescheduleRequests.status} IN ('approved', 'declined') AND ${rescheduleRequests.counterToId} IS NULL
            AND ${rescheduleRequests.weatherDayId} IS NULL
            AND ${rescheduleRequests.decidedAt} >= ${since.toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM "reschedule_requests" AS "offers"
                            WHERE "offers"."counter_to_id" = "reschedule_requests"."id"))
        )`,
      ),
    )
    .orderBy(desc(rescheduleRequests.updatedAt))
    .limit(10);
  return rows.map(({ r, reference }) => {
    const when = formatDateTime(r.requestedStartsAt, timeZone);
    if (r.weatherDayId)
      return {
        id: r.id,
        bookingId: r.bookingId,
        reference,
        kind: "offer" as const,
        text: "The weather rules out your booking's time: choose one of the times we hold for you.",
      };
    if (r.counterToId)
      return {
        id: r.id,
        bookingId: r.bookingId,
        reference,
        kind: "offer" as const,
        text: `We offer ${when} instead of the time you asked for: accept or decline it.`,
      };
    return r.status === "approved"
      ? {
          id: r.id,
          bookingId: r.bookingId,
          reference,
          kind: "approved" as const,
          text: `Moved to ${when}, as you asked.`,
        }
      : {
          id: r.id,
          bookingId: r.bookingId,
          reference,
          kind: "declined" as const,
          text: `We couldn't move it to ${when}${r.adminResponse ? `: ${r.adminResponse}` : "."}`,
        };
  });
}

// ——— The pickers ———

export type CustomerSlotDay = {
  date: string;
  dateLabel: string;
  timeZone: string;
  slots: { start: string; label: string }[];
};

/** The customer's picker: one day's free starts for their booking (team-free; not its current time). */
export async function getRescheduleSlotDay(
  db: DbOrTx,
  actor: Actor,
  input: { bookingId: string; date: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<CustomerSlotDay> {
  const [booking] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.customerId, actor.id)));
  if (!booking) throw new AppError("NOT_FOUND");
  const shape = await jobShapeOf(db, booking);
  const day = await getAdminSlotDay(db, { ...shape, date: input.date, excludeBookingId: booking.id, now });
  const current = booking.startsAt.toISOString();
  return {
    date: day.date,
    dateLabel: day.dateLabel,
    timeZone: day.timeZone,
    slots: day.slots.filter((s) => s.start !== current).map((s) => ({ start: s.start, label: s.label })),
  };
}

/** The admin's picker for a counter-offer: the request's booking's day, its own time not blocking. */
export async function getOfferSlotDay(
  db: DbOrTx,
  actor: Actor,
  input: { requestId: string; date: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminSlotDay> {
  await assertAdminActor(db, actor);
  const [row] = await db
    .select({ b: bookings })
    .from(rescheduleRequests)
    .innerJoin(bookings, eq(bookings.id, rescheduleRequests.bookingId))
    .where(eq(rescheduleRequests.id, input.requestId));
  if (!row) throw new AppError("NOT_FOUND");
  const shape = await jobShapeOf(db, row.b);
  return getAdminSlotDay(db, { ...shape, date: input.date, excludeBookingId: row.b.id, now });
}

export const loadMyReschedulePanel = async (customerId: string, bookingId: string) =>
  getMyReschedulePanel(await getDb(), customerId, bookingId);

export const loadMyRescheduleAnswers = async (customerId: string) =>
  listMyRescheduleAnswers(await getDb(), customerId);
