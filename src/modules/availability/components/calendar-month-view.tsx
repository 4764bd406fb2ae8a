import Link from "@/components/ui/link";
import { formatLongDate } from "@/lib/dates";
import { type Calendar, type DayCounts, shortDate } from "../server/calendar";
import { scheduleHref } from "./calendar-toolbar";

// The month view: Monday-first weeks covering the month; each day links to its day view and says how
// many bookings, holds and blocks it has (in words — no colour-only signal). On a phone the grid becomes
// a list of the month's days.

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function countsText(c: DayCounts): string[] {
  const parts: string[] = [];
  if (c.bookings) parts.push(plural(c.bookings, "booking", "bookings"));
  if (c.holds) parts.push(plural(c.holds, "hold", "holds"));
  if (c.blocks) parts.push(plural(c.blocks, "block", "blocks"));
  return parts;
}

export function CalendarMonthView({ calendar }: { calendar: Calendar }) {
  const tz = calendar.timeZone;
  const inMonth = calendar.days.filter((d) => d.isInPeriod);
  const isEmpty = inMonth.every((d) => !d.counts.bookings && !d.counts.holds && !d.counts.blocks);
  return (
    <section aria-label="Month">
      {isEmpty && <p className="text-sm text-ink-muted">Nothing is booked, held or blocked this month.</p>}
      <div className="mt-2 rounded-card border border-line bg-surface">
        <div aria-hidden="true" className="hidden grid-cols-7 border-b border-line sm:grid">
          {WEEKDAYS.map((w) => (
            <div key={w} className="px-2 py-2 text-xs font-semibold uppercase tracking-wide text-ink-subtle">
              {w}
            </div>
          ))}
        </div>
        <ol className="grid grid-cols-1 sm:grid-cols-7">
          {calendar.days.map((day) => {
            const parts = countsText(day.counts);
            const closed = day.open.length === 0;
            return (
              <li
                key={day.date}
                className={`border-b border-line sm:border-r sm:[&:nth-child(7n)]:border-r-0 ${
                  day.isInPeriod ? "" : "hidden bg-canvas sm:block"
                }`}
              >
                <Link
                  href={scheduleHref("day", day.date)}
                  aria-current={day.isToday ? "date" : undefined}
                  className={`flex min-h-11 gap-3 p-2 hover:bg-brand-soft sm:min-h-24 sm:flex-col sm:gap-1 ${
                    day.isInPeriod ? "" : "text-ink-subtle"
                  }`}
                >
                  <span className="sr-only">{formatLongDate(day.start, tz)}</span>
                  <span aria-hidden="true" className="w-24 shrink-0 sm:w-auto">
                    <span className="sm:hidden">{shortDate(day.start, tz)}</span>
                    <span
                      className={`hidden size-7 items-center justify-center rounded-full text-sm font-semibold tabular sm:inline-flex ${
                        day.isToday ? "bg-brand text-white" : ""
                      }`}
                    >
                      {Number(day.date.slice(8))}
                    </span>
                  </span>
                  {day.isToday && <span className="sr-only">(today)</span>}
                  <span className="flex flex-col text-xs leading-snug">
                    {day.holiday && (
                      <span className="text-ink-muted">
                        <span className="sr-only">, </span>
                        {day.holiday}
                      </span>
                    )}
                    {parts.length ? (
                      parts.map((p, i) => (
                        <span key={p} className={i === 0 ? "font-semibold text-ink" : "text-ink-muted"}>
                          <span className="sr-only">, </span>
                          {p}
                        </span>
                      ))
                    ) : (
                      <span className="text-ink-subtle">
                        <span className="sr-only">, </span>
                        {closed ? "Closed" : "Free"}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
