import Link from "@/components/ui/link";
import { cardListClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { routes } from "@/lib/routes";
import type { AdminFilter, TimeRequestView } from "../server";
import { TimeRequestStatusBadge } from "./time-request-parts";

// The business's queue of requests for a time: one card per request (a list on every screen size: a request
// is read, not compared column by column), the customer, the visit and its work, the days that suit, and
// the proposal's time when there is one. A row opens the request.

const EMPTY: Record<AdminFilter, { title: string; text: string }> = {
  waiting: {
    title: "No requests waiting",
    text: "When a visit fits no day a customer can book online, they can ask for a time: the request appears here.",
  },
  proposed: { title: "No times proposed", text: "The times you propose wait here for the customer to pay." },
  booked: { title: "None booked yet", text: "Requests whose proposed time was paid for are listed here." },
  closed: { title: "None withdrawn or closed", text: "Requests withdrawn by the customer or closed by you." },
};

export function AdminTimeRequestList({
  requests,
  filter,
}: {
  requests: TimeRequestView[];
  filter: AdminFilter;
}) {
  if (requests.length === 0)
    return (
      <EmptyState className="mt-6" title={EMPTY[filter].title}>
        {EMPTY[filter].text}
      </EmptyState>
    );
  return (
    <ul className={`mt-6 ${cardListClass}`}>
      {requests.map((r) => (
        <li key={r.id}>
          <Link
            href={routes.adminTimeRequest(r.id)}
            className="grid gap-1 p-4 hover:bg-canvas sm:grid-cols-[1fr_auto]"
          >
            <span className="min-w-0">
              <span className="block font-medium">
                {r.customer.name} — {r.visit.title}
              </span>
              <span className="block text-sm text-ink-muted">
                {r.visit.work} · {r.visit.vehicle} · {r.visit.address}
              </span>
              <span className="mt-1 block text-sm">
                {r.proposal && r.status !== "open"
                  ? `Proposed: ${r.proposal.when}`
                  : `Days: ${r.days.join(" · ")}`}
                {r.daysPassed && " (every day asked for has passed)"}
              </span>
            </span>
            <span className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-end">
              <TimeRequestStatusBadge status={r.status} />
              <span className="text-xs text-ink-muted">Asked {r.createdAt}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
