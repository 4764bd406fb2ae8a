import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PageHeader } from "@/components/ui/card";
import { FilterLinks } from "@/components/ui/nav/filter-links";
import { routes } from "@/lib/routes";
import { AdminTimeRequestList } from "@/modules/time-requests/components/admin-time-request-list";
import { ADMIN_FILTERS, type AdminFilter, loadTimeRequestsForAdmin } from "@/modules/time-requests/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Requests for a time" };

const FILTER_LABELS: Record<AdminFilter, string> = {
  waiting: "Waiting for you",
  proposed: "Time proposed",
  booked: "Booked",
  closed: "Withdrawn or closed",
};

export default async function TimeRequestsPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string | string[] }>;
}) {
  const user = await requireAdminPage(routes.adminTimeRequests);
  const { status } = await searchParams;
  const filter = ADMIN_FILTERS.find((f) => f === status) ?? "waiting";
  const queue = await loadTimeRequestsForAdmin({ id: user.id }, filter);

  return (
    <div className="max-w-5xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Requests for a time"
          description={`Customers whose visit fits no day they can book online, with the days that suit them. Propose a time: it is held for them to pay. Times in ${queue.timeZone}.`}
        />
        <LiveRefresh types={["booking.updated"]} />
      </div>
      <FilterLinks
        label="Filter requests"
        current={filter}
        items={ADMIN_FILTERS.map((f) => ({
          value: f,
          label: FILTER_LABELS[f],
          href: f === "waiting" ? routes.adminTimeRequests : `${routes.adminTimeRequests}?status=${f}`,
          count: f === "waiting" ? queue.waitingCount : undefined,
        }))}
      />
      <AdminTimeRequestList requests={queue.requests} filter={filter} />
    </div>
  );
}
