import type { Metadata } from "next";
import Link from "next/link";
import { Plus } from "lucide-react";
import { ActionButton } from "@/components/ui/action-button";
import { ActiveBadge } from "@/components/ui/active-badge";
import { Notice } from "@/components/ui/notice";
import { SERVICE_KINDS, type ServiceKind } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { isUuid } from "@/lib/uuid";
import { routes } from "@/lib/routes";
import { setServiceActiveAction } from "@/modules/catalogue/actions";
import { durationRange } from "@/modules/catalogue/components/service-card";
import {
  listCategoriesForAdmin,
  listServicesForAdmin,
  type ServiceFilters,
} from "@/modules/catalogue/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Services" };

type Search = { q?: string; category?: string; kind?: string; status?: string; deleted?: string };

function filtersFrom(sp: Search): ServiceFilters {
  return {
    q: sp.q?.slice(0, 100) || undefined,
    categoryId: isUuid(sp.category) ? sp.category : undefined,
    kind: SERVICE_KINDS.includes(sp.kind as ServiceKind) ? (sp.kind as ServiceKind) : undefined,
    status: sp.status === "active" || sp.status === "inactive" ? sp.status : undefined,
  };
}

const control =
  "mt-1 block min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base focus:border-brand";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-control border border-line-strong bg-surface px-4 text-sm font-medium hover:bg-canvas";

export default async function ServicesPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdminPage(routes.adminServices);
  const sp = await searchParams;
  const filters = filtersFrom(sp);
  const [services, categories, settings] = await Promise.all([
    listServicesForAdmin(filters),
    listCategoriesForAdmin(),
    getPublicSettings(),
  ]);
  const filtered = Boolean(filters.q || filters.categoryId || filters.kind || filters.status);
  const money = (v: number) => formatMoney(v, settings.currency);

  return (
    <div className="max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Services</h1>
          <p className="mt-1 text-ink-muted">
            Packages and add-ons, active and inactive. Customers see active services priced for at least one
            vehicle size.
          </p>
        </div>
        <Link
          href={routes.adminNewService}
          className="inline-flex min-h-11 items-center gap-2 rounded-control bg-brand px-4 font-semibold text-white hover:bg-brand-hover"
        >
          <Plus aria-hidden="true" className="size-4" />
          New service
        </Link>
      </div>
      <nav aria-label="Catalogue" className="mt-4 flex flex-wrap gap-2">
        <Link className={secondary} href={routes.adminPricing}>
          Prices, durations &amp; travel zones
        </Link>
        <Link className={secondary} href={routes.adminCategories}>
          Categories
        </Link>
        <Link className={secondary} href={routes.adminVehicleSizes}>
          Vehicle sizes
        </Link>
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
        <label className="block text-sm font-medium">
          Search
          <input
            name="q"
            type="search"
            defaultValue={filters.q}
            placeholder="Name or web address"
            className={control}
          />
        </label>
        <label className="block text-sm font-medium">
          Category
          <select name="category" defaultValue={filters.categoryId ?? ""} className={control}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          Kind
          <select name="kind" defaultValue={filters.kind ?? ""} className={control}>
            <option value="">All kinds</option>
            <option value="package">Packages</option>
            <option value="addon">Add-ons</option>
          </select>
        </label>
        <label className="block text-sm font-medium">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={control}>
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className={`${secondary} flex-1 lg:flex-none`}>
            Filter
          </button>
          {filtered && (
            <Link href={routes.adminServices} className={`${secondary} flex-1 lg:flex-none`}>
              Clear
            </Link>
          )}
        </div>
      </form>

      <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
        {services.length === 1 ? "1 service" : `${services.length} services`}
        {filtered ? " match these filters" : ""}
      </p>

      {services.length === 0 ? (
        <div className="mt-3 rounded-card border border-dashed border-line-strong bg-surface p-8 text-center">
          {filtered ? (
            <p>
              No services match these filters.{" "}
              <Link
                href={routes.adminServices}
                className="font-medium text-brand underline underline-offset-2"
              >
                Show all services
              </Link>
            </p>
          ) : (
            <>
              <p className="font-semibold">No services yet</p>
              <p className="mt-1 text-ink-muted">
                {categories.length === 0
                  ? "Start with a category (such as “Wash”) and your vehicle sizes, then add your first service."
                  : "Add your first package — for example a maintenance wash — then set its prices."}
              </p>
              <Link
                href={categories.length === 0 ? routes.adminCategories : routes.adminNewService}
                className="mt-4 inline-flex min-h-11 items-center rounded-control bg-brand px-4 font-semibold text-white hover:bg-brand-hover"
              >
                {categories.length === 0 ? "Add a category" : "Add a service"}
              </Link>
            </>
          )}
        </div>
      ) : (
        <table className="mt-3 w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Services</caption>
          <thead className="hidden md:table-header-group">
            <tr className="text-left text-ink-muted">
              {["Service", "Category", "Kind", "Price", "Duration", "Status", ""].map((h, i) => (
                <th
                  key={h || i}
                  scope="col"
                  className="sticky top-0 border-b border-line bg-canvas px-3 py-2 font-medium"
                >
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {services.map((s) => (
              <tr
                key={s.id}
                className="mb-3 block rounded-card border border-line bg-surface p-4 md:mb-0 md:table-row md:rounded-none md:border-0 md:p-0"
              >
                <td className="block md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <Link
                    href={routes.adminService(s.id)}
                    className="font-semibold text-brand underline-offset-2 hover:underline"
                  >
                    {s.name}
                  </Link>
                  <span className="block text-ink-subtle">/{s.slug}</span>
                </td>
                <td className="block md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <span className="md:sr-only text-ink-muted">Category: </span>
                  {s.categoryName}
                  {!s.categoryActive && <span className="text-ink-muted"> (inactive)</span>}
                </td>
                <td className="block md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <span className="md:sr-only text-ink-muted">Kind: </span>
                  {s.kind === "package" ? "Package" : "Add-on"}
                </td>
                <td className="block tabular md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <span className="md:sr-only text-ink-muted">Price: </span>
                  {s.minPriceMinor === null || s.maxPriceMinor === null ? (
                    <span className="font-medium text-warning">Not priced — hidden</span>
                  ) : s.minPriceMinor === s.maxPriceMinor ? (
                    money(s.minPriceMinor)
                  ) : (
                    `${money(s.minPriceMinor)} – ${money(s.maxPriceMinor)}`
                  )}
                </td>
                <td className="block tabular md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <span className="md:sr-only text-ink-muted">Duration: </span>
                  {s.minMinutes === null || s.maxMinutes === null
                    ? "—"
                    : durationRange(s.minMinutes, s.maxMinutes)}
                </td>
                <td className="block py-1 md:table-cell md:border-b md:border-line md:px-3 md:py-3">
                  <ActiveBadge isActive={s.isActive} />
                </td>
                <td className="block pt-2 md:table-cell md:border-b md:border-line md:px-3 md:py-3 md:text-right">
                  <ActionButton action={setServiceActiveAction} input={{ id: s.id, isActive: !s.isActive }}>
                    {s.isActive ? "Deactivate" : "Activate"}
                    <span className="sr-only"> {s.name}</span>
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
