import type { Metadata } from "next";
import { Card, PageHeader, Section } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { localDateOf } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { HoursHolidayRegion } from "@/modules/availability/components/hours-holiday-region";
import { HoursHolidays } from "@/modules/availability/components/hours-holidays";
import { HoursOverrideForm } from "@/modules/availability/components/hours-override-form";
import { HoursOverrides } from "@/modules/availability/components/hours-overrides";
import { HoursWeeklyEditor } from "@/modules/availability/components/hours-weekly-editor";
import {
  getHolidaySchedule,
  getWeeklyHours,
  getWorkingDayLimits,
  listOverrides,
  listPastOverrides,
} from "@/modules/availability/server";
import { jobsLongerThanADay } from "@/modules/pricing/domain/long-jobs";
import { LongJobsNotice } from "@/modules/pricing/components/long-jobs-notice";
import { getPriceMatrix } from "@/modules/pricing/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Opening hours" };

export default async function OpeningHoursPage() {
  await requireAdminPage(routes.adminScheduleHours);
  const settings = await getPublicSettings();
  const timeZone = settings.timeZone;
  const today = localDateOf(new Date(), timeZone);
  const [week, upcoming, past, holidays, matrix, limits] = await Promise.all([
    getWeeklyHours(),
    listOverrides(today),
    listPastOverrides(today),
    getHolidaySchedule(),
    getPriceMatrix(),
    getWorkingDayLimits(),
  ]);
  const neverOpen = week.every((d) => d.ranges.length === 0);

  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Opening hours"
        description={
          <>
            When your <TextLink href={routes.adminTeams}>teams</TextLink> can work. A long job may start
            before a break and finish after it (unless its service says not to); the break stays the
            team&apos;s and is never booked over.
          </>
        }
      >
        <p className="mt-2 text-sm font-medium">Times are in {timeZone}.</p>
      </PageHeader>

      <Section
        plain
        className="mt-6"
        title="Weekly hours"
        description="Each day can have several ranges, such as 08:00–12:30 and 13:00–18:00 for a lunch break. A day with no ranges is closed. Save each day on its own."
      >
        {neverOpen && (
          <Notice kind="warning" className="mt-3">
            You have no opening hours yet, so customers can&apos;t book anything. Add ranges to the days you
            work.
          </Notice>
        )}
        <LongJobsNotice jobs={jobsLongerThanADay(matrix, limits)} className="mt-3" />
        <HoursWeeklyEditor week={week} timeZone={timeZone} />
      </Section>

      <Section
        plain
        className="mt-10"
        title="Public holidays"
        description="Bank holidays are closed unless you open them. Next year's dates appear on their own."
      >
        <div className="mt-4">
          <HoursHolidayRegion region={holidays.region} />
        </div>
        {holidays.region !== "none" && (
          <h3 className="mt-6 font-semibold">
            {holidays.regionName}: the next 12 months{" "}
            <span className="font-normal text-ink-muted">({holidays.days.length})</span>
          </h3>
        )}
        <HoursHolidays schedule={holidays} timeZone={timeZone} />
      </Section>

      <Section
        plain
        className="mt-10"
        title="Dates with different hours"
        description="Days off, longer days or a bank holiday you open anyway. On these dates their own hours replace the weekly hours."
      >
        <Card className="mt-4">
          <h3 className="mb-3 font-semibold">Add a date</h3>
          <HoursOverrideForm today={today} timeZone={timeZone} />
        </Card>
        <h3 className="mt-6 font-semibold">
          Upcoming dates <span className="font-normal text-ink-muted">({upcoming.length})</span>
        </h3>
        <HoursOverrides
          upcoming={upcoming}
          past={past}
          today={today}
          timeZone={timeZone}
          holidays={Object.fromEntries(holidays.days.map((d) => [d.date, d.name]))}
        />
      </Section>
    </div>
  );
}
