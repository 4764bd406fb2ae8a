import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { formatDateTime, localDateOf } from "@/lib/dates";
import type { RescheduleStatus } from "@/lib/enums";
import { isUuid } from "@/lib/uuid";
import { findUserContacts } from "@/modules/accounts/server";
import { loadClosures } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, rescheduleRequests, teams } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  answeredBy,
  isOffer,
  canRequestReschedule,
  isLapsed,
  RESCHEDULE_STATUS_LABELS,
  rescheduleCutoff,
} from "../domain/reschedule-rules";
import {
  type AdminSlotDay,
  type AdminSlotTeam,
  getAdminSlotDay,
  listActiveTeams,
  jobShapeOf,
  whenLabel,
} from "@/modules/bookings/server";

// What the screens show of reschedule requests: the admin's queue (/admin/reschedule-requests, its count
// in the navigation and on the booking's admin page), the customer's panel on /dashboard/bookings/{id}
// and its action item on /dashboard, and the pickers' days (the booking's own time never blocks its
// alternatives).

export type RescheduleFilter = "pending" | "decided" | RescheduleStatus;
export const RESCHEDULE_FILTERS: readonly RescheduleFilter[] = [
  "pending",
  "decided",
  "approved",
  "declined",
  "withdrawn",
  "expired",
];

export type RescheduleQueueRow = {
  id: string;
  bookingId: string;
  reference: string;
  customerName: string;
  status: RescheduleStatus;
  statusLabel: string;
  /** A counter-offer, waiting for the customer (or answered by them). */
  isOffer: boolean;
  /** Who answers it now, while pending. */
  waitingFor: "business" | "customer" | null;
  current: string;
  requested: string;
  /** The requested (or offered) local date, where the offer picker opens. */
  requestedDate: string;
  teamName: string;
  reason: string;
  adminResponse: string | null;
  age: string;
  createdAt: string;
  expires: string;
  decidedAt: string | null;
  decidedBy: string | null;
};

export type RescheduleQueue = {
  filter: RescheduleFilter;
  timeZone: string;
  rows: RescheduleQueueRow[];
  pendingCount: number;
  /** Active teams (the offer picker). */
  teams: AdminSlotTeam[];
};

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

/** "5 minutes ago", "3 hours ago", "2 days ago". */
export function ageInWords(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return minutes === 0 ? "just now" : relative.format(-minutes, "minute");
  if (minutes < 24 * 60) return relative.format(-Math.round(minutes / 60), "hour");
  return relative.format(-Math.round(minutes / (24 * 60)), "day");
}

const QUEUE_LIMIT = 200;

/** Pending requests the business has to answer (not counter-offers, not lapsed). */
export async function countPendingRescheduleRequests(db: DbOrTx, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rescheduleRequests)
    .where(
      and(
        eq(rescheduleRequests.status, "pending"),
        gt(rescheduleRequests.expiresAt, now),
        isNull(rescheduleRequests.counterToId),
        isNull(rescheduleRequests.weatherDayId),
      ),
    );
  return row?.n ?? 0;
}

/** The queue: pending first (oldest first), or the decided ones (newest decision first). */
export async function listRescheduleRequests(
  db: DbOrTx,
  actor: Actor,
  filter: RescheduleFilter,
  now = new Date(),
): Promise<RescheduleQueue> {
  await assertAdminActor(db, actor);
  const { timeZone } = await getSettingsOrThrow(db);
  const pending = filter === "pending";
  const where = pending
    ? and(eq(rescheduleRequests.status, "pending"), gt(rescheduleRequests.expiresAt, now))
    : filter === "decided"
      ? ne(rescheduleRequests.status, "pending")
      : eq(rescheduleRequests.status, filter);
  const rows = await db
    .select({ r: rescheduleRequests, b: bookings, teamName: teams.name })
    .from(rescheduleRequests)
    .innerJoin(bookings, eq(bookings.id, rescheduleRequests.bookingId))
    .innerJoin(teams, eq(teams.id, rescheduleRequests.teamId))
    .where(where)
    .orderBy(
      ...(pending
        ? [asc(rescheduleRequests.createdAt), asc(rescheduleRequests.id)]
        : [
            desc(sql`coalesce(${rescheduleRequests.decidedAt}, ${rescheduleRequests.updatedAt})`),
            desc(rescheduleRequests.id),
          ]),
    )
    .limit(QUEUE_LIMIT);
  const people = await findUserContacts(db, [
    ...rows.map((x) => x.b.customerId),
    ...rows.flatMap((x) => (x.r.decidedBy ? [x.r.decidedBy] : [])),
  ]);
  const nameOf = (id: string | null) => {
    if (!id) return null;
    const c = people.get(id);
    return !c || c.erased ? "(erased account)" : c.name;
  };
  const [pendingCount, activeTeams] = await Promise.all([
    countPendingRescheduleRequests(db, now),
    listActiveTeams(db),
  ]);
  return {
    filter,
    timeZone,
    pendingCount,
    teams: activeTeams,
    rows: rows
      // The business's own queue: pending customer requests first, then offers waiting for customers.
      .sort((a, b) => (pending ? Number(isOffer(a.r)) - Number(isOffer(b.r)) : 0))
      .map(({ r, b, teamName }) => ({
        id: r.id,
        bookingId: b.id,
        reference: b.reference,
        customerName: nameOf(b.customerId) ?? "",
        status: r.status,
        statusLabel: isOffer(r)
          ? r.status === "pending"
            ? "Offered, waiting for the customer"
            : r.status === "approved"
              ? "Offer accepted"
              : `Offer ${RESCHEDULE_STATUS_LABELS[r.status].toLowerCase()}`
          : RESCHEDULE_STATUS_LABELS[r.status],
        isOffer: isOffer(r),
        waitingFor: r.status === "pending" ? answeredBy(r) : null,
        current: whenLabel(b.startsAt, b.endsAt, timeZone),
        requested: whenLabel(r.requestedStartsAt, r.requestedEndsAt, timeZone),
        requestedDate: localDateOf(r.requestedStartsAt, timeZone),
        teamName,
        reason: r.reason,
        adminResponse: r.adminResponse,
        age: ageInWords(r.createdAt, now),
        createdAt: formatDateTime(r.createdAt, timeZone),
        expires: formatDateTime(r.expiresAt, timeZone),
        decidedAt: r.decidedAt ? formatDateTime(r.decidedAt, timeZone) : null,
        decidedBy: nameOf(r.decidedBy),
      })),
  };
}

