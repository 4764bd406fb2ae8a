import Link from "@/components/ui/link";
import { buttonClass } from "@/components/ui/button";
import type { CSSProperties } from "react";
import { CircleCheck, X } from "lucide-react";
import { ActionButton } from "@/components/ui/action-button";
import { formatDateTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { ALLOCATION_DONE_STATUSES, type AllocationStatus } from "@/lib/enums";
import { deleteBlockAction } from "../block-actions";
import { type CalendarItem, type CalendarTeam, formatTimeSpan, localClock } from "../server/calendar";

// One item of the calendar: a button showing its time and label, and its details in a native popover
// (`popovertarget`): it opens without JavaScript, sits above the scrolling calendar, closes on Escape or a
// click outside, and the focus order moves into it from its button.

const STATUS_TEXT: Record<AllocationStatus, string> = {
  pending_payment: "Awaiting payment",
  awaiting_approval: "Awaiting approval",
  confirmed: "Confirmed",
  in_progress: "In progress",
  pending_reschedule: "Requested move",
  block: "Blocked",
  expired: "Expired",
  released: "Released",
  completed: "Completed",
  no_show: "Missed",
};

/** A job that has happened (or was missed) keeps its time and reads as done (ADR 0043). */
const isDone = (item: CalendarItem) =>
  item.kind === "booking" && (ALLOCATION_DONE_STATUSES as readonly AllocationStatus[]).includes(item.status);

const KIND_TEXT = { booking: "Booking", hold: "Hold", block: "Block" } as const;

const SURFACE = {
  booking: "border border-l-4 border-line bg-brand-soft text-ink",
  hold: "border-2 border-dashed border-warning text-ink bg-[repeating-linear-gradient(135deg,var(--color-warning-soft)_0_6px,var(--color-surface)_6px_12px)]",
  block: "border border-line-strong bg-line text-ink",
  done: "border border-l-4 border-line bg-canvas text-ink-muted",
} as const;

type Props = {
  item: CalendarItem;
  team: CalendarTeam | undefined;
  timeZone: string;
  /** Unique in the page: the same allocation may appear on several days of a week. */
  popoverId: string;
  /** `fill`: positioned on the day view's time axis; `compact`: a line in the week view. */
  layout: "fill" | "compact";
  style?: CSSProperties;
};

export function CalendarItemButton({ item, team, timeZone, popoverId, layout, style }: Props) {
  const time = `${localClock(item.start, timeZone)}–${localClock(item.end, timeZone)}`;
  const teamName = team?.name ?? "Unknown team";
  const colour = item.kind === "booking" && team ? { borderLeftColor: team.colour } : undefined;
  const done = isDone(item);
  const progress = item.kind === "booking" && item.status === "in_progress";
  return (
    <>
      <button
        type="button"
        popoverTarget={popoverId}
        data-calendar-item=""
        data-kind={item.kind}
        data-status={item.status}
        style={{ ...style, ...colour }}
        className={`${SURFACE[done ? "done" : item.kind]} ${
          layout === "fill"
            ? "absolute z-10 flex flex-col items-stretch justify-start overflow-hidden rounded-control px-2 py-1 text-left text-xs leading-tight hover:shadow-card"
            : "block min-h-11 w-full rounded-control px-2 py-1 text-left text-xs leading-tight hover:shadow-card"
        }`}
      >
        <span className="sr-only">
          {KIND_TEXT[item.kind]}, {teamName}:{" "}
        </span>
        <span className="block font-semibold tabular">{time}</span>
        {(done || progress) && (
          <span className="flex items-center gap-1 font-semibold text-ink">
            {done && <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />}
            {STATUS_TEXT[item.status]}
          </span>
        )}
        <span className={layout === "fill" ? "block break-words" : "block truncate"}>{item.label}</span>
        {item.kind !== "block" && item.customerName && (
          <span className="block truncate text-ink-muted">{item.customerName}</span>
        )}
      </button>
      <div
        id={popoverId}
        popover="auto"
        data-calendar-details=""
        role="dialog"
        aria-labelledby={`${popoverId}-title`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-card border border-line bg-surface p-5 text-ink shadow-card backdrop:bg-ink/30"
      >
        <CalendarItemDetails
          item={item}
          teamName={teamName}
          timeZone={timeZone}
          titleId={`${popoverId}-title`}
        />
        <div className="mt-5 flex flex-wrap items-start justify-between gap-3">
          {item.kind === "block" && item.blockId ? (
            <ActionButton
              action={deleteBlockAction}
              input={{ id: item.blockId }}
              variant="danger"
              confirm={`Delete this block and free ${item.isAllTeams ? "every team" : teamName} for ${formatTimeSpan(item.start, item.end, timeZone, true)}?`}
              confirmLabel="Delete block"
            >
              Delete block
            </ActionButton>
          ) : item.bookingId ? (
            <Link
              href={routes.adminBooking(item.bookingId)}
              className={buttonClass({ size: "sm", variant: "primary" })}
            >
              Open booking<span className="sr-only"> {item.reference}</span>
            </Link>
          ) : (
            <span />
          )}
          <button
            type="button"
            popoverTarget={popoverId}
            popoverTargetAction="hide"
            className={buttonClass({ size: "sm" })}
          >
            <X aria-hidden="true" className="size-4" />
            Close
          </button>
        </div>
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function CalendarItemDetails({
  item,
  teamName,
  timeZone,
  titleId,
}: {
  item: CalendarItem;
  teamName: string;
  timeZone: string;
  titleId: string;
}) {
  const held = formatTimeSpan(item.start, item.end, timeZone, true);
  if (item.kind === "block")
    return (
      <>
        <p className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">Block</p>
        <h3 id={titleId} className="mt-1 text-lg font-semibold">
          {item.reason}
        </h3>
        <dl className="mt-3 divide-y divide-line text-sm">
          <Row label="When">{held}</Row>
          <Row label="Team">{item.isAllTeams ? `All teams (shown on ${teamName})` : teamName}</Row>
        </dl>
      </>
    );
  const job =
    item.jobStart && item.jobEnd ? formatTimeSpan(item.jobStart, item.jobEnd, timeZone, true) : null;
  return (
    <>
      <p className="text-xs font-semibold uppercase tracking-wide text-ink-subtle">
        {item.kind === "hold" ? "Hold" : "Booking"} · {STATUS_TEXT[item.status]}
      </p>
      <h3 id={titleId} className="mt-1 text-lg font-semibold tabular">
        {item.reference}
        {item.serviceName && <span className="font-normal"> · {item.serviceName}</span>}
      </h3>
      <dl className="mt-3 divide-y divide-line text-sm">
        {item.holdFor && (
          <Row label="Held">
            {item.holdFor === "payment" ? "For payment" : "For a requested move"}
            {item.holdExpiresAt ? ` until ${formatDateTime(item.holdExpiresAt, timeZone)}` : ""}
          </Row>
        )}
        {job && <Row label="Job">{job}</Row>}
        {(!job || job !== held) && <Row label="Team held">{held}</Row>}
        <Row label="Team">{teamName}</Row>
        {item.customerName && <Row label="Customer">{item.customerName}</Row>}
        {item.vehicle && (
          <Row label="Vehicle">
            {[item.vehicle.make, item.vehicle.model].join(" ")} · {item.vehicle.registration} ·{" "}
            {item.vehicle.sizeName}
          </Row>
        )}
        {item.address && (
          <Row label="Address">
            {[item.address.line1, item.address.line2, item.address.town, item.address.postcode]
              .filter(Boolean)
              .join(", ")}
          </Row>
        )}
      </dl>
    </>
  );
}

/** What the three looks mean, in words. */
export function CalendarLegend() {
  return (
    <ul aria-label="Key" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-3 w-5 rounded-sm ${SURFACE.booking}`} />
        Booking
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-3 w-5 rounded-sm ${SURFACE.done}`} />
        Done (completed or missed: its time stays taken)
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-3 w-5 rounded-sm ${SURFACE.hold}`} />
        Hold (awaiting payment, or a requested move)
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`inline-block h-3 w-5 rounded-sm ${SURFACE.block}`} />
        Block
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-5 rounded-sm border border-line bg-[repeating-linear-gradient(135deg,var(--color-canvas)_0_3px,var(--color-line)_3px_4px)]"
        />
        Closed
      </li>
    </ul>
  );
}
