import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Pagination } from "@/components/ui/data/pagination";
import { hrefWith, type SearchParamsInput } from "@/components/ui/data/url";
import { routes } from "@/lib/routes";
import { isCustomersFiltered, parseAdminCustomersQuery } from "@/modules/accounts/admin-customers-filters";
import {
  AdminCustomersFilters,
  AdminCustomersTable,
} from "@/modules/accounts/components/admin-customers-list";
import { loadAdminCustomers } from "@/modules/accounts/server";
import { customerFactsSource } from "@/modules/bookings/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Customers" };

export default async function AdminCustomersPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsInput>;
}) {
  const user = await requireAdminPage(routes.adminCustomers);
  const sp = await searchParams;
  const query = parseAdminCustomersQuery(sp);
  const settings = await getPublicSettings();
  const list = await loadAdminCustomers(user, query, customerFactsSource);
  const filtered = isCustomersFiltered(query);
  const { page: _page, ...filterParams } = sp;

  return (
    <div className="max-w-7xl">
      <PageHeader
        title="Customers"
        description={`Everyone who has booked or has an account. Lifetime value is what they paid less refunds; times in ${settings.timeZone}.`}
      />

      <AdminCustomersFilters
        query={query}
        pathname={routes.adminCustomers}
        exportHref={hrefWith(routes.adminCustomersCsv, filterParams, {})}
        filtered={filtered}
      />

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {list.total === 1 ? "1 customer" : `${list.total} customers`}
        {filtered ? " match these filters" : ""}
      </p>

      {list.total === 0 ? (
        filtered ? (
          <EmptyState className="mt-3" title="No customers match">
            <p>
              Try fewer filters or another search.{" "}
              <ButtonLink variant="link" href={routes.adminCustomers} className="min-h-0">
                Show all customers
              </ButtonLink>
            </p>
          </EmptyState>
        ) : (
          <EmptyState
            className="mt-3"
            title="No customers yet"
            action={
              <ButtonLink variant="primary" href={routes.adminNewBooking}>
                Take a phone booking
              </ButtonLink>
            }
          >
            Customers appear here when they book online, register, or you book for them.
          </EmptyState>
        )
      ) : (
        <>
          <AdminCustomersTable
            rows={list.rows}
            sort={list.sort}
            pathname={routes.adminCustomers}
            searchParams={sp}
            timeZone={settings.timeZone}
            currency={settings.currency}
          />
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            pathname={routes.adminCustomers}
            searchParams={sp}
            total={list.total}
            noun={["customer", "customers"]}
          />
        </>
      )}
    </div>
  );
}
