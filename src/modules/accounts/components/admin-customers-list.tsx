import { TextLink } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { FilterSearch, FilterSelect, ListFilters } from "@/components/ui/data/list-filters";
import { PhoneSortForm } from "@/components/ui/data/phone-sort";
import { SortableTh, Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import type { SearchParamsInput } from "@/components/ui/data/url";
import { formatDateTime, formatShortDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import {
  ADMIN_CUSTOMER_SORTS,
  type AdminCustomerSort,
  type AdminCustomersQuery,
} from "../admin-customers-filters";
import type { AdminCustomerRow, AdminCustomersPage } from "../server/customers/admin-customers";

// /admin/customers: the filters (a plain GET form, so the whole state is in the URL and works before
// JavaScript), the table (sortable column titles; cards on phones, with a sort form instead) and the
// export link carrying the same filters.

const SORT_LABELS: Record<AdminCustomerSort, string> = {
  name: "Name",
  bookings: "Bookings",
  value: "Lifetime value",
  last: "Last booking",
  next: "Next booking",
  joined: "Joined",
};

export function AdminCustomersFilters({
  query,
  pathname,
  exportHref,
  filtered,
}: {
  query: AdminCustomersQuery;
  pathname: string;
  exportHref: string;
  filtered: boolean;
}) {
  return (
    <ListFilters
      label="Filter customers"
      pathname={pathname}
      sort={query.sort}
      dir={query.dir}
      filtered={filtered}
      exportHref={exportHref}
      actionsClassName="lg:col-span-4"
    >
      <FilterSearch
        defaultValue={query.q}
        placeholder="Name, email, phone, registration or postcode"
        className="sm:col-span-2 lg:col-span-4"
      />
      <FilterSelect
        name="upcoming"
        label="Upcoming booking"
        value={query.upcoming}
        choices={[
          ["yes", "Has one"],
          ["no", "Has none"],
        ]}
      />
      <FilterSelect
        name="owed"
        label="Money owed"
        value={query.owed}
        choices={[
          ["yes", "Owes money"],
          ["no", "Owes nothing"],
        ]}
      />
      <FilterSelect
        name="marketing"
        label="Marketing consent"
        value={query.marketing}
        choices={[
          ["yes", "Given"],
          ["no", "Not given"],
        ]}
      />
      <FilterSelect
        name="deactivated"
        label="Account"
        value={query.deactivated}
        choices={[
          ["no", "Active"],
          ["yes", "Deactivated"],
        ]}
      />
    </ListFilters>
  );
}

function CustomersSort(props: {
  sort: AdminCustomersPage["sort"];
  pathname: string;
  searchParams: SearchParamsInput;
}) {
  return (
    <PhoneSortForm
      label="Sort customers"
      options={ADMIN_CUSTOMER_SORTS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
      {...props}
    />
  );
}

export function AdminCustomersTable({
  rows,
  sort,
  pathname,
  searchParams,
  timeZone,
  currency,
}: {
  rows: AdminCustomerRow[];
  sort: AdminCustomersPage["sort"];
  pathname: string;
  searchParams: SearchParamsInput;
  timeZone: string;
  currency: string;
}) {
  const sortable = { sort, pathname, searchParams };
  const when = (d: Date | null) => (d ? formatDateTime(d, timeZone) : "—");
  return (
    <>
      <CustomersSort {...sortable} />
      <div
        className="relative mt-3 md:overflow-x-auto"
        tabIndex={0}
        role="group"
        aria-label="Customers table"
      >
        <Table caption="Customers">
          <TableHead>
            <SortableTh sortKey="name" {...sortable}>
              Name
            </SortableTh>
            <Th>Contact</Th>
            <SortableTh sortKey="bookings" {...sortable} className="text-right">
              Bookings
            </SortableTh>
            <SortableTh sortKey="value" {...sortable} className="text-right">
              Lifetime value
            </SortableTh>
            <Th className="text-right">Owed</Th>
            <SortableTh sortKey="last" {...sortable}>
              Last booking
            </SortableTh>
            <SortableTh sortKey="next" {...sortable}>
              Next booking
            </SortableTh>
            <SortableTh sortKey="joined" {...sortable}>
              Joined
            </SortableTh>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td label="Name" className="md:min-w-36">
                  <TextLink
                    href={routes.adminCustomer(r.id)}
                    underline="hover"
                    weight="semibold"
                    touch="phone"
                  >
                    {r.name}
                  </TextLink>
                  <span className="flex flex-wrap gap-1">
                    {r.deactivated && <Badge tone="danger">Deactivated</Badge>}
                    {r.marketingConsent && <Badge tone="info">Marketing OK</Badge>}
                  </span>
                </Td>
                <Td label="Contact" className="md:min-w-56">
                  <span className="[overflow-wrap:anywhere]">{r.email}</span>
                  <span className="block whitespace-nowrap text-ink-subtle">{r.phone ?? "No phone"}</span>
                </Td>
                <Td label="Bookings" numeric className="md:text-right">
                  {r.bookings}
                </Td>
                <Td label="Lifetime value" numeric className="md:text-right">
                  {formatMoney(r.valueMinor, currency)}
                </Td>
                <Td label="Owed" numeric className="md:text-right">
                  {r.owedMinor > 0 ? (
                    <span className="font-semibold text-warning">{formatMoney(r.owedMinor, currency)}</span>
                  ) : (
                    "—"
                  )}
                </Td>
                <Td label="Last booking">{when(r.lastAt)}</Td>
                <Td label="Next booking">{when(r.nextAt)}</Td>
                <Td label="Joined">{formatShortDate(r.joinedAt, timeZone)}</Td>
              </Tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
