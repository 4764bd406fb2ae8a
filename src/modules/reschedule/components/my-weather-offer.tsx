import { ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import type { MyWeatherOffer } from "../server/weather-views";

// The weather offer on the customer's booking page (ADR 0036): the times held for them, answered on the
// same page as the email's links.

export function MyWeatherOfferPanel({ offer }: { offer: MyWeatherOffer }) {
  return (
    <section aria-labelledby="weather-heading" className={`${cardClass} mt-4 border-warning`}>
      <h2 id="weather-heading" className="text-lg font-semibold">
        The weather: choose a new time
      </h2>
      <p className="mt-2">
        We can&rsquo;t work at this booking&rsquo;s time in the forecast weather. Moving it is free and the
        price stays the same.
      </p>
      {offer.message && <p className="mt-1 text-sm">Our message: “{offer.message}”</p>}
      {offer.times.length > 0 ? (
        <>
          <p className="mt-3 text-sm text-ink-muted">We hold these times for you until {offer.expires}:</p>
          <ul className="mt-1 list-disc pl-5 text-sm tabular">
            {offer.times.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">
          We couldn&rsquo;t hold a free time nearby: ask for another time, or call us.
        </p>
      )}
      <div className="mt-3">
        <ButtonLink href={offer.answerPath} variant="primary" size="lg">
          {offer.times.length ? "Choose a time" : "Ask for another time"}
        </ButtonLink>
      </div>
    </section>
  );
}
