import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "@/components/ui/data/pagination";
import { LinkTabs } from "@/components/ui/nav/link-tabs";
import { hrefWith, type SearchParamsInput } from "@/components/ui/data/url";
import { formatLongDate } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { AccountingExportLinks } from "@/modules/reports/components/accounting-export-links";
import { ReportRangeForm } from "@/modules/reports/components/report-range-form";
import { ReportTableView } from "@/modules/reports/components/report-table";
import { RevenueReconciliationCard } from "@/modules/reports/components/revenue-reconciliation";
import { RANGE_PRESET_LABELS, rangeQuery } from "@/modules/reports/domain/range";
import type { ReportKey } from "@/modules/reports/domain/table";
import { loadReportsPage, REPORT_TABS } from "@/modules/reports/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Reports" };

// What came in, what is booked, what sells, who comes back and how full the vans are, for a range in
// the business's time zone; each report a table with totals, a CSV of exactly that, and a print layout.

function toSearchParams(sp: SearchParamsInput): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === "string") out.set(k, v);
  return out;
}

export default async function AdminReportsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsInput>;
}) {
  const user = await requireAdminPage(routes.adminReports);
  const sp = await searchParams;
  const [data, settings] = await Promise.all([
    loadReportsPage(user, toSearchParams(sp)),
    getPublicSettings(),
  ]);

  if (!data.ok) {
    return (
      <div className="max-w-7xl">
        <PageHeader title="Reports" description={`Times and dates in ${data.timeZone}.`} />
        <ReportRangeForm
          pathname={routes.adminReports}
          preset="custom"
          from={data.parsed.input.from}
          to={data.parsed.input.to}
          errors={data.parsed.errors}
          hidden={data.tab === "revenue" ? undefined : { tab: data.tab }}
        />
        <Notice kind="error" className="mt-4">
          Fix the dates to see the reports.
        </Notice>
      </div>
    );
  }

  const { range } = data.parsed;
  const query = rangeQuery(range);
  const csv = (key: ReportKey) => `${routes.adminReportsCsv(key)}?${query}`;
  const fmt = (date: string) => formatLongDate(new Date(`${date}T12:00:00Z`), "UTC");
  const span =
    range.fromDate === range.toDate ? fmt(range.fromDate) : `${fmt(range.fromDate)} to ${fmt(range.toDate)}`;
  // The range carries over to every tab; the ledger's page does not.
  const tabHref = (tab: string) =>
    hrefWith(routes.adminReports, sp, { tab: tab === "revenue" ? undefined : tab, ledgerPage: undefined });

  return (
    <div className="max-w-7xl">
      <PageHeader
        title="Reports"
        description={`${RANGE_PRESET_LABELS[range.preset]}: ${span}. Dates in ${data.timeZone}.`}
      />
      <ReportRangeForm
        pathname={routes.adminReports}
        preset={range.preset}
        from={range.fromDate}
        to={range.toDate}
        hidden={data.tab === "revenue" ? undefined : { tab: data.tab }}
      />
      <LinkTabs
        className="mt-6 print:hidden"
        label="Reports"
        current={data.tab}
        items={REPORT_TABS.map((t) => ({ value: t.value, label: t.label, href: tabHref(t.value) }))}
      />
      <AccountingExportLinks query={query} vatRegistered={settings.vatRegistered} />
      <div className="pt-4">
        {data.reconciliation && (
          <RevenueReconciliationCard reconciliation={data.reconciliation} currency={data.currency} />
        )}
        {data.tables.map((table) =>
          "pages" in table ? (
            <ReportTableView
              key={table.key}
              table={table}
              csvHref={csv("ledger")}
              footer={
                <Pagination
                  className="mt-4 print:hidden"
                  page={table.page}
                  pageCount={table.pages}
                  pathname={routes.adminReports}
                  searchParams={{ ...sp, tab: "ledger" }}
                  param="ledgerPage"
                  total={table.entries}
                  noun={["entry", "entries"]}
                />
              }
            />
          ) : (
            <ReportTableView key={table.key} table={table} csvHref={csv(table.key)} />
          ),
        )}
      </div>
    </div>
  );
}
