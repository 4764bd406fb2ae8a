import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PageHeader } from "@/components/ui/card";
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

      <nav aria-label="Filter requests" className="mt-4 flex flex-wrap gap-2">
        {RESCHEDULE_FILTERS.map((f) => (
          <Link
            key={f}
            href={
              f === "pending"
                ? routes.adminRescheduleRequests
                : `${routes.adminRescheduleRequests}?status=${f}`
            }
            aria-current={f === filter ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-control border px-3 text-sm font-medium ${
              f === filter
                ? "border-brand bg-brand-soft text-brand-ink"
                : "border-line bg-surface text-ink hover:bg-canvas"
            }`}
          >
            {FILTER_LABELS[f]}
            {f === "pending" && queue.pendingCount > 0 && (
              <span className="ml-2 rounded-full bg-brand px-2 text-xs font-semibold text-white tabular">
                {queue.pendingCount}
              </span>
            )}
          </Link>
        ))}
      </nav>

      <RescheduleQueueList queue={queue} />
    </div>
  );
}
