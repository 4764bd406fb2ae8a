import type { Metadata } from "next";
import { Plus } from "lucide-react";
import { ActionButton } from "@/components/ui/action-button";
import { ActiveBadge } from "@/components/ui/active-badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "@/components/ui/data/pagination";
import { SortableTh, Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import { pageFrom, type SortState } from "@/components/ui/data/url";
import { FilterSearch, FilterSelect } from "@/components/ui/data/list-filters";
import { SERVICE_KINDS, type ServiceKind } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { isUuid } from "@/lib/uuid";
import { routes } from "@/lib/routes";
import { setServiceActiveAction } from "@/modules/catalogue/actions";
import { durationRange } from "@/modules/catalogue/components/service-card";
import {
  type AdminServiceRow,
  listCategoriesForAdmin,
  listServicesForAdmin,
  type ServiceFilters,
} from "@/modules/catalogue/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Services" };

type Search = {
  q?: string;
  category?: string;
  kind?: string;
  status?: string;
  deleted?: string;
  sort?: string;
  dir?: string;
  page?: string;
};

const PAGE_SIZE = 25;

// A catalogue is tens of services, so the list is sorted and paged here, after the query; unsorted, it
// keeps the query's order (category, then the admin's order).
const SORTS = {
  name: (a: AdminServiceRow, b: AdminServiceRow) => a.name.localeCompare(b.name, "en-GB"),
  price: (a: AdminServiceRow, b: AdminServiceRow) =>
    (a.minPriceMinor ?? Number.MAX_SAFE_INTEGER) - (b.minPriceMinor ?? Number.MAX_SAFE_INTEGER),
  duration: (a: AdminServiceRow, b: AdminServiceRow) =>
    (a.minMinutes ?? Number.MAX_SAFE_INTEGER) - (b.minMinutes ?? Number.MAX_SAFE_INTEGER),
} as const;

function sortFrom(sp: Search): SortState | null {
  if (!sp.sort || !(sp.sort in SORTS)) return null;
  return { key: sp.sort, direction: sp.dir === "desc" ? "desc" : "asc" };
}

function filtersFrom(sp: Search): ServiceFilters {
  return {
    q: sp.q?.slice(0, 100) || undefined,
    categoryId: isUuid(sp.category) ? sp.category : undefined,
    kind: SERVICE_KINDS.includes(sp.kind as ServiceKind) ? (sp.kind as ServiceKind) : undefined,
    status: sp.status === "active" || sp.status === "inactive" ? sp.status : undefined,
  };
}

