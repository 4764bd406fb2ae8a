import { TextLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { formatDuration } from "@/lib/dates";
import { routes } from "@/lib/routes";
import type { LongJob } from "../domain/long-jobs";

// The owner hears it before a customer does (issue 40 §3): each package and size that no working day
// can hold, with the ways to fix it. Shown on the pricing grid and the opening hours screen.

export function LongJobsNotice({ jobs, className }: { jobs: readonly LongJob[]; className?: string }) {
  if (jobs.length === 0) return null;
  return (
    <Notice kind="warning" className={className} block>
      <p className="font-semibold">
        {jobs.length === 1 ? "1 price can't" : `${jobs.length} prices can't`} be booked online: the work is
        longer than your longest working day.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {jobs.map((j) => (
          <li key={`${j.serviceId}:${j.sizeName}`}>
            <TextLink href={routes.adminService(j.serviceId)}>{j.serviceName}</TextLink>, {j.sizeName}:{" "}
            {formatDuration(j.minutes)} of work; your longest day holds{" "}
            {j.dayMinutes > 0 ? formatDuration(j.dayMinutes) : "none"}
            {j.fitsIfSpanning
              ? " in one stretch — let its work continue after a break, and it is booked across breaks or over several days."
              : "."}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        To fix it, make a day longer on <TextLink href={routes.adminScheduleHours}>Opening hours</TextLink>,
        shorten the duration on <TextLink href={routes.adminPricing}>Prices</TextLink>, or stop offering that
        size. Until then customers are told to call you instead.
      </p>
    </Notice>
  );
}
