import "server-only";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { addresses, phoneDigitsExpr, users, vehicles } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  type AdminCustomerSort,
  type AdminCustomersQuery,
  defaultCustomerDirection,
} from "../../admin-customers-filters";

// The admin's customers table (ADR 0020): the accounts module owns the query over its users; what the
// bookings module knows per customer (how many bookings, the last and the next, what is owed, the
// lifetime value) arrives as a grouped subquery it exposes, passed in by the caller (accounts does not
// depend on bookings: bookings depends on accounts). Filtered, sorted and paged in SQL. When neither the
// filters nor the sort need those facts, the page's 25 users are found from users alone and the facts
// are read for those 25 only.

/** What the bookings module offers the list: its per-customer facts and its search by registration/postcode. */
export type CustomerFactsSource = {
  /**
   * SELECT customer_id, bookings, last_at, next_at, owed_minor, value_minor … GROUP BY customer_id,
   * restricted to `customerIds` when given.
   */
  facts: (now: Date, customerIds?: readonly string[]) => SQL;
  /** SELECT customer_id, k: one of the facts alone, per customer with bookings, to sort the list by. */
  sortKey: (now: Date, key: FactSort) => SQL;
  /** SELECT customer_id … of the customers whose bookings match what was typed. */
  searchIds: (q: string) => SQL;
};

export type AdminCustomerRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  marketingConsent: boolean;
  deactivated: boolean;
  joinedAt: Date;
  bookings: number;
  lastAt: Date | null;
  nextAt: Date | null;
  owedMinor: number;
  valueMinor: number;
};

export type AdminCustomersPage = {
  rows: AdminCustomerRow[];
  total: number;
  page: number;
  pageCount: number;
  sort: { key: AdminCustomerSort; direction: "asc" | "desc" };
};

function assertAdmin(viewer: Pick<SessionUser, "role"> | null): void {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  if (viewer.role !== "admin") throw new AppError("NOT_FOUND", "This page could not be found.");
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The customers the search matches, as a union of index-backed lookups (as the bookings search, ADR
 * 0017): any part of the name or email, the phone's digits when four or more were typed (trigram
 * indexes), a saved vehicle's registration or a saved address's postcode from its start, and whatever
 * the bookings module matches in the bookings themselves (registrations and postcodes of guests' bookings).
 */
function searchIds(q: string, source: CustomerFactsSource): SQL {
  const lowered = likeEscape(q.toLowerCase());
  const compact = likeEscape(q.toUpperCase().replace(/\s+/g, ""));
  const digits = q.replace(/\D/g, "");
  return sql`SELECT ${users.id} FROM ${users} WHERE lower(${users.name}) LIKE ${`%${lowered}%`}
    UNION SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) LIKE ${`%${lowered}%`}
    ${digits.length >= 4 ? sql`UNION SELECT ${users.id} FROM ${users} WHERE ${phoneDigitsExpr(users)} LIKE ${`%${digits}%`}` : sql``}
    UNION SELECT ${vehicles.ownerId} FROM ${vehicles} WHERE ${vehicles.registration} LIKE ${`${compact}%`} AND ${vehicles.deletedAt} IS NULL
    UNION SELECT ${addresses.ownerId} FROM ${addresses} WHERE replace(${addresses.postcode}, ' ', '') LIKE ${`${compact}%`} AND ${addresses.deletedAt} IS NULL
    UNION ${source.searchIds(q)}`;
}

/** Conditions on users alone. */
function userWhere(q: AdminCustomersQuery, source: CustomerFactsSource): SQL | undefined {
  return and(
    eq(users.role, "customer"),
    // An erased account (ADR: delete-account anonymises) is not a customer any more.
    isNull(users.anonymisedAt),
    q.q ? sql`${users.id} IN (${searchIds(q.q, source)})` : undefined,
    q.marketing ? eq(users.marketingConsent, q.marketing === "yes") : undefined,
    q.deactivated ? eq(users.banned, q.deactivated === "yes") : undefined,
  );
}

/** Conditions on the facts (`f`): only when a filter asks about bookings or money. */
function factsWhere(q: AdminCustomersQuery): SQL | undefined {
  return and(
    q.upcoming === "yes" ? sql`f.next_at IS NOT NULL` : undefined,
    q.upcoming === "no" ? sql`f.next_at IS NULL` : undefined,
    q.owed === "yes" ? sql`f.owed_minor > 0` : undefined,
    q.owed === "no" ? sql`COALESCE(f.owed_minor, 0) = 0` : undefined,
  );
}

/**
 * The sort keys as SQL over users and the facts, each total together with the user id. Customers with
 * no bookings count as 0 bookings and 0 value; no last booking sorts as the earliest, no next one as the
 * latest (so "soonest next booking first" lists those with none at the end).
 */
const SORT_SQL: Record<AdminCustomerSort, SQL> = {
  name: sql`lower(${users.name})`,
  joined: sql`${users.createdAt}`,
  bookings: sql`COALESCE(f.bookings, 0)`,
  value: sql`COALESCE(f.value_minor, 0)`,
  last: sql`COALESCE(f.last_at, '-infinity'::timestamptz)`,
  next: sql`COALESCE(f.next_at, 'infinity'::timestamptz)`,
};
type FactSort = Exclude<AdminCustomerSort, "name" | "joined">;
const isFactSort = (key: AdminCustomerSort): key is FactSort => key !== "name" && key !== "joined";
/** The same keys over a source's sortKey subquery (`f.k`), for the sorts by a fact. */
const SORT_KEY_SQL: Record<AdminCustomerSort, SQL> = {
  ...SORT_SQL,
  bookings: sql`COALESCE(f.k, 0)`,
  value: sql`COALESCE(f.k, 0)`,
  last: sql`COALESCE(f.k, '-infinity'::timestamptz)`,
  next: sql`COALESCE(f.k, 'infinity'::timestamptz)`,
};

const orderOf = (q: AdminCustomersQuery) => {
  const key = q.sort ?? "joined";
  const direction = q.dir ?? defaultCustomerDirection(key);
  return { key, direction, expr: SORT_SQL[key] };
};

type RawRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  marketing_consent: boolean;
  banned: boolean;
  created_at: number;
  bookings: number | null;
  last_at: number | null;
  next_at: number | null;
  owed_minor: number | null;
  value_minor: number | null;
  sort_value?: unknown;
};

