import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PageHeader } from "@/components/ui/card";
import { FilterLinks } from "@/components/ui/nav/filter-links";
import { routes } from "@/lib/routes";
import { RescheduleQueueList } from "@/modules/reschedule/components/admin-reschedule-queue";
import { loadRescheduleQueue, RESCHEDULE_FILTERS, type RescheduleFilter } from "@/modules/reschedule/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Reschedule requests" };

const FILTER_LABELS: Record<RescheduleFilter, string> = {
  pending: "Pending",
  decided: "All decided",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

export default async function RescheduleRequestsPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string | string[] }>;
}) {
  const user = await requireAdminPage(routes.adminRescheduleRequests);
  const { status } = await searchParams;
  const filter = RESCHEDULE_FILTERS.find((f) => f === status) ?? "pending";
  const queue = await loadRescheduleQueue({ id: user.id }, filter);

  return (
    <div className="max-w-5xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Reschedule requests"
          description={`Customers asking to move a booking: the requested time is held until you answer or it expires. Times in ${queue.timeZone}.`}
        />
        <LiveRefresh types={["booking.updated"]} />
      </div>

      <FilterLinks
        label="Filter requests"
        current={filter}
        items={RESCHEDULE_FILTERS.map((f) => ({
          value: f,
          label: FILTER_LABELS[f],
          href:
            f === "pending"
              ? routes.adminRescheduleRequests
              : `${routes.adminRescheduleRequests}?status=${f}`,
          count: f === "pending" ? queue.pendingCount : undefined,
        }))}
      />

      <RescheduleQueueList queue={queue} />
    </div>
  );
}
