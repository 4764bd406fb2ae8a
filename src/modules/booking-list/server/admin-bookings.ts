import "server-only";
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { addDays, localDayStart } from "@/lib/dates";
import type { BookingSource, BookingStatus } from "@/lib/enums";
import { normaliseRegistration } from "@/lib/registration";
import type { MoneyState } from "@/lib/booking/booking-money";
import type { SessionUser } from "@/server/auth";
import type { DbOrTx } from "@/server/db";
import {
  amountDueExpr,
  bookingItems,
  chargeExpr,
  moneyStateExpr,
  refundableExpr,
  bookings,
  bookingVehicles,
  phoneDigitsExpr,
  postcodeKeyExpr,
  registrationExpr,
  teams,
  users,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type AdminBookingSort,
  type AdminBookingsQuery,
} from "./admin-bookings-filters";

// The admin's bookings table: filtered, searched, sorted and paged in SQL (100,000 bookings must answer
// in well under 100 ms on PostgreSQL — nothing is loaded into JavaScript to filter). The payment status
// is the rule of domain/payment-status.ts written as a SQL expression, so it can be filtered and sorted.

export type AdminBookingRow = {
  id: string;
  reference: string;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  vehicle: string;
  registration: string;
  postcode: string;
  services: string;
  teamName: string;
  status: BookingStatus;
  /** Cancelled by pausing its repeat booking: reads "Paused". */
  paused: boolean;
  /** Its money state (moneyStateOf / booking_money_state): what the payment chip, filter and CSV name. */
  moneyState: MoneyState;
  source: BookingSource;
  currency: string;
  totalMinor: number;
  adjustmentMinor: number;
  /** A closed booking's fee (null while it stands): with the rest, its money (bookingMoney). */
  feeMinor: number | null;
  paidMinor: number;
  refundedMinor: number;
  /** What the customer is liable for now (ADR 0040): the total less adjustments; a closed one's fee. */
  chargeMinor: number;
  dueMinor: number;
  refundableMinor: number;
};

const moneyStateSql = sql<MoneyState>`${moneyStateExpr(bookings)}`;
const dueSql = amountDueExpr(bookings);

const servicesSql = sql<string>`COALESCE((SELECT string_agg(${bookingItems.name}, ', ' ORDER BY ${bookingItems.position})
  FROM ${bookingItems} WHERE ${bookingItems.bookingId} = ${bookings.id}
  AND ${bookingItems.kind} IN ('package', 'addon')), '')`;

const registrationSql = registrationExpr(bookings);
const moreRegistrationSql = sql<string>`(${bookingVehicles.vehicleSnapshot} ->> 'registration')`;
/** Every registration of the visit (ADR 0050): the booking's own, then its further vehicles'. */
const registrationsSql = sql<string>`concat_ws(', ', ${registrationSql}, (SELECT string_agg(${moreRegistrationSql}, ', ' ORDER BY ${bookingVehicles.position})
  FROM ${bookingVehicles} WHERE ${bookingVehicles.bookingId} = ${bookings.id}))`;
const makeModel = (snapshot: SQL | AnyPgColumn) =>
  sql`concat_ws(' ', ${snapshot} ->> 'make', ${snapshot} ->> 'model')`;
/** Every vehicle of the visit, in the order of its registrations (ADR 0050). */
const vehiclesSql = sql<string>`concat_ws(', ', ${makeModel(bookings.vehicleSnapshot)}, (SELECT string_agg(${makeModel(bookingVehicles.vehicleSnapshot)}, ', ' ORDER BY ${bookingVehicles.position})
  FROM ${bookingVehicles} WHERE ${bookingVehicles.bookingId} = ${bookings.id}))`;
const postcodeSql = sql<string>`(${bookings.addressSnapshot} ->> 'postcode')`;

/** The sort keys as SQL: each a total order together with the booking id as the tie-break. */
const SORT_SQL: Record<AdminBookingSort, SQL> = {
  when: sql`${bookings.startsAt}`,
  reference: sql`${bookings.reference}`,
  customer: sql`lower(${users.name})`,
  team: sql`${teams.name}`,
  // The lifecycle order of the status enum (awaiting payment … no-show), which bookings_status_id_idx
  // keeps; the enum's text is not an immutable expression, so it could not be indexed.
  status: sql`${bookings.status}`,
  payment: moneyStateSql,
  charge: chargeExpr(bookings),
  due: dueSql,
};

const rowColumns = {
  id: bookings.id,
  reference: bookings.reference,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  customerName: users.name,
  customerEmail: users.email,
  customerPhone: users.phone,
  vehicle: vehiclesSql,
  registration: registrationsSql,
  postcode: sql<string>`COALESCE(${postcodeSql}, '')`,
  services: servicesSql,
  teamName: teams.name,
  status: bookings.status,
  paused: bookings.paused,
  moneyState: moneyStateSql,
  source: bookings.source,
  currency: bookings.currency,
  totalMinor: bookings.totalMinor,
  adjustmentMinor: bookings.adjustmentMinor,
  feeMinor: bookings.feeMinor,
  paidMinor: bookings.amountPaidMinor,
  refundedMinor: bookings.amountRefundedMinor,
  chargeMinor: sql<number>`${chargeExpr(bookings)}::int`,
  dueMinor: sql<number>`${dueSql}::int`,
  refundableMinor: sql<number>`${refundableExpr(bookings)}::int`,
};

