import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PageHeader } from "@/components/ui/card";
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
      <nav aria-label="Filter requests" className="mt-4 flex flex-wrap gap-2">
        {ADMIN_FILTERS.map((f) => (
          <Link
            key={f}
            href={f === "waiting" ? routes.adminTimeRequests : `${routes.adminTimeRequests}?status=${f}`}
            aria-current={f === filter ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-control border px-3 text-sm font-medium ${
              f === filter
                ? "border-brand bg-brand-soft text-brand-ink"
                : "border-line bg-surface text-ink hover:bg-canvas"
            }`}
          >
            {FILTER_LABELS[f]}
            {f === "waiting" && queue.waitingCount > 0 && (
              <span className="ml-2 rounded-full bg-brand px-2 text-xs font-semibold text-white tabular">
                {queue.waitingCount}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <AdminTimeRequestList requests={queue.requests} filter={filter} />
    </div>
  );
}
