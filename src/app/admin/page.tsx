import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader, Section } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { JobDayList } from "@/modules/today/components/admin-today-jobs";
import { ActionQueue, KpiGrid, RecentActivity } from "@/modules/today/components/admin-today-panels";
import { loadAdminToday } from "@/modules/today/server";
import { collectedRevenue } from "@/modules/payments/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Today" };

// The admin's home: what needs them now and what today holds. Live: any booking, schedule or email
// change anywhere re-renders it within a second or two.
export default async function AdminTodayPage() {
  const user = await requireAdminPage(routes.adminToday);
  const data = await loadAdminToday(user, { collectedRevenue });
  const [today, tomorrow] = data.days;

  return (
    <div className="max-w-7xl">
      <PageHeader
        title="Today"
        description={`${data.todayTitle}. Times in ${data.timeZone}.`}
        actions={
          <>
            <LiveRefresh
              types={["booking.updated", "schedule.changed", "email.status"]}
              className="self-center"
            />
            <ButtonLink href={routes.adminSchedule}>Schedule</ButtonLink>
            <ButtonLink href={routes.adminBookings}>All bookings</ButtonLink>
          </>
        }
      />

      {/* One grid: on a phone the queue comes first, then the jobs, then the numbers and the activity; on
          a wide screen the numbers run across the top, the jobs on the left and the queue on the right. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_auto_1fr]">
        <Section
          title="Needs you"
          className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start"
          description={
            data.queueTotal === 0 ? undefined : `${data.queueTotal} to handle. Each opens its booking.`
          }
        >
          <ActionQueue groups={data.queue} total={data.queueTotal} />
        </Section>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-2">
          {today && (
            <Section
              plain
              title="Today’s jobs"
              description={
                today.count === 1
                  ? "1 job, by team in time order."
                  : `${today.count} jobs, by team in time order.`
              }
            >
              <JobDayList day={today} emptyTitle="No jobs today" />
            </Section>
          )}
          {tomorrow && (
            <Section
              plain
              title="Tomorrow"
              description={`${tomorrow.title}: ${tomorrow.count === 1 ? "1 job" : `${tomorrow.count} jobs`}.`}
            >
              <JobDayList day={tomorrow} emptyTitle="No jobs tomorrow" />
            </Section>
          )}
        </div>
        <Section
          plain
          title="At a glance"
          description="Today and this week, against the period before."
          className="min-w-0 lg:col-span-2 lg:row-start-1"
        >
          <KpiGrid kpis={data.kpis} />
        </Section>
        <Section title="Recent activity" className="min-w-0 lg:col-start-2 lg:row-start-3 lg:self-start">
          <RecentActivity entries={data.activity} />
        </Section>
      </div>
    </div>
  );
}
