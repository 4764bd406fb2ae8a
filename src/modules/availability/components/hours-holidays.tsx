import { Badge } from "@/components/ui/badge";
import { cardListClass } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/data/empty-state";
import { TextLink } from "@/components/ui/link";
import { formatDateTime, formatLongDate } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { dateAsInstant, formatRanges } from "@/lib/time-ranges";
import type { HolidaySchedule } from "../server/holidays";
import { HoursHolidayToggle } from "./hours-holiday-toggle";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The region's public holidays of the next 12 months: each closed (with "Open anyway") or opened with
 * its weekday's hours (with "Close again"); time still held on a closed one is listed to be seen to.
 */
export function HoursHolidays({ schedule, timeZone }: { schedule: HolidaySchedule; timeZone: string }) {
  const words = (date: string) => formatLongDate(dateAsInstant(date, timeZone), timeZone);
  if (schedule.region === "none")
    return (
      <EmptyState className="mt-4">
        No public holidays are closed: every date keeps its weekly hours. Choose a region to close its bank
        holidays.
      </EmptyState>
    );
  if (schedule.days.length === 0)
    return <EmptyState className="mt-4">No public holidays in the next 12 months.</EmptyState>;
  return (
    <ul aria-label={`Public holidays, ${schedule.regionName}`} className={`mt-4 ${cardListClass}`}>
      {schedule.days.map((d) => {
        const label = `${d.name}, ${words(d.date)}`;
        return (
          <li key={d.date} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium">{words(d.date)}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span>{d.name}</span>
                {d.isOpen ? (
                  <Badge tone="success">Open {formatRanges(d.ranges)}</Badge>
                ) : (
                  <Badge>Closed</Badge>
                )}
              </p>
              {d.held.length > 0 && (
                <div className="mt-2 rounded-control border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
                  <p className="font-semibold text-ink">
                    {plural(d.held.length, "booking is", "bookings are")} on this closed day
                  </p>
                  <ul className="mt-1 space-y-1">
                    {d.held.map((b) => (
                      <li key={`${b.bookingId}-${b.isRequestedMove}`} className="tabular">
                        <TextLink href={routes.adminBooking(b.bookingId)}>{b.reference}</TextLink> ·{" "}
                        {formatDateTime(b.startsAt, timeZone)} · {b.teamName}
                        {b.isRequestedMove && " (requested move)"}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1 text-ink-muted">
                    Move {d.held.length === 1 ? "it" : "them"}, or open this day anyway.
                  </p>
                </div>
              )}
            </div>
            {d.isClosedWeekday && !d.isOpen ? (
              <p className="text-sm text-ink-muted sm:max-w-56 sm:text-right">
                You don&apos;t open on this weekday anyway.
              </p>
            ) : (
              <HoursHolidayToggle date={d.date} label={label} isOpen={d.isOpen} timeZone={timeZone} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
