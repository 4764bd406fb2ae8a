import { z } from "zod";
import { isRealDate } from "@/lib/dates";
import { BOOKING_SOURCES, BOOKING_STATUSES } from "@/lib/enums";
import { MONEY_STATES } from "@/lib/booking/booking-money";

// The /admin/bookings URL is the table's whole state (shareable, survives reload and back). Every
// parameter is parsed on its own: a bad or hand-edited value is dropped, never an error page.

export const ADMIN_BOOKING_SORTS = [
  "when",
  "reference",
  "customer",
  "team",
  "status",
  "payment",
  "charge",
  "due",
] as const;
export type AdminBookingSort = (typeof ADMIN_BOOKING_SORTS)[number];

export const ADMIN_BOOKINGS_PAGE_SIZE = 25;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(first, schema.optional().catch(undefined)) as unknown as z.ZodOptional<T>;
// A real calendar day: 2026-02-30 would roll over to March, 2026-13-01 is no date at all.
const date = z.string().refine(isRealDate);

export const adminBookingsQuery = z.object({
  q: optional(
    z
      .string()
      .transform((s) => s.trim().slice(0, 100))
      .pipe(z.string().min(1)),
  ),
  status: optional(z.enum(BOOKING_STATUSES)),
  payment: optional(z.enum(MONEY_STATES)),
  from: optional(date),
  to: optional(date),
  service: optional(z.string().uuid()),
  team: optional(z.string().uuid()),
  source: optional(z.enum(BOOKING_SOURCES)),
  /** "repeat": the visits of repeat bookings (ADR 0052); "single": bookings on their own. */
  repeat: optional(z.enum(["repeat", "single"])),
  sort: optional(z.enum(ADMIN_BOOKING_SORTS)),
  dir: optional(z.enum(["asc", "desc"])),
  page: optional(z.coerce.number().int().min(1).max(1_000_000)),
});

export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;

/** Parses search parameters (a record from a page, or URLSearchParams from a route); never throws. */
export function parseAdminBookingsQuery(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): AdminBookingsQuery {
  const record = params instanceof URLSearchParams ? Object.fromEntries(params.entries()) : (params ?? {});
  const parsed = adminBookingsQuery.safeParse(record);
  return parsed.success ? parsed.data : {};
}

/** Whether anything narrows the list (the empty state then says "no match", not "no bookings yet"). */
export function isFiltered(q: AdminBookingsQuery): boolean {
  return Boolean(
    q.q || q.status || q.payment || q.from || q.to || q.service || q.team || q.source || q.repeat,
  );
}
