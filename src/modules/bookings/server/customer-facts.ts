import "server-only";
import { bookingRow, bookingRowColumns, type MyBookingRow } from "./my-bookings";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type BookingStatus, CALLED_OFF_STATUSES, UPCOMING_STATUSES } from "@/lib/enums";
import { normaliseRegistration } from "@/lib/registration";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, customerBookingFacts, postcodeKeyExpr, registrationExpr } from "@/server/db/schema";
import { bookingMoney } from "@/lib/booking/booking-money";

// What the bookings module knows about each customer, for the admin's customers list (ADR 0020, ADR 0025):
// a subquery the accounts module joins to its users. The facts that do not depend on the time of day
// (bookings, latest start, owed, lifetime value) are read from the `customer_booking_facts` read model,
// which triggers on bookings keep exact in every writing transaction; "next" and "last", which move as
// time passes, are derived at read time from the future bookings only. The rules of "upcoming", "last",
// "owed" and the lifetime value live here and in that migration, next to the statuses they depend on.

// UPCOMING_STATUSES (src/lib/enums.ts): the candidates for "next booking" and what deactivation asks
// about. Not a "last booking": CALLED_OFF_STATUSES, which never happened (the read model's `latest_at`
// leaves these out too).

const list = (s: readonly string[]) =>
  sql.join(
    s.map((v) => sql`${v}`),
    sql`, `,
  );
/** Status constants written into the statement, so the planner matches the partial indexes' predicates. */
const literals = (s: readonly BookingStatus[]) => sql.raw(s.map((v) => `'${v}'`).join(", "));

/**
 * The columns the subquery yields, per customer with at least one booking:
 * `customer_id`, `bookings` (int, not counting expired holds), `last_at` / `next_at` (timestamptz or
 * null), `owed_minor` (int, the unpaid balance of confirmed, started and completed jobs), `value_minor`
 * (int: collected minus refunded, the booking ledger's totals that the payments module keeps on each
 * booking — the same Paid and Refunded as /admin/bookings). `customerIds` restricts the read to a page
 * of customers.
 *
 * `last_at` is the stored latest start when that is already past; for a customer whose latest booking is
 * still ahead, the latest start at or before `now` among the stored `recent_starts` (every start from the
 * one that had begun when the facts were written); only a `now` earlier than all of those (a customer
 * whose every booking was ahead then) probes bookings_customer_happened_idx.
 * `next_at` groups only the bookings still ahead in an upcoming status (bookings_upcoming_starts_idx,
 * index-only), the slice up to the booking horizon.
 */
export function customerBookingFactsSql(now: Date, customerIds?: readonly string[]): SQL {
  const only = (column: SQL) =>
    customerIds === undefined
      ? sql``
      : customerIds.length === 0
        ? sql`AND false`
        : sql`AND ${column} IN (${list(customerIds)})`;
  return sql`SELECT f.customer_id, f.bookings, ${lastAtSql(now)} AS last_at,
      nb.next_at, f.owed_minor, f.value_minor
    FROM ${customerBookingFacts} f
    LEFT JOIN (${nextAtSql(now, only(sql`${bookings.customerId}`))}) nb ON nb.customer_id = f.customer_id
    WHERE true ${only(sql`f.customer_id`)}`;
}

/** `last_at` of the facts row `f` at `now` (see above). */
function lastAtSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`CASE WHEN f.latest_at IS NULL OR f.latest_at <= ${at} THEN f.latest_at
        WHEN f.recent_starts[1] <= ${at} THEN (SELECT max(s) FROM unnest(f.recent_starts) s WHERE s <= ${at})
        ELSE (SELECT max(lb.starts_at) FROM ${bookings} lb
          WHERE lb.customer_id = f.customer_id AND lb.starts_at <= ${at} AND lb.status NOT IN (${literals(CALLED_OFF_STATUSES)}))
        END`;
}

/** customer_id, next_at: the first booking still ahead in an upcoming status, per customer. */
function nextAtSql(now: Date, where: SQL = sql``): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`SELECT ${bookings.customerId} AS customer_id, min(${bookings.startsAt}) AS next_at FROM ${bookings}
      WHERE ${bookings.startsAt} > ${at} AND ${bookings.status} IN (${literals(UPCOMING_STATUSES)}) ${where}
      GROUP BY ${bookings.customerId}`;
}

export type CustomerSortFact = "bookings" | "value" | "last" | "next";