export type BookingRescheduleRequests = Omit<RescheduleQueue, "filter" | "pendingCount">;

/** The requests of one booking, newest first (the admin's booking page). */
export async function listBookingRescheduleRequests(
  db: DbOrTx,
  bookingId: string,
  now = new Date(),
): Promise<BookingRescheduleRequests> {
  const { timeZone } = await getSettingsOrThrow(db);
  if (!isUuid(bookingId)) return { timeZone, rows: [], teams: [] };
  const rows = await db
    .select({ r: rescheduleRequests, b: bookings, teamName: teams.name })
    .from(rescheduleRequests)
    .innerJoin(bookings, eq(bookings.id, rescheduleRequests.bookingId))
    .innerJoin(teams, eq(teams.id, rescheduleRequests.teamId))
    .where(eq(rescheduleRequests.bookingId, bookingId))
    .orderBy(desc(rescheduleRequests.createdAt), desc(rescheduleRequests.id))
    .limit(20);
  const people = await findUserContacts(db, [
    ...rows.map((x) => x.b.customerId),
    ...rows.flatMap((x) => (x.r.decidedBy ? [x.r.decidedBy] : [])),
  ]);
  const nameOf = (id: string | null) => (id ? (people.get(id)?.name ?? null) : null);
  const activeTeams = rows.length ? await listActiveTeams(db) : [];
  const list = rows.map(({ r, b, teamName }): RescheduleQueueRow => {
    const lapsed = isLapsed(r, now);
    const status = lapsed ? "expired" : r.status;
    return {
      id: r.id,
      bookingId: b.id,
      reference: b.reference,
      customerName: nameOf(b.customerId) ?? "",
      status,
      statusLabel: isOffer(r)
        ? `Offer: ${RESCHEDULE_STATUS_LABELS[status].toLowerCase()}`
        : RESCHEDULE_STATUS_LABELS[status],
      isOffer: isOffer(r),
      waitingFor: status === "pending" ? answeredBy(r) : null,
      current: whenLabel(b.startsAt, b.endsAt, timeZone),
      requested: whenLabel(r.requestedStartsAt, r.requestedEndsAt, timeZone),
      requestedDate: localDateOf(r.requestedStartsAt, timeZone),
      teamName,
      reason: r.reason,
      adminResponse: r.adminResponse,
      age: ageInWords(r.createdAt, now),
      createdAt: formatDateTime(r.createdAt, timeZone),
      expires: formatDateTime(r.expiresAt, timeZone),
      decidedAt: r.decidedAt ? formatDateTime(r.decidedAt, timeZone) : null,
      decidedBy: nameOf(r.decidedBy),
    };
  });
  return { timeZone, rows: list, teams: activeTeams };
}

// ——— The customer ———

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

/** The pages' readers. */
export const loadRescheduleQueue = async (actor: Actor, filter: RescheduleFilter) =>
  listRescheduleRequests(await getDb(), actor, filter);
export const loadPendingRescheduleCount = async () => countPendingRescheduleRequests(await getDb());
export const loadBookingRescheduleRequests = async (bookingId: string) =>
  listBookingRescheduleRequests(await getDb(), bookingId);
export const loadMyReschedulePanel = async (customerId: string, bookingId: string) =>
  getMyReschedulePanel(await getDb(), customerId, bookingId);
export const loadMyRescheduleAnswers = async (customerId: string) =>
  listMyRescheduleAnswers(await getDb(), customerId);