/** LIKE wildcards in what was typed are matched literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The bookings the search matches, as the union of index-backed lookups (ADR 0017) rather than one OR
 * across every row: reference, any of the visit's registrations and postcode from their start
 * (text_pattern_ops indexes),
 * and the bookings of customers whose name or email contains what was typed, or whose phone contains
 * its digits when at least four were typed (trigram indexes on users).
 */
function searchIds(q: string): SQL {
  const lowered = likeEscape(q.toLowerCase());
  const upper = likeEscape(q.toUpperCase().replace(/\s+/g, ""));
  const reg = likeEscape(normaliseRegistration(q));
  const digits = q.replace(/\D/g, "");
  const phone = phoneDigitsExpr(users);
  return sql`SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.reference} LIKE ${`${upper}%`}
    UNION SELECT ${bookings.id} FROM ${bookings} WHERE ${registrationSql} LIKE ${`${reg}%`}
    UNION SELECT ${bookingVehicles.bookingId} FROM ${bookingVehicles} WHERE ${moreRegistrationSql} LIKE ${`${reg}%`}
    UNION SELECT ${bookings.id} FROM ${bookings} WHERE ${postcodeKeyExpr(bookings)} LIKE ${`${upper}%`}
    UNION SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.customerId} IN (
      SELECT ${users.id} FROM ${users} WHERE lower(${users.name}) LIKE ${`%${lowered}%`}
      UNION SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) LIKE ${`%${lowered}%`}
      ${digits.length >= 4 ? sql`UNION SELECT ${users.id} FROM ${users} WHERE ${phone} LIKE ${`%${digits}%`}` : sql``})`;
}

/** The query's keys that choose the order or the page, not which bookings. */
const NOT_FILTERS = new Set(["q", "sort", "dir", "page"]);

/** Above this many matches a page is found by walking the sort's index and keeping the matches. */
const WALK_ABOVE = 1000;

/**
 * The filters as one condition. `walk`: many bookings match the search, so the page is found faster by
 * walking the sort's index and testing each id against the matches (hashed once) than by collecting
 * every match and sorting them. Wrapped in IS TRUE, the IN stays such a per-row test: PostgreSQL turns
 * a bare IN into a join, which reads all the matches first. Few matches are joined and sorted.
 */
function whereOf(q: AdminBookingsQuery, timeZone: string, walk = false): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.q)
    conditions.push(
      walk
        ? sql`(${bookings.id} IN (${searchIds(q.q)})) IS TRUE`
        : sql`${bookings.id} IN (${searchIds(q.q)})`,
    );
  if (q.status) conditions.push(eq(bookings.status, q.status));
  if (q.payment) conditions.push(sql`${moneyStateSql} = ${q.payment}`);
  // Dates are days in the business zone: from its first instant to the first instant of the day after.
  const from = q.from ? localDayStart(q.from, timeZone) : null;
  const to = q.to ? localDayStart(addDays(q.to, 1), timeZone) : null;
  if (from) conditions.push(sql`${bookings.startsAt} >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`${bookings.startsAt} < ${to.toISOString()}::timestamptz`);
  if (q.service)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${bookingItems} WHERE ${bookingItems.bookingId} = ${bookings.id} AND ${bookingItems.serviceId} = ${q.service})`,
    );
  if (q.team) conditions.push(eq(bookings.teamId, q.team));
  if (q.source) conditions.push(eq(bookings.source, q.source));
  if (q.repeat)
    conditions.push(q.repeat === "repeat" ? isNotNull(bookings.seriesId) : isNull(bookings.seriesId));
  return and(...conditions);
}

function assertAdmin(viewer: Pick<SessionUser, "role"> | null): void {
  // Authorised here as well as by the page and the route: the same 404 a customer gets for any admin page.
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (viewer.role !== "admin") throw new AppError("NOT_FOUND", "This page could not be found.");
}

const orderOf = (q: AdminBookingsQuery) => {
  const key = q.sort ?? "when";
  // Newest first by default (the admin usually looks at what is coming up and what just happened).
  const direction = q.dir ?? (q.sort ? "asc" : "desc");
  return { key, direction, expr: SORT_SQL[key] };
};

function baseSelect(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .innerJoin(teams, eq(teams.id, bookings.teamId));
}

type Order = ReturnType<typeof orderOf>;

/**
 * The ids of one page in the table's order, each sort read from its index in order (ADR 0017): the
 * bookings' own columns need no join; the customer order walks users by lower(name) and each one's
 * bookings; the team order takes, from each team's (team_id, id) index, no more rows than the page can
 * reach, then orders those few by team name (a join sorted by a column of eight teams otherwise sorts
 * every booking).
 */
