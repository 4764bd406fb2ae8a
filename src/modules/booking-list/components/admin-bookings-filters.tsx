import { FilterDate, FilterSearch, FilterSelect, ListFilters } from "@/components/ui/data/list-filters";
import { BOOKING_STATUSES } from "@/lib/enums";
import { MONEY_STATE_LABELS, MONEY_STATES } from "@/lib/booking/booking-money";
import type { AdminBookingsQuery } from "../server/admin-bookings-filters";
import type { FilterOption } from "../server/admin-bookings-options";
import { BOOKING_STATUS_LABELS } from "@/modules/bookings/server";

export function AdminBookingsFilters({
  query,
  options,
  pathname,
  exportHref,
  filtered,
}: {
  query: AdminBookingsQuery;
  options: { services: FilterOption[]; teams: FilterOption[] };
  pathname: string;
  exportHref: string;
  filtered: boolean;
}) {
  return (
    <ListFilters
      label="Filter bookings"
      pathname={pathname}
      sort={query.sort}
      dir={query.dir}
      filtered={filtered}
      exportHref={exportHref}
      actionsClassName="lg:col-span-3"
    >
      <FilterSearch
        defaultValue={query.q}
        placeholder="Reference, name, email, phone, registration or postcode"
        className="sm:col-span-2"
      />
      <FilterSelect
        name="status"
        label="Status"
        value={query.status}
        choices={BOOKING_STATUSES.map((s) => [s, BOOKING_STATUS_LABELS[s]])}
      />
      <FilterSelect
        name="payment"
        label="Payment"
        value={query.payment}
        choices={MONEY_STATES.map((s) => [s, MONEY_STATE_LABELS[s]])}
      />
      <FilterDate name="from" label="From" value={query.from} />
      <FilterDate name="to" label="To" value={query.to} />
      <FilterSelect
        name="service"
        label="Service"
        value={query.service}
        choices={options.services.map((s) => [s.id, s.name])}
      />
      <FilterSelect
        name="team"
        label="Team"
        value={query.team}
        choices={options.teams.map((t) => [t.id, t.name])}
      />
      <FilterSelect
        name="source"
        label="Source"
        value={query.source}
        choices={[
          ["online", "Online"],
          ["admin", "Admin"],
        ]}
      />
      <FilterSelect
        name="repeat"
        label="Repeat"
        value={query.repeat}
        choices={[
          ["repeat", "Repeat bookings"],
          ["single", "One-off bookings"],
        ]}
      />
    </ListFilters>
  );
}
