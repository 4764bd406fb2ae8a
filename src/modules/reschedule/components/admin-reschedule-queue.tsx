import { TextLink } from "@/components/ui/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cardClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import type { RescheduleStatus } from "@/lib/enums";
import { routes } from "@/lib/routes";
import type { RescheduleQueue, RescheduleQueueRow } from "../server/reschedule-views";
import { AdminRescheduleActions } from "./admin-reschedule-actions";

// The queue of /admin/reschedule-requests and the requests on a booking's admin page: one card per
// request — who, which booking, the current time → the requested one (business zone), the reason, its
// age and expiry, and the answers while the business has to give one.

const TONES: Record<RescheduleStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  declined: "danger",
  withdrawn: "neutral",
  expired: "neutral",
};

const EMPTY: Record<string, { title: string; body: string }> = {
  pending: {
    title: "No requests waiting",
    body: "When a customer asks to move a booking, the request appears here with the time held for it.",
  },
};

export function RescheduleRequestCard({
  row,
  timeZone,
  teams,
  showBooking = true,
}: {
  row: RescheduleQueueRow;
  timeZone: string;
  teams: { id: string; name: string }[];
  showBooking?: boolean;
}) {
  return (
    <article aria-label={`Request for ${row.reference}`} className={`${cardClass} space-y-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {row.customerName}
          {showBooking && (
            <>
              {" · "}
              <TextLink
                href={routes.adminBooking(row.bookingId)}
                tone="ink"
                weight="normal"
                className="tabular"
              >
                {row.reference}
              </TextLink>
            </>
          )}
        </p>
        <Badge tone={TONES[row.status]}>{row.statusLabel}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-ink-muted">Now</dt>
        <dd>{row.current}</dd>
        <dt className="text-ink-muted">{row.isOffer ? "Offered" : "Asked for"}</dt>
        <dd className="font-semibold">
          {row.requested} <span className="font-normal text-ink-muted">({row.teamName})</span>
        </dd>
        {row.reason && (
          <>
            <dt className="text-ink-muted">{row.isOffer ? "Our message" : "Reason"}</dt>
            <dd>“{row.reason}”</dd>
          </>
        )}
        <dt className="text-ink-muted">{row.isOffer ? "Offered" : "Asked"}</dt>
        <dd>
          {row.age} <span className="text-ink-muted">({row.createdAt})</span>
        </dd>
        {row.status === "pending" ? (
          <>
            <dt className="text-ink-muted">Held until</dt>
            <dd>{row.expires}</dd>
          </>
        ) : (
          <>
            <dt className="text-ink-muted">Decided</dt>
            <dd>
              {row.decidedAt ?? "—"}
              {row.decidedBy ? ` by ${row.decidedBy}` : ""}
            </dd>
          </>
        )}
        {row.adminResponse && (
          <>
            <dt className="text-ink-muted">Answer</dt>
            <dd>“{row.adminResponse}”</dd>
          </>
        )}
      </dl>
      {row.waitingFor === "business" && (
        <AdminRescheduleActions
          requestId={row.id}
          reference={row.reference}
          customerName={row.customerName}
          current={row.current}
          requested={row.requested}
          requestedDate={row.requestedDate}
          timeZone={timeZone}
          teams={teams}
        />
      )}
      {row.waitingFor === "customer" && (
        <p className="text-sm text-ink-muted">Waiting for the customer to accept or decline.</p>
      )}
    </article>
  );
}

export function RescheduleQueueList({ queue }: { queue: RescheduleQueue }) {
  if (queue.rows.length === 0) {
    const empty = EMPTY[queue.filter] ?? { title: "Nothing here", body: "No requests match this filter." };
    return (
      <EmptyState className="mt-6" title={empty.title}>
        {empty.body}
      </EmptyState>
    );
  }
  return (
    <ul className="mt-6 space-y-4">
      {queue.rows.map((row) => (
        <li key={row.id}>
          <RescheduleRequestCard row={row} timeZone={queue.timeZone} teams={queue.teams} />
        </li>
      ))}
    </ul>
  );
}
