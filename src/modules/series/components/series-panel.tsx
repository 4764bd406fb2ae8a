"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { GarageDialog } from "@/modules/accounts/components/garage-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Section } from "@/components/ui/card";
import { Form, type FormResult, SubmitButton } from "@/components/ui/form/form";
import { Field, SelectField } from "@/components/ui/form/form-fields";
import { TextLink } from "@/components/ui/link";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { formatCalendarDate, formatTime } from "@/lib/dates";
import {
  changeSeriesAction,
  createSeriesAction,
  endSeriesAction,
  pauseSeriesAction,
  planSeriesAction,
} from "../actions";
import { MAX_INTERVAL_WEEKS, MAX_OCCURRENCES } from "../domain/series-plan";
import type { SeriesPanel } from "../server/series-panel";

// A booking's "Repeat this booking" panel (issue 31, ADR 0052), on the customer's and the admin's booking
// pages: choose how often and until when, check the dates (each at this visit's time, or the nearest free
// times that day, or skip), book them all at once. On a booking in a series: its visits, and End.

type PlannedShown = { date: string; start: string | null; fits: boolean; alternatives: string[] };
type PlanShown = { intervalWeeks: number; until: string; occurrences: PlannedShown[]; cut: boolean };

const EVERY = Array.from({ length: MAX_INTERVAL_WEEKS }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? "Every week" : `Every ${i + 1} weeks`,
}));

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

