import "server-only";
import { fitsNoWorkingDay } from "@/lib/visit-days";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatDateTime, formatDuration, localDateOf } from "@/lib/dates";
import { loadWorkingDayLimits } from "@/modules/availability/server";
import { bookingPageUrl } from "@/modules/bookings/links";
import { type AdminSlotDay, getAdminSlotDay, listActiveTeams } from "@/modules/booking-moves/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, timeRequests, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  allDaysPassed,
  askableDays,
  type AskReason,
  statusesBefore,
  TIME_REQUEST_LABELS,
  type TimeRequestStatus,
  WAITING_FOR_BUSINESS,
  WITHDRAWABLE,
} from "../domain/time-request-rules";
import { daysText, visitLinesOf, whenOf, type TimeRequestRow } from "./time-request-emails";

// What the pages show of time requests: the business's queue and one request (with its picker's days), and
// the customer's own requests. Times in the business's zone with its name; money formatted once here.

export const ADMIN_FILTERS = ["waiting", "proposed", "booked", "closed"] as const;
export type AdminFilter = (typeof ADMIN_FILTERS)[number];
const FILTER_STATUSES: Record<AdminFilter, readonly TimeRequestStatus[]> = {
  waiting: WAITING_FOR_BUSINESS,
  proposed: ["proposed"],
  booked: ["booked"],
  closed: ["withdrawn", "closed"],
};

/** The booking a proposal made, as the request's pages show it. */
export type ProposalView = {
  bookingId: string;
  reference: string;
  when: string;
  holdUntil: string | null;
  bookingStatus: string;
};

export type TimeRequestView = {
  id: string;
  status: TimeRequestStatus;
  statusLabel: string;
  reason: AskReason;
  customer: { id: string; name: string; email: string; phone: string | null };
  visit: ReturnType<typeof visitLinesOf>;
  days: string[];
  daysPassed: boolean;
  note: string | null;
  response: string | null;
  createdAt: string;
  proposal: ProposalView | null;
};

async function viewsOf(db: DbOrTx, rows: TimeRequestRow[]): Promise<TimeRequestView[]> {
  if (rows.length === 0) return [];
  const { timeZone: tz } = await getSettingsOrThrow(db);
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const bookingIds = rows.flatMap((r) => (r.bookingId ? [r.bookingId] : []));
  const [people, made] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
      .from(users)
      .where(inArray(users.id, customerIds)),
    bookingIds.length === 0
      ? []
      : db
          .select({
            id: bookings.id,
            reference: bookings.reference,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            holdExpiresAt: bookings.holdExpiresAt,
            status: bookings.status,
          })
          .from(bookings)
          .where(inArray(bookings.id, bookingIds)),
  ]);
  const today = localDateOf(new Date(), tz);
  return rows.map((r) => {
    const person = people.find((p) => p.id === r.customerId);
    const b = made.find((m) => m.id === r.bookingId);
    return {
      id: r.id,
      status: r.status,
      statusLabel: TIME_REQUEST_LABELS[r.status],
      reason: r.reason,
      customer: {
        id: r.customerId,
        name: person?.name ?? "(erased account)",
        email: person?.email ?? "",
        phone: person?.phone ?? null,
      },
      visit: visitLinesOf(r),
      days: daysText(r.days),
      daysPassed: r.status !== "booked" && allDaysPassed(r.days, today),
      note: r.note,
      response: r.response,
      createdAt: formatDateTime(r.createdAt, tz),
      proposal: b
        ? {
            bookingId: b.id,
            reference: b.reference,
            when: whenOf(b.startsAt, b.endsAt, tz).when,
            holdUntil: b.holdExpiresAt ? formatDateTime(b.holdExpiresAt, tz) : null,
            bookingStatus: b.status,
          }
        : null,
    };
  });
}

export async function countWaitingTimeRequests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(timeRequests)
    .where(inArray(timeRequests.status, [...WAITING_FOR_BUSINESS]));
  return Number(row?.n ?? 0);
}
export const loadWaitingTimeRequestCount = async () => countWaitingTimeRequests(await getDb());

/** The first few requests waiting for the business, oldest first (the Today queue). */
export async function listWaitingTimeRequests(db: DbOrTx, limit: number): Promise<TimeRequestView[]> {
  const rows = await db
    .select()
    .from(timeRequests)
    .where(inArray(timeRequests.status, [...WAITING_FOR_BUSINESS]))
    .orderBy(asc(timeRequests.createdAt), asc(timeRequests.id))
    .limit(limit);
  return viewsOf(db, rows);
}

export async function listTimeRequestsForAdmin(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  filter: AdminFilter,
): Promise<{ requests: TimeRequestView[]; waitingCount: number; timeZone: string }> {
  await assertAdminActor(db, actor);
  const waiting = filter === "waiting";
  const rows = await db
    .select()
    .from(timeRequests)
    .where(inArray(timeRequests.status, [...FILTER_STATUSES[filter]]))
    // What waits is answered oldest first; the history reads newest first.
    .orderBy(waiting ? asc(timeRequests.createdAt) : desc(timeRequests.updatedAt), asc(timeRequests.id))
    .limit(100);
  const [requests, waitingCount, settings] = await Promise.all([
    viewsOf(db, rows),
    countWaitingTimeRequests(db),
    getSettingsOrThrow(db),
  ]);
  return { requests, waitingCount, timeZone: settings.timeZone };
}
export const loadTimeRequestsForAdmin = async (actor: Pick<Actor, "id">, filter: AdminFilter) =>
  listTimeRequestsForAdmin(await getDb(), actor, filter);

