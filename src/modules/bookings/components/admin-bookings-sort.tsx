import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/control";
import type { SearchParamsInput } from "@/components/ui/url";
import { ADMIN_BOOKING_SORTS, type AdminBookingSort } from "@/modules/bookings/server/admin-bookings-filters";
import type { AdminBookingsPage } from "@/modules/bookings/server";

const SORT_LABELS: Record<AdminBookingSort, string> = {
  when: "When",
  reference: "Reference",
  customer: "Customer",
  team: "Team",
  status: "Status",
  payment: "Payment",
  total: "Total",
  due: "Due",
};

/**
 * The sort on phones, where the table's header row (its sortable column titles) is hidden: a plain GET
 * form like the filters, so the order is in the URL and works before JavaScript. The other parameters
 * ride along; the page starts again from 1.
 */
export function AdminBookingsSort({
  sort,
  pathname,
  searchParams,
}: {
  sort: AdminBookingsPage["sort"];
  pathname: string;
  searchParams: SearchParamsInput;
}) {
  const control = `${controlClass()} min-h-11`;
  const kept = Object.entries(searchParams).flatMap(([key, value]) =>
    ["sort", "dir", "page"].includes(key) || value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v) => [key, v] as const),
  );
  return (
    <form
      method="get"
      action={pathname}
      aria-label="Sort bookings"
      className="mt-3 grid grid-cols-2 items-end gap-3 md:hidden"
    >
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label className="block text-sm font-medium">
        Sort by
        <select name="sort" defaultValue={sort.key} className={control}>
          {ADMIN_BOOKING_SORTS.map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        Order
        <select name="dir" defaultValue={sort.direction} className={control}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <Button type="submit" className="col-span-2">
        Sort
      </Button>
    </form>
  );
}
