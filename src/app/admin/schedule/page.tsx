import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/data/empty-state";
import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { CalendarPopoverKeys } from "@/modules/availability/components/calendar-popover-keys";
import { routes } from "@/lib/routes";
import { BlockDraftProvider } from "@/modules/availability/components/calendar-block-draft";
import { CalendarBlockForm } from "@/modules/availability/components/calendar-block-form";
import { CalendarDayView } from "@/modules/availability/components/calendar-day-view";
import { CalendarLegend } from "@/modules/availability/components/calendar-item";
import { CalendarMonthView } from "@/modules/availability/components/calendar-month-view";
import { CalendarToolbar, periodTitle } from "@/modules/availability/components/calendar-toolbar";
import { CalendarWeekView } from "@/modules/availability/components/calendar-week-view";
import { getCalendar, parseCalendarParams } from "@/modules/availability/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Schedule" };

type Search = { view?: string; date?: string };

export default async function SchedulePage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireAdminPage(routes.adminSchedule);
  const calendar = await getCalendar(parseCalendarParams(await searchParams));
  const activeTeams = calendar.teams.filter((t) => t.isActive).map((t) => ({ id: t.id, name: t.name }));

  return (
    <div className="max-w-7xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Schedule</h1>
          <p className="mt-1 text-ink-muted">
            Bookings, holds and blocks by team. Times in {calendar.timeZone} ({calendar.zoneNames.join(" / ")}
            ).
          </p>
        </div>
        <LiveRefresh types={["schedule.changed", "booking.updated"]} />
        <CalendarPopoverKeys />
      </div>

      <div className="mt-5">
        <CalendarToolbar calendar={calendar} />
      </div>
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 className="text-lg font-semibold">{periodTitle(calendar)}</h2>
        <CalendarLegend />
      </div>

      <BlockDraftProvider>
        {/* Beside the day view (a selection there fills it in); below the wider week and month grids. */}
        <div
          className={`mt-3 grid grid-cols-1 gap-8 ${
            calendar.view === "day" ? "xl:grid-cols-[minmax(0,1fr)_20rem]" : ""
          }`}
        >
          <div className="min-w-0">
            {calendar.teams.length === 0 ? (
              <EmptyState
                title="No teams yet"
                action={
                  <ButtonLink variant="primary" href={routes.adminTeams}>
                    Add a team
                  </ButtonLink>
                }
              >
                Teams are the vans (or bays) that take bookings. Add one to see its calendar.
              </EmptyState>
            ) : calendar.view === "day" ? (
              <CalendarDayView calendar={calendar} />
            ) : calendar.view === "week" ? (
              <CalendarWeekView calendar={calendar} />
            ) : (
              <CalendarMonthView calendar={calendar} />
            )}
          </div>
          <section
            aria-labelledby="block-time-heading"
            className={`h-fit rounded-card border border-line bg-surface p-4 sm:p-5 ${
              calendar.view === "day" ? "" : "max-w-xl"
            }`}
          >
            <h2 id="block-time-heading" className="text-lg font-semibold">
              Block time
            </h2>
            <p className="mb-4 mt-1 text-sm text-ink-muted">
              Make a team (or every team) unavailable — for a van service, training or a holiday. Times are in{" "}
              {calendar.timeZone}.
            </p>
            <CalendarBlockForm teams={activeTeams} defaultDate={calendar.date} />
          </section>
        </div>
      </BlockDraftProvider>
    </div>
  );
}
