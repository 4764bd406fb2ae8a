import { EmptyState } from "@/components/ui/data/empty-state";
import { cardListClass } from "@/components/ui/card";
import { summaryClass } from "@/components/ui/button";
import { formatLongDate } from "@/lib/dates";
import { dateAsInstant, formatRanges } from "@/lib/time-ranges";
import type { AdminOverride } from "../server/hours";
import { HoursOverrideDelete } from "./hours-override-delete";
import { HoursOverrideForm } from "./hours-override-form";

function Hours({ o }: { o: AdminOverride }) {
  return o.isClosed ? (
    <span className="inline-flex items-center rounded-full bg-line px-2 py-0.5 text-xs font-semibold text-ink">
      Closed all day
    </span>
  ) : (
    <span className="tabular">Open {formatRanges(o.ranges)}</span>
  );
}

/**
 * Dates with their own hours: the upcoming ones (soonest first) with edit and delete; past ones folded
 * away, for reference only.
 */
export function HoursOverrides({
  upcoming,
  past,
  today,
  timeZone,
  holidays = {},
}: {
  /** Local date → the public holiday on it (the next 12 months'). */
  holidays?: Record<string, string>;
  upcoming: AdminOverride[];
  past: AdminOverride[];
  today: string;
  timeZone: string;
}) {
  const words = (date: string) => formatLongDate(dateAsInstant(date, timeZone), timeZone);
  return (
    <>
      {upcoming.length === 0 ? (
        <EmptyState className="mt-3">
          No upcoming dates with different hours. Add bank holidays, days off and special opening hours above.
        </EmptyState>
      ) : (
        <ul className={`mt-3 ${cardListClass}`}>
          {upcoming.map((o) => (
            <li key={o.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium">{words(o.date)}</p>
                <p className="mt-1 text-sm">
                  <Hours o={o} />
                  {o.note && <span className="text-ink-muted"> · {o.note}</span>}
                </p>
                <details className="mt-2">
                  <summary className={summaryClass}>
                    Edit<span className="sr-only"> {words(o.date)}</span>
                  </summary>
                  <div className="mt-2">
                    <HoursOverrideForm
                      override={o}
                      dateLabel={words(o.date)}
                      today={today}
                      timeZone={timeZone}
                    />
                  </div>
                </details>
              </div>
              <HoursOverrideDelete
                id={o.id}
                label={words(o.date)}
                timeZone={timeZone}
                holiday={holidays[o.date]}
              />
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="mt-4">
          <summary className={summaryClass}>Recent past dates</summary>
          <ul className={`mt-2 text-sm ${cardListClass}`}>
            {past.map((o) => (
              <li key={o.id} className="p-3">
                <span className="font-medium">{words(o.date)}</span> · <Hours o={o} />
                {o.note && <span className="text-ink-muted"> · {o.note}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
