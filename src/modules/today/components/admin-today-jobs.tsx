import { TextLink, textLinkClass } from "@/components/ui/link";
import { Phone } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/data/empty-state";
import { routes } from "@/lib/routes";
import type { JobDay, TodayJob } from "../server/admin-today-jobs";
import { BookingStatusBadge, PaymentStatusBadge } from "@/modules/bookings/components/booking-status-badge";
import { SiteCheckBadge } from "@/modules/bookings/components/site-check-badge";
import { JobCardFrame } from "./job-card-frame";
import { JobDoorDetails } from "./job-door-details";

// A day's jobs by team, each job a card with what is needed at the door. Cards (not a table) at every
// width: a phone in a van reads them top to bottom; a wide screen shows two columns. Each team says who
// is on it (its technicians), and a job under way who started it.

function JobCard({ job }: { job: TodayJob }) {
  const started = job.status === "in_progress";
  return (
    <JobCardFrame
      job={job}
      label={`${job.time} ${job.reference}${job.isNext ? (started ? " (now)" : " (next)") : ""}`}
      heading={
        <>
          <TextLink href={routes.adminBooking(job.id)} underline="hover" weight="semibold" touch="always">
            {job.reference}
          </TextLink>
          <span className="flex flex-wrap gap-1.5">
            <BookingStatusBadge status={job.status} label={job.statusLabel} />
            <PaymentStatusBadge status={job.moneyState} label={job.paymentStatusLabel} />
            <SiteCheckBadge answer={job.siteCheck.answer} />
          </span>
          {started && job.startedBy && (
            <span className="text-sm text-ink-muted">Started by {job.startedBy}</span>
          )}
        </>
      }
    >
      <JobDoorDetails
        job={job}
        className="mt-2"
        contact={
          <>
            {job.customerName}
            {job.customerPhone && (
              <>
                {" · "}
                <a
                  href={`tel:${job.customerPhone.replace(/[^\d+]/g, "")}`}
                  className={textLinkClass({
                    weight: "normal",
                    touch: "always",
                    className: "gap-1 sm:min-h-0",
                  })}
                >
                  <Phone aria-hidden="true" className="size-3.5" />
                  {job.customerPhone}
                </a>
              </>
            )}
          </>
        }
      />
    </JobCardFrame>
  );
}

export function JobDayList({
  day,
  emptyTitle,
  headingLevel = 2,
}: {
  day: JobDay;
  emptyTitle: string;
  headingLevel?: 2 | 3;
}) {
  if (day.count === 0)
    return (
      <EmptyState
        className="mt-3"
        title={emptyTitle}
        action={
          <ButtonLink href={`${routes.adminSchedule}?view=day&date=${day.date}`}>
            Open the schedule
          </ButtonLink>
        }
      >
        Bookings for {day.title} appear here as they are made.
      </EmptyState>
    );
  const TeamHeading = headingLevel === 2 ? "h3" : "h4";
  return (
    <div className="mt-3 space-y-5">
      {day.teams.map((team) => (
        <div key={team.teamId}>
          <TeamHeading className="flex items-center gap-2 font-semibold">
            <span
              aria-hidden="true"
              className="size-3 rounded-full"
              style={{ backgroundColor: team.colour }}
            />
            {team.teamName}
            <span className="text-sm font-normal text-ink-muted">
              {team.jobs.length === 1 ? "1 job" : `${team.jobs.length} jobs`}
            </span>
          </TeamHeading>
          {team.staff.length > 0 && (
            <p className="mt-0.5 text-sm text-ink-muted">On the team: {team.staff.join(", ")}</p>
          )}
          <ol className="mt-2 space-y-3" aria-label={`${team.teamName}, ${day.title}`}>
            {team.jobs.map((job) => (
              <JobCard key={job.id} job={job} />
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
