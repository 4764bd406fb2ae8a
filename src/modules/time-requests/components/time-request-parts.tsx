import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TimeRequestStatus } from "../domain/time-request-rules";
import { TIME_REQUEST_LABELS } from "../domain/time-request-rules";
import type { TimeRequestView } from "../server";

// What every page about a request shows the same way: its status (one tone per status, with its words) and
// the visit as the wizard priced it, the days that suit and the note.

const TONES: Record<TimeRequestStatus, BadgeTone> = {
  open: "warning",
  proposed: "info",
  booked: "success",
  declined: "warning",
  expired: "warning",
  withdrawn: "neutral",
  closed: "neutral",
};

export function TimeRequestStatusBadge({ status }: { status: TimeRequestStatus }) {
  return <Badge tone={TONES[status]}>{TIME_REQUEST_LABELS[status]}</Badge>;
}

export function TimeRequestVisit({ request }: { request: Pick<TimeRequestView, "visit"> }) {
  const v = request.visit;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Visit</dt>
        <dd className="font-medium">{v.title}</dd>
        <dt className="text-ink-muted">Vehicle</dt>
        <dd>{v.vehicle}</dd>
        <dt className="text-ink-muted">Address</dt>
        <dd>{v.address}</dd>
        <dt className="text-ink-muted">Work</dt>
        <dd>{v.work}</dd>
      </dl>
      <table className="w-full text-sm">
        <caption className="sr-only">Price</caption>
        <tbody>
          {v.items.map((i, n) => (
            <tr key={`${i.name}-${n}`} className="border-b border-line">
              <th scope="row" className="py-1.5 text-left font-normal">
                {i.name}
              </th>
              <td className="py-1.5 text-right tabular">{i.price}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold">
              Total
            </th>
            <td className="pt-2 text-right font-semibold tabular">{v.total}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function TimeRequestDays({
  request,
}: {
  request: Pick<TimeRequestView, "days" | "note" | "daysPassed">;
}) {
  return (
    <div className="grid gap-2 text-sm">
      <ul className="flex flex-wrap gap-2" aria-label="Days that suit">
        {request.days.map((d) => (
          <li key={d} className="rounded-control border border-line bg-canvas px-2.5 py-1 tabular">
            {d}
          </li>
        ))}
      </ul>
      {request.daysPassed && <p className="text-ink-muted">Every one of these days has passed.</p>}
      {request.note && (
        <p>
          <span className="text-ink-muted">Note: </span>
          {request.note}
        </p>
      )}
    </div>
  );
}