/**
 * `customer_id, k`: one fact per customer with bookings, computed alone, for sorting the whole list by it
 * (the page's full facts are read for its 25 customers afterwards). Sorting by the lifetime value reads
 * the read model's one column instead of deriving "last" and "next" for 20,000 customers.
 */
export function customerSortKeySql(now: Date, key: CustomerSortFact): SQL {
  switch (key) {
    case "bookings":
      return sql`SELECT f.customer_id, f.bookings AS k FROM ${customerBookingFacts} f`;
    case "value":
      return sql`SELECT f.customer_id, f.value_minor AS k FROM ${customerBookingFacts} f`;
    case "last":
      return sql`SELECT f.customer_id, ${lastAtSql(now)} AS k FROM ${customerBookingFacts} f`;
    case "next":
      return sql`SELECT nb.customer_id, nb.next_at AS k FROM (${nextAtSql(now)}) nb`;
  }
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The customers whose bookings match a search by registration or postcode (from their start, through the
 * bookings table's prefix indexes, ADR 0017) — guests have no saved vehicle or address, only bookings.
 */
export function customerIdsByBookingSearchSql(q: string): SQL {
  const reg = likeEscape(normaliseRegistration(q));
  const upper = likeEscape(q.toUpperCase().replace(/\s+/g, ""));
  return sql`SELECT ${bookings.customerId} FROM ${bookings} WHERE ${registrationExpr(bookings)} LIKE ${`${reg}%`}
    UNION SELECT ${bookings.customerId} FROM ${bookings} WHERE ${postcodeKeyExpr(bookings)} LIKE ${`${upper}%`}`;
}

/** A line of the customer's own list, with what the admin's profile of them needs besides. */
export type CustomerBookingLine = MyBookingRow & {
  startsAt: Date;
  upcoming: boolean;
  /** What the admin cancel path needs to show its refund choice: what can still be given back. */
  netPaidMinor: number;
};

/** A customer's bookings for their admin profile: upcoming first (soonest first), then the rest, newest first. */
export async function listCustomerBookingsForAdmin(
  db: DbOrTx,
  customerId: string,
  timeZone: string,
  { now = new Date(), limit = 200 }: { now?: Date; limit?: number } = {},
): Promise<CustomerBookingLine[]> {
  const upcomingSql = sql<boolean>`(${bookings.startsAt} > ${now.toISOString()}::timestamptz AND ${bookings.status} IN (${list(UPCOMING_STATUSES)}))`;
  const rows = await db
    .select({ ...bookingRowColumns, upcoming: upcomingSql })
    .from(bookings)
    .where(eq(bookings.customerId, customerId))
    .orderBy(
      desc(upcomingSql),
      sql`CASE WHEN ${upcomingSql} THEN ${bookings.startsAt} END ASC`,
      desc(bookings.startsAt),
      asc(bookings.id),
    )
    .limit(limit);
  return rows.map((r) => ({
    ...bookingRow(r, timeZone),
    startsAt: r.startsAt,
    upcoming: Boolean(r.upcoming),
    netPaidMinor: bookingMoney(r).netPaidMinor,
  }));
}

/** The customer's upcoming bookings (ids and status), which a deactivation keeps or cancels. */
export async function upcomingBookingsOf(
  db: DbOrTx,
  customerId: string,
  now = new Date(),
): Promise<{ id: string; status: BookingStatus }[]> {
  return db
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        sql`${bookings.startsAt} > ${now.toISOString()}::timestamptz`,
        inArray(bookings.status, [...UPCOMING_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/** The bookings module's part of the admin customers list (accounts' CustomerFactsSource). */
export const customerFactsSource = {
  facts: customerBookingFactsSql,
  sortKey: customerSortKeySql,
  searchIds: customerIdsByBookingSearchSql,
};

export const loadCustomerBookingsForAdmin = async (customerId: string, timeZone: string) =>
  listCustomerBookingsForAdmin(await getDb(), customerId, timeZone);

/**
 * A customer's lifetime value: collected less refunded on their bookings — the `value_minor` of the
 * customer_booking_facts read model (the one definition, migration 0029), which the customers list shows
 * too. The profile reads it here, not from the payment ledger (a test checks the ledger agrees).
 */
export async function customerValueMinor(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ value: customerBookingFacts.valueMinor })
    .from(customerBookingFacts)
    .where(eq(customerBookingFacts.customerId, customerId));
  return row?.value ?? 0;
}

export const loadCustomerValueMinor = async (customerId: string) =>
  customerValueMinor(await getDb(), customerId);