export default async function ServicesPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdminPage(routes.adminServices);
  const sp = await searchParams;
  const filters = filtersFrom(sp);
  const [all, categories, settings] = await Promise.all([
    listServicesForAdmin(filters),
    listCategoriesForAdmin(),
    getPublicSettings(),
  ]);
  const filtered = Boolean(filters.q || filters.categoryId || filters.kind || filters.status);
  const money = (v: number) => formatMoney(v, settings.currency);
  const sort = sortFrom(sp);
  const sorted = sort
    ? [...all].sort(
        (a, b) => SORTS[sort.key as keyof typeof SORTS](a, b) * (sort.direction === "asc" ? 1 : -1),
      )
    : all;
  const pageCount = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const page = pageFrom(sp.page, pageCount);
  const services = sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const { deleted: _deleted, ...listParams } = sp;
  const sortable = { sort, pathname: routes.adminServices, searchParams: listParams };

  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Services"
        description="Packages and add-ons, active and inactive. Customers see active services priced for at least one vehicle size."
        actions={
          <ButtonLink variant="primary" href={routes.adminNewService}>
            <Plus aria-hidden="true" className="size-4" />
            New service
          </ButtonLink>
        }
      />
      <nav aria-label="Catalogue" className="mt-4 flex flex-wrap gap-2">
        <ButtonLink size="sm" href={routes.adminPricing}>
          Prices, durations &amp; travel zones
        </ButtonLink>
        <ButtonLink size="sm" href={routes.adminCategories}>
          Categories
        </ButtonLink>
        <ButtonLink size="sm" href={routes.adminVehicleSizes}>
          Vehicle sizes
        </ButtonLink>
      </nav>

      {sp.deleted && (
        <Notice kind="success" className="mt-6">
          Service deleted.
        </Notice>
      )}

      <form
        method="get"
        role="search"
        aria-label="Filter services"
        className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        {sort && (
          <>
            <input type="hidden" name="sort" value={sort.key} />
            <input type="hidden" name="dir" value={sort.direction} />
          </>
        )}
        <FilterSearch defaultValue={filters.q} placeholder="Name or web address" />
        <FilterSelect
          name="category"
          label="Category"
          value={filters.categoryId}
          any="All categories"
          choices={categories.map((c) => [c.id, c.name])}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          value={filters.kind}
          any="All kinds"
          choices={[
            ["package", "Packages"],
            ["addon", "Add-ons"],
          ]}
        />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          any="Any status"
          choices={[
            ["active", "Active"],
            ["inactive", "Inactive"],
          ]}
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 lg:flex-none">
            Filter
          </Button>
          {filtered && (
            <ButtonLink href={routes.adminServices} className="flex-1 lg:flex-none">
              Clear
            </ButtonLink>
          )}
        </div>
      </form>

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {all.length === 1 ? "1 service" : `${all.length} services`}
        {filtered ? " match these filters" : ""}
      </p>

      {all.length === 0 ? (
        filtered ? (
          <EmptyState className="mt-3">
            <p className="text-ink">
              No services match these filters.{" "}
              <ButtonLink variant="link" href={routes.adminServices} className="min-h-0">
                Show all services
              </ButtonLink>
            </p>
          </EmptyState>
        ) : (
          <EmptyState
            className="mt-3"
            title="No services yet"
            action={
              <ButtonLink
                variant="primary"
                href={categories.length === 0 ? routes.adminCategories : routes.adminNewService}
              >
                {categories.length === 0 ? "Add a category" : "Add a service"}
              </ButtonLink>
            }
          >
            {categories.length === 0
              ? "Start with a category (such as “Wash”) and your vehicle sizes, then add your first service."
              : "Add your first package — for example a maintenance wash — then set its prices."}
          </EmptyState>
        )
      ) : (
        <>
          <Table caption="Services" className="mt-3">
            <TableHead>
              <SortableTh sortKey="name" {...sortable}>
                Service
              </SortableTh>
              <Th>Category</Th>
              <Th>Kind</Th>
              <SortableTh sortKey="price" {...sortable}>
                Price
              </SortableTh>
              <SortableTh sortKey="duration" {...sortable}>
                Duration
              </SortableTh>
              <Th>Status</Th>
              <Th hidden>Actions</Th>
            </TableHead>
            <TableBody>
              {services.map((s) => (
                <Tr key={s.id}>
                  <Td>
                    <ButtonLink
                      variant="link"
                      href={routes.adminService(s.id)}
                      className="min-h-0 font-semibold no-underline hover:underline"
                    >
                      {s.name}
                    </ButtonLink>
                    <span className="block text-ink-subtle">/{s.slug}</span>
                  </Td>
                  <Td label="Category">
                    {s.categoryName}
                    {!s.categoryActive && <span className="text-ink-muted"> (inactive)</span>}
                  </Td>
                  <Td label="Kind">{s.kind === "package" ? "Package" : "Add-on"}</Td>
                  <Td label="Price" numeric>
                    {s.minPriceMinor === null || s.maxPriceMinor === null ? (
                      <span className="font-medium text-warning">Not priced — hidden</span>
                    ) : s.minPriceMinor === s.maxPriceMinor ? (
                      money(s.minPriceMinor)
                    ) : (
                      `${money(s.minPriceMinor)} – ${money(s.maxPriceMinor)}`
                    )}
                  </Td>
                  <Td label="Duration" numeric>
                    {s.minMinutes === null || s.maxMinutes === null
                      ? "—"
                      : durationRange(s.minMinutes, s.maxMinutes)}
                  </Td>
                  <Td className="py-1">
                    <ActiveBadge isActive={s.isActive} />
                  </Td>
                  <Td className="pt-2 md:text-right">
                    <ActionButton
                      action={setServiceActiveAction}
                      input={{ id: s.id, isActive: !s.isActive }}
                      successToast={s.isActive ? "Service deactivated." : "Service activated."}
                    >
                      {s.isActive ? "Deactivate" : "Activate"}
                      <span className="sr-only"> {s.name}</span>
                    </ActionButton>
                  </Td>
                </Tr>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageCount={pageCount}
            pathname={routes.adminServices}
            searchParams={listParams}
          />
        </>
      )}
    </div>
  );
}
