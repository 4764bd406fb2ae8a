import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { TodayJob } from "../server/admin-today-jobs";

// The frame of one job's card, drawn once for the office's Today and the technician's phone
// (staff/components/staff-job-card.tsx): the next job stands out, and the first line says when — the
// time, to when, which day of a visit over several days — and Now or Next. Each adds its own to that line
// (the office a link to the booking and the money; the technician the reference) and below it.

type FramedJob = Pick<TodayJob, "time" | "endTime" | "visitDay" | "isNext" | "status">;

export function JobCardFrame({
  job,
  id,
  label,
  heading,
  children,
}: {
  job: FramedJob;
  id?: string;
  label: string;
  /** The rest of the first line, after the time. */
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      id={id}
      aria-label={label}
      className={cn(
        "rounded-card border border-line bg-surface p-4",
        job.isNext && "border-brand ring-2 ring-brand/40",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-lg font-semibold tabular-nums">
          {job.time} <span className="text-sm font-normal text-ink-muted">to {job.endTime}</span>
          {job.visitDay && <span className="ml-2 text-sm font-normal text-ink-muted">· {job.visitDay}</span>}
        </p>
        {job.isNext && <Badge tone="brand">{job.status === "in_progress" ? "Now" : "Next"}</Badge>}
        {heading}
      </div>
      {children}
    </li>
  );
}
