"use client";

import { useState } from "react";
import { Section } from "@/components/ui/card";
import { Form, type FormResult, SubmitButton } from "@/components/ui/form/form";
import { SelectField } from "@/components/ui/form/form-fields";
import { formatCalendarDate, formatTime } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { createSeriesAction, planSeriesAction } from "../actions";
import { MAX_OCCURRENCES } from "../domain/series-plan";
import type { SeriesPanel } from "../server/series-panel";
import { EVERY, UntilFields } from "./series-fields";
import { SeriesVisits } from "./series-visits";

// A booking's "Repeat this booking" panel (issue 31, ADR 0052), on the customer's and the admin's booking
// pages: choose how often and until when (up to 12 months, or until ended), check the dates (each at this
// visit's time with its price, or the nearest free times that day, or skip; the later ones held
// automatically as the booking horizon reaches them), book them all at once. On a booking in a series:
// its visits (series-visits.tsx).

type PlannedShown = {
  date: string;
  start: string | null;
  heldNow: boolean;
  heldFrom: string | null;
  fits: boolean;
  alternatives: string[];
};
type PlanShown = {
  intervalWeeks: number;
  until: string;
  openEnded: boolean;
  occurrences: PlannedShown[];
  priceMinor: number;
  currency: string;
  payment: string;
  cut: boolean;
};

export function SeriesPanelView({
  bookingId,
  panel,
  timeZone,
  bookingPath,
}: {
  bookingId: string;
  panel: SeriesPanel;
  timeZone: string;
  /** Where this viewer opens one of the series' bookings: "/dashboard/bookings/" or "/admin/bookings/". */
  bookingPath: string;
}) {
  if (panel.kind === "series") return <SeriesVisits panel={panel} bookingPath={bookingPath} />;
  if (!panel.canRepeat) return null;
  return <RepeatForm bookingId={bookingId} panel={panel} timeZone={timeZone} />;
}

function RepeatForm({
  bookingId,
  panel,
  timeZone,
}: {
  bookingId: string;
  panel: Extract<SeriesPanel, { kind: "none" }>;
  timeZone: string;
}) {
  const [plan, setPlan] = useState<PlanShown | null>(null);
  // Per date held now: the chosen start (ISO), or "" to skip it.
  const [choices, setChoices] = useState<Record<string, string>>({});

  const check = async (values: Record<string, unknown>): Promise<FormResult> => {
    const res = await planSeriesAction({ ...values, bookingId });
    if (res.ok) {
      const p = res.data as PlanShown;
      setPlan(p);
      setChoices(
        Object.fromEntries(
          p.occurrences.filter((o) => o.heldNow).map((o) => [o.date, o.fits && o.start ? o.start : ""]),
        ),
      );
    }
    return res;
  };
  const now = plan ? plan.occurrences.filter((o) => o.heldNow) : [];
  const later = plan ? plan.occurrences.filter((o) => !o.heldNow) : [];
  const booked = now.filter((o) => choices[o.date]).length;
  const time = (iso: string) => formatTime(new Date(iso), timeZone);
  const price = plan ? formatMoney(plan.priceMinor, plan.currency) : "";

  return (
    <Section
      title="Repeat this booking"
      className="mt-4"
      description="The same visit every few weeks, for up to 12 months or until you end it. The visits inside our booking calendar are held for you now, the later ones automatically as it opens. You can skip a visit or stop at any time."
    >
      <Form action={check} aria-label="Repeat settings" className="mt-3">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField name="intervalWeeks" label="How often" options={EVERY} defaultValue="2" />
          <UntilFields defaultUntil={panel.defaultUntil} latest={panel.latest} openEnded={false} />
        </div>
        <SubmitButton>Check the dates</SubmitButton>
      </Form>

      {plan && (
        <Form
          action={createSeriesAction}
          extra={{
            bookingId,
            intervalWeeks: plan.intervalWeeks,
            until: plan.openEnded ? "" : plan.until,
            openEnded: plan.openEnded,
            choices: now.map((o) => ({ date: o.date, start: choices[o.date] ?? "" })),
          }}
          refreshOnSuccess
          successToast={`${booked} ${booked === 1 ? "visit" : "visits"} booked.`}
          aria-label="Visits to book"
          className="mt-4"
        >
          <h3 className="font-semibold">
            {plan.occurrences.length} {plan.occurrences.length === 1 ? "date" : "dates"}{" "}
            {plan.openEnded
              ? `in the next 12 months (then on, until you end it)`
              : `until ${formatCalendarDate(plan.until)}`}
          </h3>
          <p className="text-sm text-ink-muted">
            {price} a visit. {plan.payment}
          </p>
          {plan.cut && (
            <p className="text-sm text-ink-muted">
              One repeat booking makes at most {MAX_OCCURRENCES} visits: these are the first {MAX_OCCURRENCES}
              .
            </p>
          )}
          <ol className="mt-2 divide-y divide-line text-sm">
            {now.map((o) => {
              const label = formatCalendarDate(o.date);
              const name = `visit-${o.date}`;
              const options = o.fits && o.start ? [o.start] : o.alternatives;
              return (
                <li key={o.date} className="py-2">
                  <fieldset>
                    <legend className="flex w-full flex-wrap justify-between gap-x-4">
                      <span className="font-medium">
                        {label}
                        {!o.fits && (
                          <span className="ml-2 font-normal text-ink-muted">
                            {o.start ? `${time(o.start)} isn't free` : "this time doesn't exist that day"}
                            {o.alternatives.length
                              ? " — the nearest free times:"
                              : " — no other time is free that day."}
                          </span>
                        )}
                      </span>
                      <span className="tabular">{price}</span>
                    </legend>
                    <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                      {options.map((start) => (
                        <label key={start} className="inline-flex min-h-11 items-center gap-2">
                          <input
                            type="radio"
                            name={name}
                            value={start}
                            checked={choices[o.date] === start}
                            onChange={() => setChoices((c) => ({ ...c, [o.date]: start }))}
                            className="size-5 accent-brand"
                          />
                          {time(start)}
                        </label>
                      ))}
                      <label className="inline-flex min-h-11 items-center gap-2">
                        <input
                          type="radio"
                          name={name}
                          value=""
                          checked={choices[o.date] === ""}
                          onChange={() => setChoices((c) => ({ ...c, [o.date]: "" }))}
                          className="size-5 accent-brand"
                        />
                        Skip this date
                      </label>
                    </div>
                  </fieldset>
                </li>
              );
            })}
            {later.map((o) => (
              <li key={o.date} className="flex flex-wrap justify-between gap-x-4 py-2">
                <span>
                  <span className="font-medium">{formatCalendarDate(o.date)}</span>
                  {o.start && <span className="ml-2">{time(o.start)}</span>}
                  <span className="block text-ink-muted">
                    Held automatically on {formatCalendarDate(o.heldFrom ?? o.date)}
                  </span>
                </span>
                <span className="tabular">{price}</span>
              </li>
            ))}
          </ol>
          <SubmitButton>
            {booked === 0
              ? later.length
                ? "Set up the repeat booking"
                : "Book the visits"
              : `Book ${booked} ${booked === 1 ? "visit" : "visits"}${later.length ? ` now, ${later.length} later` : ""}`}
          </SubmitButton>
        </Form>
      )}
    </Section>
  );
}
