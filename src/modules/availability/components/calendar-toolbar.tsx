import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { controlClass } from "@/components/ui/form/control";
import Link from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { formatLongDate } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { type Calendar, type CalendarView, monthTitle } from "../server/calendar";

// The calendar's URL is its state (?view=&date=): previous/next/today and the view switcher are plain
// links, and "go to date" is a GET form, so all of it works without JavaScript and can be bookmarked.

export const scheduleHref = (view: CalendarView, date: string) =>
  `${routes.adminSchedule}?view=${view}&date=${date}`;

const UNIT = { day: "day", week: "week", month: "month" } as const;
const VIEW_LABEL = { day: "Day", week: "Week", month: "Month" } as const;

const button = buttonClass({ size: "sm", className: "gap-1" });

export function periodTitle(calendar: Calendar): string {
  const first = calendar.days[0];
  if (!first) return "";
  if (calendar.view === "day") return formatLongDate(first.start, calendar.timeZone);
  if (calendar.view === "week") return `Week of ${formatLongDate(first.start, calendar.timeZone)}`;
  const inMonth = calendar.days.find((d) => d.isInPeriod) ?? first;
  return monthTitle(inMonth.start, calendar.timeZone);
}

export function CalendarToolbar({ calendar }: { calendar: Calendar }) {
  const { view, date, today } = calendar;
  const unit = UNIT[view];
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Dates" className="flex items-center gap-2">
          <Link
            href={scheduleHref(view, calendar.prevDate)}
            className={button}
            aria-label={`Previous ${unit}`}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Previous</span>
          </Link>
          <Link
            href={scheduleHref(view, today)}
            className={button}
            aria-current={calendar.days.some((d) => d.date === today && d.isInPeriod) ? "date" : undefined}
          >
            Today
          </Link>
          <Link href={scheduleHref(view, calendar.nextDate)} className={button} aria-label={`Next ${unit}`}>
            <span className="hidden sm:inline">Next</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        </nav>
        <form method="get" action={routes.adminSchedule} className="flex items-center gap-2">
          <input type="hidden" name="view" value={view} />
          <label className="sr-only" htmlFor="calendar-date">
            Go to date
          </label>
          <input
            id="calendar-date"
            name="date"
            type="date"
            defaultValue={date}
            required
            className={cn(controlClass(), "mt-0 inline-block min-h-11 w-auto")}
          />
          <button type="submit" className={button}>
            Go
          </button>
        </form>
      </div>
      <nav aria-label="Calendar view">
        <ul className="flex rounded-control border border-line-strong bg-surface p-0.5">
          {(["day", "week", "month"] as const).map((v) => (
            <li key={v}>
              <Link
                href={scheduleHref(v, date)}
                aria-current={v === view ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-[6px] px-4 text-sm font-medium ${
                  v === view ? "bg-brand text-white" : "text-ink-muted hover:bg-canvas hover:text-ink"
                }`}
              >
                {VIEW_LABEL[v]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
