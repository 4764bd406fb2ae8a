import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { PageHeader, Section } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { WeatherDayForm } from "@/modules/reschedule/components/weather-day-form";
import { WeatherDayStatusList } from "@/modules/reschedule/components/weather-day-status";
import { loadWeatherDaysPage } from "@/modules/reschedule/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Weather days" };

export default async function WeatherDaysPage() {
  const user = await requireAdminPage(routes.adminWeather);
  const { days, teams, timeZone, tomorrow } = await loadWeatherDaysPage({ id: user.id });

  return (
    <div className="max-w-4xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Weather days"
          description={`When the weather rules out a day (or part of it, or some teams), mark it: no new booking lands in it, and every booking in it is offered the nearest free times, held for them. Nothing is charged or refunded. If the weather clears, lift the day: it reopens, and the customers who haven't moved are told their bookings stand. Times in ${timeZone}.`}
        />
        <LiveRefresh types={["booking.updated"]} />
      </div>
      <Section title="Mark a weather day" className="mt-6">
        <div className="mt-4">
          <WeatherDayForm teams={teams} defaultDate={tomorrow} />
        </div>
      </Section>
      <Section title="Answers" className="mt-6">
        <div className="mt-4">
          <WeatherDayStatusList days={days} />
        </div>
      </Section>
    </div>
  );
}