function SeriesVisits({
  panel,
  bookingPath,
}: {
  panel: Extract<SeriesPanel, { kind: "series" }>;
  bookingPath: string;
}) {
  const rule = panel.intervalWeeks === 1 ? "every week" : `every ${panel.intervalWeeks} weeks`;
  return (
    <Section
      title="Repeat booking"
      className="mt-4"
      description={
        panel.active
          ? `This visit repeats ${rule} until ${formatCalendarDate(panel.until)}. To skip one visit, cancel that booking.`
          : "This repeat booking has ended."
      }
      actions={
        panel.active ? (
          <div className="flex flex-wrap gap-2">
            {panel.changeFrom && <ChangeButton panel={panel} change={panel.changeFrom} />}
            <PauseButton seriesId={panel.seriesId} />
            <ConfirmActionButton
              action={endSeriesAction}
              input={{ seriesId: panel.seriesId }}
              title="End the repeat booking?"
              description="Every visit still to come that nothing was paid for is cancelled and its time freed. Visits already paid stay booked: cancel them from their pages. You get one email."
              confirmLabel="End the repeat booking"
              cancelLabel="Keep it"
              successToast="Repeat booking ended."
            >
              End the repeat booking
            </ConfirmActionButton>
          </div>
        ) : null
      }
    >
      <ol className="mt-3 divide-y divide-line text-sm">
        {panel.visits.map((v) => (
          <li key={v.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              {v.current ? (
                <span className="font-semibold">{v.when} (this visit)</span>
              ) : (
                <TextLink href={`${bookingPath}${v.id}`} underline="hover" weight="normal">
                  {v.when}
                </TextLink>
              )}
              <span className="block text-ink-subtle tabular">{v.reference}</span>
            </span>
            <Badge tone={v.status === "cancelled" ? "neutral" : "brand"}>{v.statusLabel}</Badge>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A new interval, time or last date from this visit on: its visits and the later ones are replaced. */
function ChangeButton({
  panel,
  change,
}: {
  panel: Extract<SeriesPanel, { kind: "series" }>;
  change: { time: string; until: string; latest: string };
}) {
  const [open, setOpen] = useState(false);
  const current = panel.visits.find((v) => v.current);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Change from this visit"
      description="This visit and the later ones are replaced by the new rule, each new time held for you now. Visits already paid stay as they are. If a new time isn't free, nothing changes and we say which dates."
      trigger={
        <Button variant="secondary" size="sm">
          Change
        </Button>
      }
    >
      <Form
        action={changeSeriesAction}
        extra={{ seriesId: panel.seriesId, fromBookingId: current?.id }}
        followRedirect
        successToast="Repeat booking changed."
        onSuccess={() => setOpen(false)}
        aria-label="Change the repeat booking"
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField
            name="intervalWeeks"
            label="How often"
            options={EVERY}
            defaultValue={String(panel.intervalWeeks)}
          />
          <Field name="time" label="Time" type="time" defaultValue={change.time} />
          <Field
            name="until"
            label="Until"
            type="date"
            defaultValue={change.until}
            help={`Up to ${formatCalendarDate(change.latest)}.`}
          />
        </div>
        <SubmitButton>Change the visits</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** Pause between two dates (a holiday): the visits in between are cancelled, the ones after stay. */
function PauseButton({ seriesId }: { seriesId: string }) {
  return (
    <GarageDialog
      trigger="Pause"
      title="Pause the repeat booking"
      description="The visits between these dates are cancelled and their time freed; the ones after stay booked. Visits already paid stay booked: cancel them from their pages."
      action={pauseSeriesAction}
      extra={{ seriesId }}
      submitLabel="Pause these visits"
      successToast="Repeat booking paused."
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="from" label="From" type="date" />
        <Field name="until" label="Until" type="date" />
      </div>
    </GarageDialog>
  );
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
  // Per date: the chosen start (ISO), or "" to skip it.
  const [choices, setChoices] = useState<Record<string, string>>({});

  const check = async (values: Record<string, unknown>): Promise<FormResult> => {
    const res = await planSeriesAction({ ...values, bookingId });
    if (res.ok) {
      const p = res.data as PlanShown;
      setPlan(p);
      setChoices(Object.fromEntries(p.occurrences.map((o) => [o.date, o.fits && o.start ? o.start : ""])));
    }
    return res;
  };
  const booked = plan ? plan.occurrences.filter((o) => choices[o.date]).length : 0;
  const time = (iso: string) => formatTime(new Date(iso), timeZone);

  return (
    <Section
      title="Repeat this booking"
      className="mt-4"
      description="The same visit every few weeks, each time held for you now. You can skip a visit or stop at any time."
    >
      <Form action={check} aria-label="Repeat settings" className="mt-3">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectField name="intervalWeeks" label="How often" options={EVERY} defaultValue="2" />
          <Field
            name="until"
            label="Until"
            type="date"
            defaultValue={panel.defaultUntil}
            help={`Up to ${formatCalendarDate(panel.latest)}.`}
          />
        </div>
        <SubmitButton>Check the dates</SubmitButton>
      </Form>

      {plan && (
        <Form
          action={createSeriesAction}
          extra={{
            bookingId,
            intervalWeeks: plan.intervalWeeks,
            until: plan.until,
            choices: plan.occurrences.map((o) => ({ date: o.date, start: choices[o.date] ?? "" })),
          }}
          refreshOnSuccess
          successToast={`${booked} ${booked === 1 ? "visit" : "visits"} booked.`}
          aria-label="Visits to book"
          className="mt-4"
        >
          <h3 className="font-semibold">
            {plan.occurrences.length} {plan.occurrences.length === 1 ? "date" : "dates"} until{" "}
            {formatCalendarDate(plan.until)}
          </h3>
          {plan.cut && (
            <p className="text-sm text-ink-muted">
              One repeat booking makes at most {MAX_OCCURRENCES} visits: these are the first {MAX_OCCURRENCES}
              .
            </p>
          )}
          <ol className="mt-2 divide-y divide-line text-sm">
            {plan.occurrences.map((o) => {
              const label = formatCalendarDate(o.date);
              const name = `visit-${o.date}`;
              const options = o.fits && o.start ? [o.start] : o.alternatives;
              return (
                <li key={o.date} className="py-2">
                  <fieldset>
                    <legend className="font-medium">
                      {label}
                      {!o.fits && (
                        <span className="ml-2 font-normal text-ink-muted">
                          {o.start ? `${time(o.start)} isn't free` : "this time doesn't exist that day"}
                          {o.alternatives.length
                            ? " — the nearest free times:"
                            : " — no other time is free that day."}
                        </span>
                      )}
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
          </ol>
          <SubmitButton>
            {booked === 0 ? "Book the visits" : `Book ${booked} ${booked === 1 ? "visit" : "visits"}`}
          </SubmitButton>
        </Form>
      )}
    </Section>
  );
}
