import { TextLink, textLinkClass } from "@/components/ui/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { routes } from "@/lib/routes";
import { cardListClass } from "@/components/ui/card";
import type { WeatherEntryState } from "../domain/weather-rules";
import type { WeatherDayStatus } from "../server/weather-views";
import { liftWeatherDayAction } from "../weather-actions";

// The status of each weather day (ADR 0036): who took a new time, who asked for another, who is still
// deciding, and who needs a phone call (no answer, or no free time nearby) — with their phone number. The
// booking's page still moves or cancels it by hand. When the weather clears, "Lift weather day" reopens the
// period: the offers still waiting are withdrawn and those customers told their booking stands.

const TONE: Record<WeatherEntryState, BadgeTone> = {
  call: "danger",
  asked_another: "warning",
  waiting: "info",
  accepted: "success",
  stands: "neutral",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function WeatherDayStatusList({ days }: { days: WeatherDayStatus[] }) {
  if (days.length === 0)
    return (
      <p className="text-sm text-ink-muted">
        No weather day yet. When the forecast rules out a day, mark it above: its customers are offered new
        times.
      </p>
    );
  return (
    <div className="space-y-8">
      {days.map((d) => (
        <section key={d.id} aria-labelledby={`weather-${d.id}`}>
          <h3 id={`weather-${d.id}`} className="font-semibold">
            {d.period} · {d.teams}
          </h3>
          {d.message && <p className="mt-1 text-sm text-ink-muted">“{d.message}”</p>}
          {d.lifted ? (
            <p className="mt-1 text-sm tabular">
              {d.lifted}: {d.counts.stands} kept their time · {d.counts.accepted} moved
            </p>
          ) : (
            <p className="mt-1 text-sm tabular">
              {d.counts.call} need a phone call · {d.counts.asked_another} asked for another time ·{" "}
              {d.counts.waiting} waiting · {d.counts.accepted} moved
            </p>
          )}
          {d.canLift && (
            <div className="mt-2">
              <ConfirmActionButton
                action={liftWeatherDayAction}
                input={{ weatherDayId: d.id }}
                variant="secondary"
                title={`Lift the weather day of ${d.period}?`}
                description={
                  <>
                    New bookings can land in this period again.{" "}
                    {d.toTell > 0 &&
                      `${plural(
                        d.toTell,
                        "customer whose booking didn't move is",
                        "customers whose bookings didn't move are",
                      )} emailed that it goes ahead at its time, and any times held for them are let go. `}
                    {d.counts.accepted > 0 &&
                      `${plural(d.counts.accepted, "booking that moved stays", "bookings that moved stay")} moved. `}
                    Nothing is charged or refunded.
                  </>
                }
                confirmLabel="Lift weather day"
                successToast="Weather day lifted: its customers are told their bookings stand."
              >
                Lift weather day
              </ConfirmActionButton>
            </div>
          )}
          {d.rows.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">No booking was in this period.</p>
          ) : (
            <ul className={`mt-3 ${cardListClass}`}>
              {d.rows.map((r) => (
                <li
                  key={r.bookingId}
                  className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:justify-between"
                >
                  <div>
                    <TextLink href={routes.adminBooking(r.bookingId)}>{r.reference}</TextLink> ·{" "}
                    {r.customerName}
                    <div className="text-ink-muted tabular">{r.when}</div>
                    {r.offered.length > 0 && (
                      <div className="mt-1 text-ink-muted">
                        Offered, held until {r.expires}:
                        <ul className="list-disc pl-5 tabular">
                          {r.offered.map((o) => (
                            <li key={o}>{o}</li>
                          ))}
                        </ul>
                      </div>
                    )}
                    {r.note && <div>Their note: “{r.note}”</div>}
                  </div>
                  <div className="flex flex-col items-start gap-1 sm:items-end">
                    <Badge tone={TONE[r.state]}>{r.stateLabel}</Badge>
                    {(r.state === "call" || r.state === "asked_another") && (
                      <span className="tabular">
                        {r.phone ? (
                          <a href={`tel:${r.phone.replace(/\s+/g, "")}`} className={textLinkClass()}>
                            {r.phone}
                          </a>
                        ) : (
                          "No phone number"
                        )}
                        {r.email ? ` · ${r.email}` : ""}
                      </span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
