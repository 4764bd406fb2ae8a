import { TextLink } from "@/components/ui/link";
import { PlainTable, ScrollRegion } from "@/components/ui/data/table";
import { type Calendar, shortDate } from "../server/calendar";
import { CalendarItemButton } from "./calendar-item";
import { scheduleHref } from "./calendar-toolbar";

// The week view: Monday to Sunday across, one row per team; each cell lists what the team holds that
// day in time order (an item crossing midnight is listed on each day it touches). The day headers open
// the day view. On a phone the seven columns would not fit, so the days are stacked instead, each
// listing its teams' items: the whole week reads top to bottom, nothing hidden off to the side.

export function CalendarWeekView({ calendar }: { calendar: Calendar }) {
  const tz = calendar.timeZone;
  const { teams, days, items } = calendar;

  return (
    <section aria-label="Week">
      {items.length === 0 && (
        <p className="text-sm text-ink-muted">Nothing is booked, held or blocked this week.</p>
      )}
      <WeekByDay calendar={calendar} />
      <ScrollRegion
        label="Week by team"
        className="mt-2 hidden rounded-card border border-line bg-surface md:block"
      >
        <PlainTable
          caption="Bookings, holds and blocks by team and day"
          className="min-w-[60rem] table-fixed border-separate border-spacing-0"
        >
          <thead>
            <tr>
              <th
                scope="col"
                className="w-32 border-b border-line px-3 py-2 text-left font-medium text-ink-muted"
              >
                Team
              </th>
              {days.map((day) => (
                <th
                  key={day.date}
                  scope="col"
                  className={`border-b border-l border-line px-2 py-2 text-left font-medium ${
                    day.isToday ? "bg-brand-soft" : ""
                  }`}
                >
                  <TextLink
                    href={scheduleHref("day", day.date)}
                    underline="hover"
                    weight="normal"
                    className="inline-flex min-h-11 flex-col justify-center rounded-control px-1"
                  >
                    <span className="font-semibold">{shortDate(day.start, tz)}</span>
                    {day.isToday && <span className="sr-only"> (today)</span>}
                  </TextLink>
                  {day.open.length === 0 && <span className="block text-xs text-ink-subtle">Closed</span>}
                  {day.holiday && (
                    <span className="block text-xs font-normal text-ink-subtle">{day.holiday}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <tr key={team.id}>
                <th scope="row" className="border-b border-line px-3 py-2 text-left align-top font-semibold">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-full"
                      style={{ backgroundColor: team.colour }}
                    />
                    <span className="truncate">{team.name}</span>
                  </span>
                  {!team.isActive && <span className="block font-normal text-ink-muted">(inactive)</span>}
                </th>
                {days.map((day) => {
                  const here = items.filter(
                    (i) => i.teamId === team.id && i.start < day.end && i.end > day.start,
                  );
                  return (
                    <td
                      key={day.date}
                      className={`border-b border-l border-line p-1.5 align-top ${
                        day.open.length === 0 ? "bg-canvas" : ""
                      }`}
                    >
                      {here.length === 0 ? (
                        <span className="sr-only">Nothing</span>
                      ) : (
                        <ul className="space-y-1.5">
                          {here.map((item) => (
                            <li key={item.id}>
                              <CalendarItemButton
                                item={item}
                                team={team}
                                timeZone={tz}
                                popoverId={`cal-w-${day.date}-${item.id}`}
                                layout="compact"
                              />
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </PlainTable>
      </ScrollRegion>
    </section>
  );
}

/** The phone layout of the week: one card per day, its teams' items under each team's name. */
function WeekByDay({ calendar }: { calendar: Calendar }) {
  const tz = calendar.timeZone;
  const { teams, days, items } = calendar;
  return (
    <ol aria-label="Week by day" className="mt-2 space-y-3 md:hidden">
      {days.map((day) => {
        const onDay = items.filter((i) => i.start < day.end && i.end > day.start);
        const busyTeams = teams.filter((t) => onDay.some((i) => i.teamId === t.id));
        return (
          <li
            key={day.date}
            className={`rounded-card border border-line p-3 ${day.isToday ? "bg-brand-soft" : "bg-surface"}`}
          >
            <h3 className="flex flex-wrap items-baseline justify-between gap-x-3">
              <TextLink
                href={scheduleHref("day", day.date)}
                underline="hover"
                weight="semibold"
                touch="always"
              >
                {shortDate(day.start, tz)}
                {day.isToday && <span className="ml-1 font-normal text-ink-muted">(today)</span>}
              </TextLink>
              {day.open.length === 0 && <span className="text-sm text-ink-muted">Closed</span>}
              {day.holiday && <span className="text-sm font-normal text-ink-muted">{day.holiday}</span>}
            </h3>
            {busyTeams.length === 0 ? (
              <p className="text-sm text-ink-muted">Nothing booked, held or blocked.</p>
            ) : (
              busyTeams.map((team) => (
                <div key={team.id} className="mt-2">
                  <p className="flex items-center gap-2 text-sm font-semibold">
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-full"
                      style={{ backgroundColor: team.colour }}
                    />
                    {team.name}
                    {!team.isActive && <span className="font-normal text-ink-muted">(inactive)</span>}
                  </p>
                  <ul className="mt-1 space-y-1.5">
                    {onDay
                      .filter((i) => i.teamId === team.id)
                      .map((item) => (
                        <li key={item.id}>
                          <CalendarItemButton
                            item={item}
                            team={team}
                            timeZone={tz}
                            popoverId={`cal-wd-${day.date}-${item.id}`}
                            layout="compact"
                          />
                        </li>
                      ))}
                  </ul>
                </div>
              ))
            )}
          </li>
        );
      })}
    </ol>
  );
}