export type AdminTimeRequestPage = {
  request: TimeRequestView;
  canPropose: boolean;
  canClose: boolean;
  /** "10 h of work; your longest working day holds 8 h 30 min" when no day holds the visit. */
  longerThanADay: string | null;
  teams: { id: string; name: string }[];
  timeZone: string;
  /** The date the picker opens on: the first day asked for still ahead, else tomorrow. */
  pickerDate: string;
};

export async function getTimeRequestForAdmin(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  requestId: string,
  now: Date = new Date(),
): Promise<AdminTimeRequestPage> {
  await assertAdminActor(db, actor);
  const [row] = await db.select().from(timeRequests).where(eq(timeRequests.id, requestId));
  if (!row) throw new AppError("NOT_FOUND");
  const [[request], settings, teams, limits] = await Promise.all([
    viewsOf(db, [row]),
    getSettingsOrThrow(db),
    listActiveTeams(db),
    loadWorkingDayLimits(db, now),
  ]);
  if (!request) throw new AppError("NOT_FOUND");
  const tomorrow = askableDays(localDateOf(now, settings.timeZone), settings.horizonDays).first;
  const longest = row.spansBreaks ? limits.spanning : limits.oneStretch;
  return {
    request,
    canPropose: statusesBefore("proposed").includes(row.status),
    canClose: statusesBefore("closed").includes(row.status),
    longerThanADay: fitsNoWorkingDay(row.workMinutes, row.spansBreaks, limits)
      ? `${formatDuration(row.workMinutes)} of work; your longest working day holds ${longest > 0 ? formatDuration(longest) : "no bookable time"}`
      : null,
    teams,
    timeZone: settings.timeZone,
    pickerDate: row.days.find((d) => d.date >= tomorrow)?.date ?? tomorrow,
  };
}
export const loadTimeRequestForAdmin = async (actor: Pick<Actor, "id">, requestId: string) =>
  getTimeRequestForAdmin(await getDb(), actor, requestId);

/** The business's picker: one day's free starts and teams for the request's visit (its own job shape). */
export async function getRequestSlotDay(
  db: DbOrTx,
  actor: Pick<Actor, "id">,
  input: { requestId: string; date: string },
  now: Date = new Date(),
): Promise<AdminSlotDay> {
  await assertAdminActor(db, actor);
  const [row] = await db.select().from(timeRequests).where(eq(timeRequests.id, input.requestId));
  if (!row) throw new AppError("NOT_FOUND");
  return getAdminSlotDay(db, {
    date: input.date,
    durationMinutes: row.workMinutes,
    zoneBufferMinutes: row.travelBufferMinutes,
    spansBreaks: row.spansBreaks,
    now,
  });
}

export type MyTimeRequest = TimeRequestView & {
  canWithdraw: boolean;
  canDecline: boolean;
  /** The proposal's booking page (Pay), while it waits for payment. */
  payUrl: string | null;
};

/** The customer's own requests, newest first (another customer's are never read). */
export async function listMyTimeRequests(db: DbOrTx, customerId: string): Promise<MyTimeRequest[]> {
  const rows = await db
    .select()
    .from(timeRequests)
    .where(eq(timeRequests.customerId, customerId))
    .orderBy(desc(timeRequests.createdAt), asc(timeRequests.id))
    .limit(50);
  return mine(db, rows);
}
export const loadMyTimeRequests = async (customerId: string) => listMyTimeRequests(await getDb(), customerId);

/** One of the customer's own requests; anyone else's id answers NOT_FOUND. */
export async function getMyTimeRequest(
  db: DbOrTx,
  customerId: string,
  requestId: string,
): Promise<MyTimeRequest> {
  const [row] = await db
    .select()
    .from(timeRequests)
    .where(and(eq(timeRequests.id, requestId), eq(timeRequests.customerId, customerId)));
  if (!row) throw new AppError("NOT_FOUND");
  const [view] = await mine(db, [row]);
  if (!view) throw new AppError("NOT_FOUND");
  return view;
}
/** For the customer's page: null for an id that is not one of their requests (the page answers 404). */
export async function loadMyTimeRequest(
  customerId: string,
  requestId: string,
): Promise<MyTimeRequest | null> {
  return getMyTimeRequest(await getDb(), customerId, requestId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "NOT_FOUND") return null;
    throw err;
  });
}

async function mine(db: DbOrTx, rows: TimeRequestRow[]): Promise<MyTimeRequest[]> {
  const views = await viewsOf(db, rows);
  const tokens =
    rows.some((r) => r.status === "proposed" && r.bookingId) &&
    (await db
      .select({ id: bookings.id, reference: bookings.reference, accessToken: bookings.accessToken })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          rows.flatMap((r) => (r.status === "proposed" && r.bookingId ? [r.bookingId] : [])),
        ),
      ));
  return views.map((v) => {
    const b = tokens ? tokens.find((t) => t.id === v.proposal?.bookingId) : undefined;
    return {
      ...v,
      canWithdraw: WITHDRAWABLE.includes(v.status),
      canDecline: v.status === "proposed",
      payUrl: b && v.status === "proposed" ? bookingPageUrl("success", b, getEnv().APP_URL) : null,
    };
  });
}
