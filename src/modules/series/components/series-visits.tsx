"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { GarageDialog } from "@/modules/accounts/components/garage-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Section } from "@/components/ui/card";
import { Form, SubmitButton } from "@/components/ui/form/form";
import { Field, SelectField } from "@/components/ui/form/form-fields";
import { TextLink } from "@/components/ui/link";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import { formatCalendarDate } from "@/lib/dates";
import { changeSeriesAction, endSeriesAction, holdSeriesDateAction, pauseSeriesAction } from "../actions";
import type { SeriesPanel } from "../server/series-panel";
import { EVERY, UntilFields } from "./series-fields";

// A booking's repeat-booking panel when it is one of a series' visits (ADR 0052): the visits with their
// price and status (a paused one reads Paused), the dates the daily job couldn't hold at the usual time (choose one of
// the nearest free times, or skip), how later visits are held and paid; Change, Pause and End.

export function SeriesVisits({
  panel,
  bookingPath,
}: {
  panel: Extract<SeriesPanel, { kind: "series" }>;
  bookingPath: string;
}) {
  const rule = panel.intervalWeeks === 1 ? "every week" : `every ${panel.intervalWeeks} weeks`;
  const until = panel.openEnded ? "until you end it" : `until ${formatCalendarDate(panel.until)}`;
  return (
    <Section
      title="Repeat booking"
      className="mt-4"
      description={
        panel.active
          ? `This visit repeats ${rule} ${until}. To skip one visit, cancel that booking.`
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
              description="Every visit still to come that nothing was paid for is cancelled and its time freed, and no later visit is held. Visits already paid stay booked: cancel them from their pages. You get one email."
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
      {panel.notHeld.length > 0 && <NotHeld seriesId={panel.seriesId} dates={panel.notHeld} />}
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
            <span className="flex items-baseline gap-3">
              <span className="tabular">{v.price}</span>
              <Badge tone={v.status === "cancelled" ? "neutral" : "brand"}>{v.statusLabel}</Badge>
            </span>
          </li>
        ))}
        {panel.pausedAhead.map((d) => (
          <li key={d} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>{formatCalendarDate(d)}</span>
            <Badge tone="neutral">Paused</Badge>
          </li>
        ))}
      </ol>
      {(panel.later || panel.active) && (
        <div className="mt-3 space-y-1 text-sm text-ink-muted">
          {panel.later && <p>{panel.later}</p>}
          {panel.active && <p>{panel.payment}</p>}
        </div>
      )}
    </Section>
  );
}

/** The dates the daily job couldn't hold at the usual time: choose one of the times free now, or skip. */
function NotHeld({
  seriesId,
  dates,
}: {
  seriesId: string;
  dates: Extract<SeriesPanel, { kind: "series" }>["notHeld"];
}) {
  return (
    <div
      className="mt-3 rounded-lg border border-warning/40 bg-warning-soft/40 p-3"
      role="region"
      aria-label="Visits to choose a time for"
    >
      <h3 className="font-semibold">Choose a time</h3>
      <p className="text-sm text-ink-muted">
        Your usual time isn&apos;t free on {dates.length === 1 ? "this date" : "these dates"}. The times below
        aren&apos;t held until you choose one.
      </p>
      <ul className="mt-2 divide-y divide-line text-sm">
        {dates.map((d) => (
          <li key={d.date} className="py-2">
            <NotHeldDate seriesId={seriesId} date={d} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NotHeldDate({
  seriesId,
  date,
}: {
  seriesId: string;
  date: Extract<SeriesPanel, { kind: "series" }>["notHeld"][number];
}) {
  const [start, setStart] = useState(date.options[0]?.start ?? "");
  const name = `held-${date.date}`;
  return (
    <Form
      action={holdSeriesDateAction}
      extra={{ seriesId, date: date.date, start }}
      refreshOnSuccess
      successToast={start ? "Visit booked." : "Date skipped."}
      aria-label={`Choose a time for ${formatCalendarDate(date.date)}`}
    >
      <fieldset>
        <legend className="font-medium">
          {formatCalendarDate(date.date)}
          <span className="ml-2 font-normal text-ink-muted">{date.wanted}</span>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {date.options.map((o) => (
            <label key={o.start} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={name}
                value={o.start}
                checked={start === o.start}
                onChange={() => setStart(o.start)}
                className="size-5 accent-brand"
              />
              {o.label}
            </label>
          ))}
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value=""
              checked={start === ""}
              onChange={() => setStart("")}
              className="size-5 accent-brand"
            />
            Skip this date
          </label>
        </div>
      </fieldset>
      <SubmitButton>{start ? "Book this time" : "Skip this date"}</SubmitButton>
    </Form>
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
      description="This visit and the later ones are replaced by the new rule, each new time inside our booking calendar held for you now and the later ones as it opens. Visits already paid stay as they are; a pause from this visit on is lifted. If a new time isn't free, nothing changes and we say which dates."
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
          <UntilFields defaultUntil={change.until} latest={change.latest} openEnded={panel.openEnded} />
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
