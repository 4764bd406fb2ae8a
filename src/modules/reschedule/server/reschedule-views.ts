import "server-only";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { formatDateTime, localDateOf } from "@/lib/dates";
import type { RescheduleStatus } from "@/lib/enums";
import { isUuid } from "@/lib/uuid";
import { findUserContacts } from "@/modules/accounts/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, rescheduleRequests, teams } from "@/server/db/schema";
import { answeredBy, isOffer, isLapsed, RESCHEDULE_STATUS_LABELS } from "../domain/reschedule-rules";
import { type AdminSlotTeam, listActiveTeams, whenLabel } from "@/modules/booking-moves/server";
import { type Booking } from "@/modules/bookings/server";
import { type RescheduleRequestRow } from "./reschedule-expiry";

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

type RequestWithBooking = { r: RescheduleRequestRow; b: Booking; teamName: string };

/**
 * One request as the screens list it. The queue and the booking's page differ only in the status they
 * show (the booking's page calls a lapsed request expired), its label and how they name people.
 */
function queueRow(
  { r, b, teamName }: RequestWithBooking,
  status: RescheduleStatus,
  statusLabel: string,
  { nameOf, timeZone, now }: { nameOf: (id: string | null) => string | null; timeZone: string; now: Date },
): RescheduleQueueRow {
  return {
    id: r.id,
    bookingId: b.id,
    reference: b.reference,
    customerName: nameOf(b.customerId) ?? "",
    status,
    statusLabel,
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
}

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
      .map((row) => {
        const { r } = row;
        const statusLabel = isOffer(r)
          ? r.status === "pending"
            ? "Offered, waiting for the customer"
            : r.status === "approved"
              ? "Offer accepted"
              : `Offer ${RESCHEDULE_STATUS_LABELS[r.status].toLowerCase()}`
          : RESCHEDULE_STATUS_LABELS[r.status];
        return queueRow(row, r.status, statusLabel, { nameOf, timeZone, now });
      }),
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
  const list = rows.map((row) => {
    const { r } = row;
    const status = isLapsed(r, now) ? "expired" : r.status;
    const statusLabel = isOffer(r)
      ? `Offer: ${RESCHEDULE_STATUS_LABELS[status].toLowerCase()}`
      : RESCHEDULE_STATUS_LABELS[status];
    return queueRow(row, status, statusLabel, { nameOf, timeZone, now });
  });
  return { timeZone, rows: list, teams: activeTeams };
}

// ——— The customer ———

/** The pages' readers. */
export const loadRescheduleQueue = async (actor: Actor, filter: RescheduleFilter) =>
  listRescheduleRequests(await getDb(), actor, filter);

export const loadPendingRescheduleCount = async () => countPendingRescheduleRequests(await getDb());

export const loadBookingRescheduleRequests = async (bookingId: string) =>
  listBookingRescheduleRequests(await getDb(), bookingId);
