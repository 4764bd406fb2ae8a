import { PhoneSortForm } from "@/components/ui/data/phone-sort";
import type { SearchParamsInput } from "@/components/ui/data/url";
import { ADMIN_BOOKING_SORTS, type AdminBookingSort } from "../server/admin-bookings-filters";
import type { AdminBookingsPage } from "../server/admin-bookings";

const SORT_LABELS: Record<AdminBookingSort, string> = {
  when: "When",
  reference: "Reference",
  customer: "Customer",
  team: "Team",
  status: "Status",
  payment: "Payment",
  charge: "Charge",
  due: "Due",
};

/** The bookings table's sort on phones (the kit's PhoneSortForm). */
export function AdminBookingsSort(props: {
  sort: AdminBookingsPage["sort"];
  pathname: string;
  searchParams: SearchParamsInput;
}) {
  return (
    <PhoneSortForm
      label="Sort bookings"
      options={ADMIN_BOOKING_SORTS.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
      {...props}
    />
  );
}
