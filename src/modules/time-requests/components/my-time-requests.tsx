import Link from "@/components/ui/link";
import { cardListClass } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import type { MyTimeRequest } from "../server";
import { TimeRequestStatusBadge } from "./time-request-parts";

// The customer's requests for a time that are still going (waiting for a time, or a time proposed), above
// their bookings: each opens its page (pay, decline, withdraw). Nothing is shown when there are none.

const LIVE = new Set(["open", "proposed", "declined", "expired"]);

export function MyTimeRequests({ requests }: { requests: MyTimeRequest[] }) {
  const live = requests.filter((r) => LIVE.has(r.status));
  if (live.length === 0) return null;
  return (
    <section aria-labelledby="my-time-requests" className="mt-6">
      <h2 id="my-time-requests" className="text-lg font-semibold">
        Your requests for a time
      </h2>
      <ul className={`mt-2 ${cardListClass}`}>
        {live.map((r) => (
          <li key={r.id}>
            <Link
              href={routes.myTimeRequest(r.id)}
              className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-canvas"
            >
              <span className="min-w-0">
                <span className="block font-medium">{r.visit.title}</span>
                <span className="block text-sm text-ink-muted">
                  {r.status === "proposed" && r.proposal
                    ? `Proposed: ${r.proposal.when}`
                    : `Days: ${r.days.join(" · ")}`}
                </span>
              </span>
              <TimeRequestStatusBadge status={r.status} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
