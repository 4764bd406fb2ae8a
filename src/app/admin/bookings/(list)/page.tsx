import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Pagination } from "@/components/ui/data/pagination";
import { hrefWith, type SearchParamsInput } from "@/components/ui/data/url";
import { routes } from "@/lib/routes";
import { AdminBookingsFilters } from "@/modules/booking-list/components/admin-bookings-filters";
import { AdminBookingsTable } from "@/modules/booking-list/components/admin-bookings-table";
import { adminBookingsPageData, isFiltered, parseAdminBookingsQuery } from "@/modules/booking-list/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Bookings" };

export default async function AdminBookingsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsInput>;
}) {
  const user = await requireAdminPage(routes.adminBookings);
  const sp = await searchParams;
  const query = parseAdminBookingsQuery(sp);
  const settings = await getPublicSettings();
  const { list, options } = await adminBookingsPageData(user, query, settings.timeZone);
  const filtered = isFiltered(query);
  const { page: _page, ...filterParams } = sp;

  return (
    <div className="max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Bookings"
          description={`Every booking, searchable and filtered. Times in ${settings.timeZone}.`}
          actions={
            <ButtonLink variant="primary" href={routes.adminNewBooking}>
              New booking
            </ButtonLink>
          }
        />
        <LiveRefresh types={["booking.updated", "schedule.changed"]} />
      </div>

      <AdminBookingsFilters
        query={query}
        options={options}
        pathname={routes.adminBookings}
        exportHref={hrefWith(routes.adminBookingsCsv, filterParams, {})}
        filtered={filtered}
      />

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {list.total === 1 ? "1 booking" : `${list.total} bookings`}
        {filtered ? " match these filters" : ""}
      </p>

      {list.total === 0 ? (
        filtered ? (
          <EmptyState className="mt-3" title="No bookings match">
            <p>
              Try fewer filters or another search.{" "}
              <ButtonLink variant="link" href={routes.adminBookings} className="min-h-0">
                Show all bookings
              </ButtonLink>
            </p>
          </EmptyState>
        ) : (
          <EmptyState
            className="mt-3"
            title="No bookings yet"
            action={
              <ButtonLink variant="primary" href={routes.adminServices}>
                Check your services
              </ButtonLink>
            }
          >
            Bookings made online appear here as soon as they are placed, with their payment status.
          </EmptyState>
        )
      ) : (
        <>
          <AdminBookingsTable
            rows={list.rows}
            sort={list.sort}
            pathname={routes.adminBookings}
            searchParams={sp}
            timeZone={settings.timeZone}
          />
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pathname={routes.adminBookings}
            searchParams={sp}
            total={list.total}
            noun={["booking", "bookings"]}
          />
        </>
      )}
    </div>
  );
}
