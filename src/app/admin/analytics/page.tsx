import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import type { SearchParamsInput } from "@/components/ui/data/url";
import { formatLongDate } from "@/lib/dates";
import { REVENUE_TERMS } from "@/lib/booking/revenue-terms";
import { routes } from "@/lib/routes";
import { ChartCard, HeatMapTable } from "@/modules/reports/components/analytics-blocks";
import { CompareBarChart, TrendChart } from "@/modules/reports/components/analytics-charts";
import { ReportRangeForm } from "@/modules/reports/components/report-range-form";
import { RANGE_PRESET_LABELS } from "@/modules/reports/domain/range";
import { loadAnalyticsPage } from "@/modules/reports/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Analytics" };

// Charts for a range in the business's time zone, each beside the period of equal length before it:
// bookings and revenue, what sells, the busiest hours, how far ahead people book, cancellations and
// repeat customers, and how full the teams are. The sentences and tables come from the server; the
// charts (Recharts) load on this page only.

function toSearchParams(sp: SearchParamsInput): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (typeof v === "string") out.set(k, v);
  return out;
}

const fmt = (date: string) => formatLongDate(new Date(`${date}T12:00:00Z`), "UTC");
const span = (from: string, to: string) => (from === to ? fmt(from) : `${fmt(from)} to ${fmt(to)}`);

/** What the mix charts count: list prices, not the charge, so they may add up to more than Booked. */
const SOLD_COUNTS =
  "Sold: the list prices of the packages and add-ons on the booked jobs, before the visit's discounts and adjustments and without travel fees, so it differs from Booked.";

export default async function AdminAnalyticsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsInput>;
}) {
  const user = await requireAdminPage(routes.adminAnalytics);
  const result = await loadAnalyticsPage(user, toSearchParams(await searchParams));
  const form = (preset: Parameters<typeof ReportRangeForm>[0]) => (
    <ReportRangeForm {...preset} label="Analytics dates" submitLabel="Show charts" />
  );

  if (!result.ok) {
    return (
      <div className="max-w-7xl">
        <PageHeader title="Analytics" description={`Times and dates in ${result.timeZone}.`} />
        {form({
          pathname: routes.adminAnalytics,
          preset: "custom",
          from: result.parsed.input.from,
          to: result.parsed.input.to,
          errors: result.parsed.errors,
        })}
        <Notice kind="error" className="mt-4">
          Fix the dates to see the charts.
        </Notice>
      </div>
    );
  }

  const d = result.data;
  const { range, previous } = d;
  const trendPoints = (metric: "revenue" | "bookings") =>
    d.trend.points.map((p) => ({
      label: p.label,
      current: metric === "revenue" ? p.revenueMinor : p.bookings,
      previous: metric === "revenue" ? p.previousRevenueMinor : p.previousBookings,
    }));

  return (
    <div className="max-w-7xl">
      <PageHeader
        title="Analytics"
        description={`${RANGE_PRESET_LABELS[range.preset]}: ${span(range.fromDate, range.toDate)}, against ${d.previousWords} (${span(previous.fromDate, previous.toDate)}). Times in ${result.timeZone}.`}
      />
      {form({
        pathname: routes.adminAnalytics,
        preset: range.preset,
        from: range.fromDate,
        to: range.toDate,
      })}

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="revenue"
          title={d.grain === "day" ? "Booked by day" : "Booked by month"}
          counts={REVENUE_TERMS.booked.counts}
          summary={[d.trend.summary[0] ?? ""]}
          table={d.trend.table}
        >
          <TrendChart
            title="Booked"
            points={trendPoints("revenue")}
            format="money"
            currency={d.currency}
            previousWords={d.previousWords}
          />
        </ChartCard>
        <ChartCard
          id="bookings"
          title={d.grain === "day" ? "Bookings by day" : "Bookings by month"}
          summary={[d.trend.summary[1] ?? ""]}
          table={d.trend.table}
        >
          <TrendChart
            title="Bookings"
            points={trendPoints("bookings")}
            format="count"
            currency={d.currency}
            previousWords={d.previousWords}
          />
        </ChartCard>

        <ChartCard
          id="category"
          title="Sold by category"
          counts={SOLD_COUNTS}
          summary={d.mix.category.summary}
          table={d.mix.category.table}
        >
          <CompareBarChart
            title="Sold by category"
            points={d.mix.category.points}
            format="money"
            currency={d.currency}
            vertical
          />
        </ChartCard>
        <ChartCard
          id="service"
          title="Sold by service"
          counts={SOLD_COUNTS}
          summary={d.mix.service.summary.slice(0, 1)}
          table={d.mix.service.table}
        >
          <CompareBarChart
            title="Sold by service"
            points={d.mix.service.points}
            format="money"
            currency={d.currency}
            vertical
          />
        </ChartCard>
        <ChartCard
          id="size"
          title="Sold by vehicle size"
          counts={SOLD_COUNTS}
          summary={d.mix.size.summary.slice(0, 1)}
          table={d.mix.size.table}
        >
          <CompareBarChart
            title="Sold by vehicle size"
            points={d.mix.size.points}
            format="money"
            currency={d.currency}
            vertical
          />
        </ChartCard>
        <ChartCard
          id="lead"
          title="How far ahead jobs are booked"
          summary={d.lead.summary}
          table={d.lead.table}
        >
          <CompareBarChart
            title="Lead time"
            points={d.lead.points}
            format="count"
            currency={d.currency}
            vertical
          />
        </ChartCard>

        <ChartCard
          id="heat"
          title="Busiest days and hours"
          summary={d.heat.summary}
          className="lg:col-span-2"
        >
          <HeatMapTable grid={d.heat.grid} />
          <p className="mt-2 text-xs text-ink-muted">
            Jobs by the day and hour they start, in {result.timeZone}; darker is busier. This period only.
          </p>
        </ChartCard>

        <ChartCard
          id="rates"
          title="Cancellations, no-shows, reschedules and repeat customers"
          summary={d.rates.summary}
          table={d.rates.table}
        >
          <CompareBarChart
            title="Rates"
            points={d.rates.points}
            format="percent"
            currency={d.currency}
            vertical
          />
        </ChartCard>
        <ChartCard id="teams" title="Utilisation by team" summary={d.teams.summary} table={d.teams.table}>
          <CompareBarChart
            title="Utilisation by team"
            points={d.teams.points}
            format="percent"
            currency={d.currency}
            vertical
          />
        </ChartCard>
      </div>
      <p className="mt-6 max-w-3xl text-sm text-ink-muted">
        Booked and its jobs count the bookings whose job falls in the period and that stand — confirmed, in
        progress, completed or missed — as the revenue report does; holds and requests waiting count from when
        they are taken on. The busiest times count every job that takes a team&apos;s time. The rates count
        every booking made for the period; repeat customers are those who have booked more than once.
        Utilisation is booked hours against the hours the opening hours give each active team.
      </p>
    </div>
  );
}