const asDate = (v: number | string | null) => (v === null ? null : new Date(Number(v)));

const rowOf = (r: RawRow): AdminCustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  marketingConsent: Boolean(r.marketing_consent),
  deactivated: Boolean(r.banned),
  joinedAt: asDate(r.created_at) as Date,
  bookings: Number(r.bookings ?? 0),
  lastAt: asDate(r.last_at),
  nextAt: asDate(r.next_at),
  owedMinor: Number(r.owed_minor ?? 0),
  valueMinor: Number(r.value_minor ?? 0),
});

/** An instant as epoch milliseconds: the same JavaScript value from node-postgres and PGlite. */
const ms = (expr: SQL) => sql`(extract(epoch FROM ${expr}) * 1000)::float8`;
const columns = sql`${users.id} AS id, ${users.name} AS name, ${users.email} AS email, ${users.phone} AS phone,
  ${users.marketingConsent} AS marketing_consent, ${users.banned} AS banned,
  ${ms(sql`${users.createdAt}`)} AS created_at, f.bookings, ${ms(sql`f.last_at`)} AS last_at,
  ${ms(sql`f.next_at`)} AS next_at, f.owed_minor, f.value_minor`;

/** One page of the table and the size of the filtered set. */
export async function listAdminCustomers(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  q: AdminCustomersQuery,
  source: CustomerFactsSource,
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminCustomersPage> {
  assertAdmin(viewer);
  const uWhere = userWhere(q, source);
  const fWhere = factsWhere(q);
  const order = orderOf(q);
  const dir = order.direction === "asc" ? sql`ASC` : sql`DESC`;
  const factsJoin = sql`LEFT JOIN (${source.facts(now)}) f ON f.customer_id = ${users.id}`;

  // A filter on the facts needs the grouped read of every booking: the page and its total come from
  // that one read (count(*) OVER ()), not from a second pass for the count. The window sits in a
  // subquery the planner can't flatten, so it plans the whole filtered set (hash joins) and then takes the
  // top rows; planned as "walk users in order and stop after a page", it chose nested loops that the
  // window then ran to the end (6 s for the owed filter at 20,000 customers, ADR 0025).
  if (fWhere) {
    const pageOf = async (p: number) =>
      (
        await db.execute<RawRow & { total: number }>(sql`SELECT * FROM (SELECT ${columns},
            ${order.expr} AS sort_value, (count(*) OVER ())::int AS total
          FROM ${users} ${factsJoin} WHERE ${uWhere} AND ${fWhere}) x
          ORDER BY x.sort_value ${dir}, x.id ${dir}
          LIMIT ${ADMIN_CUSTOMERS_PAGE_SIZE} OFFSET ${(p - 1) * ADMIN_CUSTOMERS_PAGE_SIZE}`)
      ).rows;
    let page = Math.max(1, q.page ?? 1);
    let found = await pageOf(page);
    let total = Number(found[0]?.total ?? 0);
    if (found.length === 0 && page > 1) {
      // Past the end (a stale link): count, then show the last page.
      const counted = await db.execute<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM ${users} ${factsJoin} WHERE ${uWhere} AND ${fWhere}`,
      );
      total = Number(counted.rows[0]?.total ?? 0);
      page = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE));
      found = total > 0 ? await pageOf(page) : [];
    }
    const pageCount = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE));
    return {
      rows: found.map(rowOf),
      total,
      page,
      pageCount,
      sort: { key: order.key, direction: order.direction },
    };
  }

  const counted = await db.execute<{ total: number }>(
    sql`SELECT count(*)::int AS total FROM ${users} WHERE ${uWhere}`,
  );
  const total = Number(counted.rows[0]?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE));
  const page = Math.min(q.page ?? 1, pageCount);
  const offset = (page - 1) * ADMIN_CUSTOMERS_PAGE_SIZE;

  // The page's 25 users first — in users' order (users_name_sort_idx or users_role_idx), or by the one
  // fact the list is sorted by, computed alone — then the full facts of those 25.
  const ids = isFactSort(order.key)
    ? await db.execute<{ id: string }>(sql`SELECT ${users.id} AS id FROM ${users}
        LEFT JOIN (${source.sortKey(now, order.key)}) f
          ON f.customer_id = ${users.id}
        WHERE ${uWhere}
        ORDER BY ${SORT_KEY_SQL[order.key]} ${dir}, ${users.id} ${dir} LIMIT ${ADMIN_CUSTOMERS_PAGE_SIZE} OFFSET ${offset}`)
    : await db.execute<{ id: string }>(sql`SELECT ${users.id} AS id FROM ${users} WHERE ${uWhere}
        ORDER BY ${order.expr} ${dir}, ${users.id} ${dir} LIMIT ${ADMIN_CUSTOMERS_PAGE_SIZE} OFFSET ${offset}`);
  const pageIds = ids.rows.map((r) => r.id);
  const result = pageIds.length
    ? await db.execute<RawRow>(sql`SELECT ${columns} FROM ${users}
        LEFT JOIN (${source.facts(now, pageIds)}) f ON f.customer_id = ${users.id}
        WHERE ${users.id} IN (${sql.join(
          pageIds.map((id) => sql`${id}`),
          sql`, `,
        )})`)
    : { rows: [] as RawRow[] };
  const byId = new Map(result.rows.map((r) => [r.id, rowOf(r)] as const));
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { rows, total, page, pageCount, sort: { key: order.key, direction: order.direction } };
}

/**
 * Every row of the filtered set in the table's order, in batches read by keyset (the position after the
 * last row of a batch), so memory stays flat however many customers there are.
 */
export async function* adminCustomerBatches(
  db: DbOrTx,
  viewer: Pick<SessionUser, "role"> | null,
  q: AdminCustomersQuery,
  source: CustomerFactsSource,
  { now = new Date(), batchSize = 5000 }: { now?: Date; batchSize?: number } = {},
): AsyncGenerator<AdminCustomerRow[]> {
  assertAdmin(viewer);
  const uWhere = userWhere(q, source);
  const fWhere = factsWhere(q);
  const order = orderOf(q);
  const dir = order.direction === "asc" ? sql`ASC` : sql`DESC`;
  const cmp = order.direction === "asc" ? sql`>` : sql`<`;
  const factsJoin = sql`LEFT JOIN (${source.facts(now)}) f ON f.customer_id = ${users.id}`;
  let after: { value: unknown; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${order.expr}, ${users.id}) ${cmp} (${sortParam(order.key, after.value)}, ${after.id})`
      : undefined;
    const result: { rows: RawRow[] } =
      await db.execute<RawRow>(sql`SELECT ${columns}, (${order.expr})::text AS sort_value
      FROM ${users} ${factsJoin}
      WHERE ${and(uWhere, fWhere, keyset)}
      ORDER BY ${order.expr} ${dir}, ${users.id} ${dir} LIMIT ${batchSize}`);
    const raw: RawRow[] = result.rows;
    if (raw.length > 0) yield raw.map(rowOf);
    if (raw.length < batchSize) return;
    const last = raw.at(-1);
    if (!last) return;
    after = { value: last.sort_value, id: last.id };
  }
}

/** The keyset value typed as its sort expression, so the row comparison compares like with like. */
function sortParam(key: AdminCustomerSort, value: unknown): SQL {
  if (key === "joined" || key === "last" || key === "next") return sql`${value}::timestamptz`;
  if (key === "bookings" || key === "value") return sql`${value}::int`;
  return sql`${value}::text`;
}

/** The page's reader. */
export const loadAdminCustomers = async (
  viewer: Pick<SessionUser, "role">,
  q: AdminCustomersQuery,
  source: CustomerFactsSource,
) => listAdminCustomers(await getDb(), viewer, q, source);
