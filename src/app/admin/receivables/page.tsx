import type { Metadata } from "next";
import { TextLink } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { FilterLinks } from "@/components/ui/nav/filter-links";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import { formatCalendarDate, formatShortDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import { loadReceivablesPage, RECEIVABLES_LIMIT } from "@/modules/receivables/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Receivables" };

// What business customers owe on account (ADR 0051): every booking made on account that is not paid
// yet, the day it is due first, with what is overdue. Paid bookings leave the list by themselves.

const FILTERS = [
  { value: "all", label: "All unpaid", href: routes.adminReceivables },
  { value: "overdue", label: "Overdue", href: `${routes.adminReceivables}?show=overdue` },
] as const;

export default async function ReceivablesPage({
  searchParams,
}: {
  searchParams: Promise<{ show?: string | string[] }>;
}) {
  const user = await requireAdminPage(routes.adminReceivables);
  const { show } = await searchParams;
  const overdueOnly = show === "overdue";
  const [view, settings] = await Promise.all([
    loadReceivablesPage(user.id, { overdueOnly }),
    getPublicSettings(),
  ]);
  const money = (m: number) => formatMoney(m, view.currency);
  const { totals } = view;

  return (
    <div className="max-w-6xl">
      <PageHeader
        title="Receivables"
        description="Bookings made on account that are not paid yet. Record a payment on the booking when the money arrives."
      />

      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Card>
          <dt className="text-sm text-ink-muted">Owed on account</dt>
          <dd className="mt-1 text-2xl font-bold tabular">{money(totals.owedMinor)}</dd>
          <dd className="text-sm text-ink-muted">
            {totals.count} {totals.count === 1 ? "booking" : "bookings"}
          </dd>
        </Card>
        <Card>
          <dt className="text-sm text-ink-muted">Overdue</dt>
          <dd className={`mt-1 text-2xl font-bold tabular ${totals.overdueMinor > 0 ? "text-danger" : ""}`}>
            {money(totals.overdueMinor)}
          </dd>
          <dd className="text-sm text-ink-muted">
            {totals.overdueCount} {totals.overdueCount === 1 ? "booking" : "bookings"} past their due date
          </dd>
        </Card>
      </dl>

      <FilterLinks
        label="Show"
        className="mt-6"
        current={overdueOnly ? "overdue" : "all"}
        items={[...FILTERS]}
      />

      {view.rows.length === 0 ? (
        <EmptyState
          className="mt-4"
          title={overdueOnly ? "Nothing is overdue" : "Nothing is owed on account"}
        >
          {overdueOnly
            ? "Every invoice on account is within its payment terms."
            : "Bookings of business customers who pay on account appear here until they are paid."}
        </EmptyState>
      ) : (
        <div className="relative mt-4 md:overflow-x-auto">
          <Table caption={overdueOnly ? "Overdue bookings on account" : "Unpaid bookings on account"}>
            <TableHead>
              <Th>Customer</Th>
              <Th>Booking</Th>
              <Th>Invoice</Th>
              <Th>Due</Th>
              <Th className="text-right">Owed</Th>
            </TableHead>
            <TableBody>
              {view.rows.map((r) => (
                <Tr key={r.bookingId}>
                  <Td label="Customer">
                    <TextLink href={routes.adminCustomer(r.customerId)} underline="hover" weight="semibold">
                      {r.companyName ?? r.customerName}
                    </TextLink>
                    {r.companyName && <span className="block text-ink-subtle">{r.customerName}</span>}
                  </Td>
                  <Td label="Booking">
                    <TextLink
                      href={routes.adminBooking(r.bookingId)}
                      underline="hover"
                      weight="semibold"
                      className="whitespace-nowrap"
                    >
                      {r.reference}
                    </TextLink>
                    <span className="block text-ink-subtle">
                      {formatShortDate(r.startsAt, settings.timeZone)}
                    </span>
                  </Td>
                  <Td label="Invoice">
                    {r.invoiceNumber ? (
                      <>
                        <span className="font-mono">{r.invoiceNumber}</span>
                        {r.invoicedAt && (
                          <span className="block text-ink-subtle">
                            {formatShortDate(r.invoicedAt, settings.timeZone)}
                          </span>
                        )}
                      </>
                    ) : (
                      <span className="text-ink-muted">No VAT invoice</span>
                    )}
                  </Td>
                  <Td label="Due">
                    <span className="whitespace-nowrap">{formatCalendarDate(r.payBy)}</span>
                    {r.state === "overdue" ? (
                      <Badge tone="danger" className="ml-2">
                        {r.daysOverdue} {r.daysOverdue === 1 ? "day" : "days"} overdue
                      </Badge>
                    ) : null}
                  </Td>
                  <Td label="Owed" numeric className="md:text-right font-medium">
                    {money(r.owedMinor)}
                  </Td>
                </Tr>
              ))}
            </TableBody>
          </Table>
          {view.rows.length >= RECEIVABLES_LIMIT && (
            <p className="mt-3 text-sm text-ink-muted">
              Showing the {RECEIVABLES_LIMIT} due soonest; the totals above count every one.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
