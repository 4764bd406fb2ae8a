import "server-only";
import { asc } from "drizzle-orm";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { type AdminBookingsPage, listAdminBookings } from "./admin-bookings";
import type { AdminBookingsQuery } from "./admin-bookings-filters";
import { services, teams } from "@/server/db/schema";

export type FilterOption = { id: string; name: string };

/**
 * The choices of the table's service and team filters: every service and team, inactive ones too,
 * since old bookings still name them (a deleted service's items keep their name, not a link).
 */
export async function adminBookingFilterOptions(
  db: DbOrTx,
): Promise<{ services: FilterOption[]; teams: FilterOption[] }> {
  const [serviceRows, teamRows] = await Promise.all([
    db.select({ id: services.id, name: services.name }).from(services).orderBy(asc(services.name)),
    db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.sortOrder), asc(teams.name)),
  ]);
  return { services: serviceRows, teams: teamRows };
}

/** What /admin/bookings shows: the page of rows and the filter choices. */
export async function adminBookingsPageData(
  viewer: Pick<SessionUser, "role">,
  query: AdminBookingsQuery,
  timeZone: string,
): Promise<{ list: AdminBookingsPage; options: Awaited<ReturnType<typeof adminBookingFilterOptions>> }> {
  const db = await getDb();
  const [list, options] = await Promise.all([
    listAdminBookings(db, viewer, query, timeZone),
    adminBookingFilterOptions(db),
  ]);
  return { list, options };
}
