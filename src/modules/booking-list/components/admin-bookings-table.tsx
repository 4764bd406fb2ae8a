import { TextLink } from "@/components/ui/link";
import { SortableTh, Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import type { SearchParamsInput } from "@/components/ui/data/url";
import { formatDateTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { rowMoneyLabel } from "../domain/row-money";
import type { AdminBookingRow, AdminBookingsPage } from "../server/admin-bookings";
import { bookingStatusLabel } from "@/modules/bookings/server";
import { AdminBookingsSort } from "./admin-bookings-sort";
import { BookingStatusBadge, PaymentStatusBadge } from "@/modules/bookings/components/booking-status-badge";

export function AdminBookingsTable({
  rows,
  sort,
  pathname,
  searchParams,
  timeZone,
}: {
  rows: AdminBookingRow[];
  sort: AdminBookingsPage["sort"];
  pathname: string;
  searchParams: SearchParamsInput;
  timeZone: string;
}) {
  const sortable = { sort, pathname, searchParams };
  // Ten columns do not fit beside the sidebar on a laptop: below 1536 px the services move under the
  // vehicle instead of having their own column, so Total and Due stay in view at 1280 px. Should a row
  // still be too wide, the table scrolls sideways inside the page (focusable, so a keyboard can scroll
  // it) instead of pushing the page wider. `relative` keeps the cells' screen-reader-only labels
  // (absolutely positioned) inside it, or they would widen the page.
  return (
    <>
      <AdminBookingsSort {...sortable} />
      <div className="relative mt-3 md:overflow-x-auto" tabIndex={0} role="group" aria-label="Bookings table">
        <Table caption="Bookings">
          <TableHead>
            <SortableTh sortKey="when" {...sortable}>
              When
            </SortableTh>
            <SortableTh sortKey="reference" {...sortable}>
              Reference
            </SortableTh>
            <SortableTh sortKey="customer" {...sortable}>
              Customer
            </SortableTh>
            <Th>
              Vehicle<span className="2xl:hidden"> and services</span>
            </Th>
            <Th className="hidden 2xl:table-cell">Services</Th>
            <SortableTh sortKey="team" {...sortable}>
              Team
            </SortableTh>
            <SortableTh sortKey="status" {...sortable}>
              Status
            </SortableTh>
            <SortableTh sortKey="payment" {...sortable}>
              Payment
            </SortableTh>
            <SortableTh sortKey="charge" {...sortable} className="text-right">
              Charge
            </SortableTh>
            <SortableTh sortKey="due" {...sortable} className="text-right">
              Due
            </SortableTh>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td label="When">
                  <When at={r.startsAt} timeZone={timeZone} />
                </Td>
                <Td label="Reference">
                  <TextLink
                    href={routes.adminBooking(r.id)}
                    underline="hover"
                    weight="semibold"
                    touch="phone"
                    className="whitespace-nowrap"
                  >
                    {r.reference}
                  </TextLink>
                </Td>
                <Td label="Customer">
                  {r.customerName}
                  <span className="block whitespace-nowrap text-ink-subtle">
                    {r.customerPhone ?? r.customerEmail}
                  </span>
                </Td>
                <Td label="Vehicle">
                  {r.vehicle}
                  <span className="block text-ink-subtle">{r.registration}</span>
                  <span className="hidden md:block 2xl:hidden">{r.services || "—"}</span>
                </Td>
                <Td label="Services" className="md:hidden 2xl:table-cell 2xl:min-w-40">
                  {r.services || "—"}
                </Td>
                <Td label="Team">{r.teamName}</Td>
                <Td label="Status" className="py-1">
                  <BookingStatusBadge status={r.status} label={bookingStatusLabel(r)} />
                </Td>
                <Td label="Payment" className="py-1">
                  <PaymentStatusBadge status={r.moneyState} label={rowMoneyLabel(r)} />
                </Td>
                <Td label="Charge" numeric className="md:text-right">
                  {formatMoney(r.chargeMinor, r.currency)}
                </Td>
                <Td label="Due" numeric className="md:text-right">
                  {formatMoney(r.dueMinor, r.currency)}
                </Td>
              </Tr>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

/** "Tue 3 Mar, 09:30 GMT", allowed to break after the date (not inside it) so the column stays narrow. */
function When({ at, timeZone }: { at: Date; timeZone: string }) {
  const text = formatDateTime(at, timeZone);
  const cut = text.lastIndexOf(", ");
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{" "}
      <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
    </>
  );
}
