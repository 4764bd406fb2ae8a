import { z } from "zod";

// The /admin/customers URL is the table's whole state (shareable, survives reload and back). Every
// parameter is parsed on its own: a bad or hand-edited value is dropped, never an error page. Shared by
// the page, the CSV route and the filter form (no server-only imports).

export const ADMIN_CUSTOMER_SORTS = ["name", "bookings", "value", "last", "next", "joined"] as const;
export type AdminCustomerSort = (typeof ADMIN_CUSTOMER_SORTS)[number];

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(first, schema.optional().catch(undefined)) as unknown as z.ZodOptional<T>;
const yesNo = z.enum(["yes", "no"]);

export const adminCustomersQuery = z.object({
  q: optional(
    z
      .string()
      .transform((s) => s.trim().slice(0, 100))
      .pipe(z.string().min(1)),
  ),
  upcoming: optional(yesNo),
  owed: optional(yesNo),
  marketing: optional(yesNo),
  deactivated: optional(yesNo),
  sort: optional(z.enum(ADMIN_CUSTOMER_SORTS)),
  dir: optional(z.enum(["asc", "desc"])),
  page: optional(z.coerce.number().int().min(1).max(1_000_000)),
});

export type AdminCustomersQuery = z.infer<typeof adminCustomersQuery>;

/** Parses search parameters (a record from a page, or URLSearchParams from a route); never throws. */
export function parseAdminCustomersQuery(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): AdminCustomersQuery {
  const record = params instanceof URLSearchParams ? Object.fromEntries(params.entries()) : (params ?? {});
  const parsed = adminCustomersQuery.safeParse(record);
  return parsed.success ? parsed.data : {};
}

/** Whether anything narrows the list (the empty state then says "no match", not "no customers yet"). */
export function isCustomersFiltered(q: AdminCustomersQuery): boolean {
  return Boolean(q.q || q.upcoming || q.owed || q.marketing || q.deactivated);
}

/** The direction a column starts in when first clicked: names A–Z, numbers and dates biggest/latest first, the next booking soonest first. */
export function defaultCustomerDirection(sort: AdminCustomerSort): "asc" | "desc" {
  return sort === "name" || sort === "next" ? "asc" : "desc";
}