async function pageIdsOf(db: DbOrTx, where: SQL | undefined, order: Order, offset: number) {
  const dir = order.direction === "asc" ? sql`ASC` : sql`DESC`;
  const limit = ADMIN_BOOKINGS_PAGE_SIZE;
  if (order.key === "team") {
    const reach = offset + limit;
    const rows = await db.execute<{ id: string }>(sql`SELECT page.id FROM ${teams}
      CROSS JOIN LATERAL (SELECT ${bookings.id} AS id FROM ${bookings}
        WHERE ${bookings.teamId} = ${teams.id} ${where ? sql`AND ${where}` : sql``}
        ORDER BY ${bookings.id} ${dir} LIMIT ${reach}) page
      ORDER BY ${teams.name} ${dir}, page.id ${dir} LIMIT ${limit} OFFSET ${offset}`);
    return rows.rows.map((r) => r.id);
  }
  const base = db.select({ id: bookings.id }).from(bookings);
  const joined = order.key === "customer" ? base.innerJoin(users, eq(users.id, bookings.customerId)) : base;
  const rows = await joined
    .where(where)
    .orderBy(sql`${order.expr} ${dir}, ${bookings.id} ${dir}`)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export type AdminBookingsPage = {
  rows: AdminBookingRow[];
  total: number;
  page: number;
  pageCount: number;
  sort: { key: AdminBookingSort; direction: "asc" | "desc" };
};

/** One page of the table and the size of the filtered set. */
export async function listAdminBookings(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  q: AdminBookingsQuery,
  timeZone: string,
  /** How many search matches make the page walk the sort's index (tests lower it to cover both ways). */
  { walkAbove = WALK_ABOVE }: { walkAbove?: number } = {},
): Promise<AdminBookingsPage> {
  assertAdmin(viewer);
  const where = whereOf(q, timeZone);
  // Every condition reads bookings alone (the customer search is a subquery), so the count needs no join.
  // A search alone is counted from its matches, without reading every booking to find them again.
  const searchOnly = q.q && Object.entries(q).every(([k, v]) => v === undefined || NOT_FILTERS.has(k));
  const [{ total } = { total: 0 }] = searchOnly
    ? (
        await db.execute<{ total: number }>(
          sql`SELECT count(*)::int AS total FROM (${searchIds(q.q as string)}) matched`,
        )
      ).rows
    : await db
        .select({ total: sql<number>`count(*)::int` })
        .from(bookings)
        .where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_BOOKINGS_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pageCount);
  const order = orderOf(q);
  // The page's ids first, then their rows: the per-row services subquery runs for 25 bookings, not for
  // every row the sort has to look at.
  const pageWhere = q.q && total > walkAbove ? whereOf(q, timeZone, true) : where;
  const pageIds = await pageIdsOf(db, pageWhere, order, (page - 1) * ADMIN_BOOKINGS_PAGE_SIZE);
  const byId = new Map(
    pageIds.length === 0
      ? []
      : (await baseSelect(db).where(inArray(bookings.id, pageIds))).map((r) => [r.id, r] as const),
  );
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { rows, total, page, pageCount, sort: { key: order.key, direction: order.direction } };
}

/**
 * Every row of the filtered set, in the table's order, in batches read by keyset (the position after
 * the last row of a batch) so memory stays flat and each batch costs the same, however deep.
 */
export async function* adminBookingBatches(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  q: AdminBookingsQuery,
  timeZone: string,
  batchSize = 5000,
): AsyncGenerator<AdminBookingRow[]> {
  assertAdmin(viewer);
  const where = whereOf(q, timeZone);
  const order = orderOf(q);
  const dir = order.direction === "asc" ? sql`ASC` : sql`DESC`;
  const cmp = order.direction === "asc" ? sql`>` : sql`<`;
  let after: { value: unknown; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${order.expr}, ${bookings.id}) ${cmp} (${sortParam(order.key, after.value)}, ${after.id}::uuid)`
      : undefined;
    const rows: AdminBookingRow[] = await baseSelect(db)
      .where(and(where, keyset))
      .orderBy(sql`${order.expr} ${dir}, ${bookings.id} ${dir}`)
      .limit(batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1);
    if (!last) return;
    after = { value: sortValue(order.key, last), id: last.id };
  }
}

function sortValue(key: AdminBookingSort, row: AdminBookingRow): unknown {
  switch (key) {
    case "when":
      return row.startsAt.toISOString();
    case "reference":
      return row.reference;
    case "customer":
      return row.customerName.toLowerCase();
    case "team":
      return row.teamName;
    case "status":
      return row.status;
    case "payment":
      return row.moneyState;
    case "charge":
      return row.chargeMinor;
    case "due":
      return row.dueMinor;
  }
}

/** The keyset value typed as its column, so the row comparison compares like with like. */
function sortParam(key: AdminBookingSort, value: unknown): SQL {
  if (key === "when") return sql`${value}::timestamptz`;
  if (key === "charge" || key === "due") return sql`${value}::int`;
  if (key === "status") return sql`${value}::booking_status`;
  return sql`${value}::text`;
}
