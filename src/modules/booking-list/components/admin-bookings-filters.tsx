import { Download } from "lucide-react";
import { Button, ButtonLink, buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/control";
import { BOOKING_STATUSES } from "@/lib/enums";
import { BOOKING_PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from "@/modules/bookings/domain/booking-money";
import type { AdminBookingsQuery } from "../server/admin-bookings-filters";
import type { FilterOption } from "../server/admin-bookings-options";
import { BOOKING_STATUS_LABELS } from "@/modules/bookings/server";

// A plain GET form: submitting puts every filter in the URL (shareable, kept by reload and back), and it
// works before JavaScript loads. The sort is carried along; the page starts again from 1.

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
  const control = `${controlClass()} min-h-11`;
  const select = (name: string, label: string, value: string | undefined, choices: [string, string][]) => (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={control}>
        <option value="">Any</option>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      action={pathname}
      role="search"
      aria-label="Filter bookings"
      className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      {query.dir && <input type="hidden" name="dir" value={query.dir} />}
      <label className="block text-sm font-medium sm:col-span-2">
        Search
        <input
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Reference, name, email, phone, registration or postcode"
          className={control}
        />
      </label>
      {select(
        "status",
        "Status",
        query.status,
        BOOKING_STATUSES.map((s) => [s, BOOKING_STATUS_LABELS[s]]),
      )}
      {select(
        "payment",
        "Payment",
        query.payment,
        BOOKING_PAYMENT_STATUSES.map((s) => [s, PAYMENT_STATUS_LABELS[s]]),
      )}
      <label className="block text-sm font-medium">
        From
        <input name="from" type="date" defaultValue={query.from} className={control} />
      </label>
      <label className="block text-sm font-medium">
        To
        <input name="to" type="date" defaultValue={query.to} className={control} />
      </label>
      {select(
        "service",
        "Service",
        query.service,
        options.services.map((s) => [s.id, s.name]),
      )}
      {select(
        "team",
        "Team",
        query.team,
        options.teams.map((t) => [t.id, t.name]),
      )}
      {select("source", "Source", query.source, [
        ["online", "Online"],
        ["admin", "Admin"],
      ])}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3 lg:justify-end">
        <Button type="submit" variant="primary" className="flex-1 lg:flex-none">
          Filter
        </Button>
        {filtered && (
          <ButtonLink href={pathname} className="flex-1 lg:flex-none">
            Clear
          </ButtonLink>
        )}
        {/* A download, not a page: a plain link (no client-side navigation) so the browser saves it. */}
        <a href={exportHref} download className={buttonClass({ className: "flex-1 lg:flex-none" })}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
    </form>
  );
}
