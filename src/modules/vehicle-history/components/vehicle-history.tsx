import { TextLink } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { summaryClass } from "@/components/ui/button";
import { routes } from "@/lib/routes";
import type { VehicleHistory } from "../server/vehicle-history";

// A vehicle's service history and what is due next (issue 17), under the vehicle on the customer's
// vehicles page and on the admin's customer profile. The customer books what is due in one click; the
// admin reads it (and books by phone from the profile's "New booking").

export function VehicleHistoryPanel({
  history,
  vehicleName,
  audience,
}: {
  history: VehicleHistory;
  vehicleName: string;
  audience: "customer" | "admin";
}) {
  const { entries, due } = history;
  const bookingHref = (id: string) =>
    audience === "admin" ? routes.adminBooking(id) : `${routes.myBookings}/${id}`;
  return (
    <div className="mt-3 space-y-2">
      {due.length > 0 && (
        <ul className="space-y-1.5 text-sm" aria-label={`What is due for ${vehicleName}`}>
          {due.map((d) => (
            <li key={d.serviceId} className="flex flex-wrap items-center gap-2">
              <Badge tone={d.isDue ? "warning" : "info"}>{d.isDue ? "Due now" : "Next due"}</Badge>
              <span>
                {d.serviceName}: {d.isDue ? "due since" : "due"} {d.dueLabel}
              </span>
              {audience === "customer" && d.bookHref && (
                <TextLink href={d.bookHref} tone="ink">
                  Book {d.serviceName}
                  <span className="sr-only"> for {vehicleName}</span>
                </TextLink>
              )}
            </li>
          ))}
        </ul>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No completed jobs yet: its service history starts with the first.
        </p>
      ) : (
        <details>
          <summary className={summaryClass}>
            Service history ({entries.length} {entries.length === 1 ? "job" : "jobs"})
            <span className="sr-only"> for {vehicleName}</span>
          </summary>
          <ol
            className="mt-2 space-y-3 border-l-2 border-line pl-4 text-sm"
            aria-label={`Service history of ${vehicleName}`}
          >
            {entries.map((e) => (
              <li key={e.bookingId}>
                <p className="font-medium">
                  {e.date}
                  {" · "}
                  <TextLink href={bookingHref(e.bookingId)} tone="ink" weight="normal" className="font-mono">
                    {e.reference}
                  </TextLink>
                </p>
                <p className="text-ink-muted">
                  {e.services.join(", ")}
                  {e.teamName && <> · by {e.teamName}</>}
                </p>
                {e.jobNotes && <p className="mt-1 whitespace-pre-line break-words">{e.jobNotes}</p>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
