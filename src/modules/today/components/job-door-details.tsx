import type { ReactNode } from "react";
import { siteSummary } from "@/lib/job/site-answers";
import { MapPin } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { textLinkClass } from "@/components/ui/link";
import type { TodayJob } from "../server/admin-today-jobs";

// What is needed at the door of one job — who, which vehicles, what work, where (with a map), how to get
// in and what the site has, the customer's note and what to collect — drawn once for the office's Today
// and the technician's phone (staff/components/staff-job-card.tsx). Each passes its own way to reach the
// customer: the office sees the number, the technician gets Call and Text.

export type JobDoor = Pick<
  TodayJob,
  | "vehicle"
  | "registration"
  | "moreVehicles"
  | "services"
  | "addons"
  | "address"
  | "accessNotes"
  | "readiness"
  | "siteCheck"
  | "customerNotes"
  | "dueMinor"
  | "due"
>;

/** A maps search for an address: opens the phone's maps app, or the web map on a desktop. */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function Registration({ value }: { value: string }) {
  return <span className="font-mono font-semibold">{value}</span>;
}

export function JobDoorDetails({
  job,
  contact,
  className,
}: {
  job: JobDoor;
  /** The customer's name and how to reach them. */
  contact: ReactNode;
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]", className)}>
      <dt className="text-ink-muted">Customer</dt>
      <dd>{contact}</dd>
      <dt className="text-ink-muted">Vehicle</dt>
      <dd>
        {job.vehicle} <Registration value={job.registration} />
        {job.moreVehicles.map((v) => (
          <span key={v.registration} className="block">
            {v.vehicle} <Registration value={v.registration} />
          </span>
        ))}
      </dd>
      <dt className="text-ink-muted">Work</dt>
      <dd>
        {job.services.join(", ") || "—"}
        {job.addons.length > 0 && (
          <span className="block text-ink-muted">Add-ons: {job.addons.join(", ")}</span>
        )}
      </dd>
      <dt className="text-ink-muted">Address</dt>
      <dd>
        <span className="block">{job.address}</span>
        <a
          href={mapsSearchUrl(job.address)}
          target="_blank"
          rel="noopener noreferrer"
          className={textLinkClass({ weight: "semibold", touch: "always", className: "gap-1.5" })}
        >
          <MapPin aria-hidden="true" className="size-4" />
          Open in Maps
          <span className="sr-only"> at {job.address} (opens in a new tab)</span>
        </a>
        {job.accessNotes && <span className="block">Access: {job.accessNotes}</span>}
        <span className="block text-ink-muted">
          {siteSummary({
            hasWater: job.readiness.water,
            hasPower: job.readiness.power,
            hasCoveredSpace: job.readiness.covered,
          })}
        </span>
        {job.siteCheck.note && (
          <span className="block font-medium">Customer says it changed: {job.siteCheck.note}</span>
        )}
      </dd>
      {job.customerNotes && (
        <>
          <dt className="text-ink-muted">Customer’s note</dt>
          <dd>{job.customerNotes}</dd>
        </>
      )}
      <dt className="text-ink-muted">To collect</dt>
      <dd className={cn("tabular-nums", job.dueMinor > 0 && "text-base font-semibold")}>
        {job.dueMinor > 0 ? job.due : "Nothing — paid"}
      </dd>
    </dl>
  );
}
