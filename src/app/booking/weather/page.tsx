import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { routes } from "@/lib/routes";
import { WeatherAnswer } from "@/modules/reschedule/components/weather-answer";
import { LIFTED_MESSAGE } from "@/modules/reschedule/domain/weather-rules";
import { loadWeatherOfferPage } from "@/modules/reschedule/server";

// The weather offer (ADR 0036): opened from the email's links, no sign-in. The token opens this one
// booking's offer only; opening it changes nothing — the buttons do.
export const metadata: Metadata = {
  title: "Choose a new time",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function WeatherOfferPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; choice?: string }>;
}) {
  const { token, choice } = await searchParams;
  const page = token ? await loadWeatherOfferPage(token) : null;
  if (!token || !page) notFound();
  return (
    <div className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader
        title={page.state === "stands" ? "The weather has cleared" : "The weather: choose a new time"}
        description={
          page.state === "accepted"
            ? `Your booking ${page.reference} has moved to ${page.current}, free of charge.`
            : page.state === "stands"
              ? `Your booking ${page.reference} goes ahead as first booked: ${page.current}.`
              : `Your booking ${page.reference} on ${page.current} can't go ahead in the forecast weather. Moving it is free and the price stays the same.`
        }
      />
      <Card className="mt-6 space-y-5">
        {page.message && page.state !== "stands" && <p className="text-sm">“{page.message}”</p>}
        {page.state === "stands" ? (
          <Notice kind="success">
            {LIFTED_MESSAGE} You don&rsquo;t need to do anything; the times we held are no longer held.
          </Notice>
        ) : page.state === "accepted" ? (
          <Notice kind="success">You chose a new time: your booking is now {page.current}.</Notice>
        ) : page.state === "asked_another" ? (
          <Notice kind="neutral">You asked for another time: we&rsquo;ll be in touch.</Notice>
        ) : (
          <>
            {page.expires && (
              <p className="text-sm text-ink-muted">These times are held for you until {page.expires}.</p>
            )}
            {page.times.length === 0 && (
              <Notice kind="warning">
                We couldn&rsquo;t hold a free time near your booking. Tell us when suits you, or call us.
              </Notice>
            )}
            <WeatherAnswer
              token={token}
              times={page.times}
              choice={choice ?? null}
              bookingPath={`${routes.myBookings}/${page.bookingId}`}
            />
          </>
        )}
      </Card>
    </div>
  );
}
