import { visitTitle } from "@/lib/booking/visit-title";
import "server-only";
import { bookingMoneyColumns, bookingTitleSql } from "./booking-columns";
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { normaliseRegistration } from "@/lib/registration";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { getDb, type DbOrTx } from "@/server/db";
import { bookingEvents, bookings, type VehicleSnapshot } from "@/server/db/schema";
import { describeForCustomer } from "../domain/customer-timeline";
import { type BookingMoneyInput, bookingMoney, paymentStatusLabel } from "@/lib/booking/booking-money";
import { TERMINAL_STATUSES } from "../domain/booking-status";
import { type BookingView, bookingStatusLabel, getBookingView } from "./booking-view";

// The customer's own bookings (/dashboard/bookings and /dashboard/bookings/{id}). Every query is scoped to
// the signed-in customer: another customer's booking id reads as "not there" (the page answers 404).

export const MY_BOOKINGS_PAGE_SIZE = 10;

export type MyBookingsQuery = {
  /** Upcoming: not over and not ended; past: everything else. */
  when: "upcoming" | "past";
  status?: BookingStatus;
  /** A reference (FC-…) or a registration, whole or its start. */
  q?: string;
  page: number;
};

export type MyBookingRow = {
  id: string;
  reference: string;
  when: string;
  title: string;
  vehicle: string;
  status: BookingStatus;
  statusLabel: string;
  paymentStatusLabel: string;
  /** Its charge (what it costs now). */
  total: string;
  /** What is still to pay on a part-paid booking that stands ("£56.00"), or null. */
  toPay: string | null;
};

/** What a line of a customer's bookings selects (see `bookingRow`). */
export const bookingRowColumns = {
  id: bookings.id,
  reference: bookings.reference,
  startsAt: bookings.startsAt,
  ...bookingMoneyColumns,
  vehicle: bookings.vehicleSnapshot,
  paused: bookings.paused,
  title: bookingTitleSql,
};

type BookingRowFacts = BookingMoneyInput & {
  id: string;
  reference: string;
  startsAt: Date;
  currency: string;
  vehicle: VehicleSnapshot;
  paused: boolean;
  /** Its package lines' names in vehicle order (bookingTitleSql). */
  title: string[] | null;
};

/** A line of a customer's bookings: the customer's own list and the admin's profile of them. */
export function bookingRow(r: BookingRowFacts, timeZone: string): MyBookingRow {
  const money = bookingMoney(r);
  return {
    id: r.id,
    reference: r.reference,
    when: formatDateTime(r.startsAt, timeZone),
    title: visitTitle(r.title),
    vehicle: [r.vehicle.make, r.vehicle.model, r.vehicle.registration].filter(Boolean).join(" "),
    status: r.status,
    statusLabel: bookingStatusLabel(r),
    paymentStatusLabel: paymentStatusLabel(money, r.currency),
    // The charge (ADR 0040): what the booking costs now — less discounts, or a closed one's fee.
    total: formatMoney(money.chargeMinor, r.currency),
    // Part paid, part to pay ("Deposit paid · £70.00 (£56.00 to pay)"); a closed one's fee says its own.
    toPay:
      !money.closed && money.netPaidMinor > 0 && money.dueMinor > 0
        ? formatMoney(money.dueMinor, r.currency)
        : null,
  };
}

export type MyBookingsPage = {
  rows: MyBookingRow[];
  total: number;
  pageCount: number;
  counts: { upcoming: number; past: number };
};

const ENDED = [...TERMINAL_STATUSES];

function whenFilter(when: MyBookingsQuery["when"], now: Date): SQL {
  return when === "upcoming"
    ? sql`(${notInArray(bookings.status, ENDED)} AND ${gte(bookings.endsAt, now)})`
    : sql`(${inArray(bookings.status, ENDED)} OR ${lt(bookings.endsAt, now)})`;
}

/** Escapes LIKE's wildcards so a search for "FC_1" means those characters. */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchFilter(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const reg = normaliseRegistration(text);
  return or(
    sql`upper(${bookings.reference}) LIKE ${likePrefix(text.toUpperCase())}`,
    reg ? sql`(${bookings.vehicleSnapshot} ->> 'registration') LIKE ${likePrefix(reg)}` : undefined,
  );
}

export async function listMyBookings(
  db: DbOrTx,
  customerId: string,
  query: MyBookingsQuery,
  { now = new Date() }: { now?: Date } = {},
): Promise<MyBookingsPage> {
  const mine = eq(bookings.customerId, customerId);
  const where = and(
    mine,
    whenFilter(query.when, now),
    query.status ? eq(bookings.status, query.status) : undefined,
    searchFilter(query.q),
  );
  const order =
    query.when === "upcoming"
      ? [asc(bookings.startsAt), asc(bookings.id)]
      : [desc(bookings.startsAt), desc(bookings.id)];
  const [settings, rows, [filtered], [counts]] = await Promise.all([
    getSettingsOrThrow(db),
    db
      .select(bookingRowColumns)
      .from(bookings)
      .where(where)
      .orderBy(...order)
      .limit(MY_BOOKINGS_PAGE_SIZE)
      .offset((Math.max(1, query.page) - 1) * MY_BOOKINGS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bookings)
      .where(where),
    db
      .select({
        upcoming: sql<number>`count(*) FILTER (WHERE ${whenFilter("upcoming", now)})`,
        past: sql<number>`count(*) FILTER (WHERE ${whenFilter("past", now)})`,
      })
      .from(bookings)
      .where(mine),
  ]);
  const total = Number(filtered?.n ?? 0);
  return {
    rows: rows.map((r) => bookingRow(r, settings.timeZone)),
    total,
    pageCount: Math.max(1, Math.ceil(total / MY_BOOKINGS_PAGE_SIZE)),
    counts: { upcoming: Number(counts?.upcoming ?? 0), past: Number(counts?.past ?? 0) },
  };
}

export type MyBookingPage = {
  view: BookingView;
  accessToken: string;
  history: { id: string; at: string; what: string; why: string | null }[];
};

/** One of the customer's bookings with its history in their words, or null when it isn't theirs. */
export async function getMyBooking(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
): Promise<MyBookingPage | null> {
  const [row] = await db
    .select({ id: bookings.id, accessToken: bookings.accessToken })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)));
  if (!row) return null;
  const [view, events] = await Promise.all([
    getBookingView(db, row.id),
    db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, row.id))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
  ]);
  const history = events.flatMap((e) => {
    const said = describeForCustomer(e, view.currency);
    return said ? [{ id: e.id, at: formatDateTime(e.at, view.timeZone), ...said }] : [];
  });
  return { view, accessToken: row.accessToken, history };
}

/** The pages' readers. */
export const loadMyBookings = async (customerId: string, query: MyBookingsQuery) =>
  listMyBookings(await getDb(), customerId, query);
export const loadMyBooking = async (customerId: string, bookingId: string) =>
  getMyBooking(await getDb(), customerId, bookingId);
