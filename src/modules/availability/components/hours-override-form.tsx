"use client";

import { controlClass } from "@/components/ui/form/control";
import { buttonClass } from "@/components/ui/button";
import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Notice } from "@/components/ui/notice";
import { Label, Legend } from "@/components/ui/form/label";
import { saveOverrideAction } from "../hours-actions";
import type { AdminOverride } from "../server/hours";
import { HoursRangesEditor, type RangeDraft, toDrafts } from "./hours-ranges-editor";
import { HoursStranded, useHoursSave } from "./hours-stranded-panel";

type OverrideDraft = {
  id?: string;
  date: string;
  isClosed: boolean;
  ranges: { opens: string; closes: string }[];
  note: string;
};

const control = `${controlClass()} min-h-11`;

/**
 * Adds a date with its own hours (closed all day, or special ranges) or edits one. A change that
 * would leave bookings outside the date's hours lists them first and saves only on "Save anyway".
 */
export function HoursOverrideForm({
  override,
  dateLabel,
  today,
  timeZone,
}: {
  /** Absent: the "add a date" form. */
  override?: AdminOverride;
  /** The override's date in words ("Thursday 25 December 2026"), for labels. */
  dateLabel?: string;
  /** The business's local date: earlier dates can't be chosen. */
  today: string;
  timeZone: string;
}) {
  const id = useId();
  const [date, setDate] = useState(override?.date ?? "");
  const [isClosed, setIsClosed] = useState(override?.isClosed ?? true);
  const [ranges, setRanges] = useState<RangeDraft[]>(() =>
    toDrafts(override && !override.isClosed ? override.ranges : [{ opens: 9 * 60, closes: 17 * 60 }]),
  );
  const [note, setNote] = useState(override?.note ?? "");
  const hours = useHoursSave<OverrideDraft>(saveOverrideAction);
  const locked = hours.pending || hours.stranded !== null;
  const label = override ? `Edit ${dateLabel ?? override.date}` : "Add a date";

  function reset() {
    if (override) return;
    setDate("");
    setIsClosed(true);
    setNote("");
    setRanges(toDrafts([{ opens: 9 * 60, closes: 17 * 60 }]));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const ok = await hours.save({
      ...(override ? { id: override.id } : {}),
      date,
      isClosed,
      ranges: isClosed ? [] : ranges.map(({ opens, closes }) => ({ opens, closes })),
      note,
    });
    if (ok) reset();
  }

  const fieldError = (name: string) => hours.errors[name]?.[0];
  const dateError = fieldError("date");
  const noteError = fieldError("note");

  return (
    <div>
      <form noValidate onSubmit={submit} aria-label={label} className="max-w-xl">
        <div aria-live="polite">
          {hours.message && (
            <Notice kind={hours.message.kind} className="mb-4">
              {hours.message.text}
            </Notice>
          )}
        </div>
        <div className="mb-4 max-w-xs">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            value={date}
            disabled={locked}
            onChange={(e) => setDate(e.target.value)}
            aria-required="true"
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            className={`${control} ${dateError ? "border-danger" : "border-line-strong"}`}
          />
          {dateError && (
            <p id={`${id}-date-error`} className="mt-1 text-sm text-danger">
              {dateError}
            </p>
          )}
        </div>
        <fieldset className="mb-4">
          <Legend>Hours on this date</Legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {[
              { value: true, text: "Closed all day" },
              { value: false, text: "Special opening hours" },
            ].map((o) => (
              <label key={o.text} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-closed`}
                  checked={isClosed === o.value}
                  disabled={locked}
                  onChange={() => setIsClosed(o.value)}
                  className="size-5 accent-brand"
                />
                {o.text}
              </label>
            ))}
          </div>
        </fieldset>
        {!isClosed && (
          <div className="mb-4">
            <p className="mb-1 text-sm text-ink-muted">
              These replace the weekly hours on this date. Times are in {timeZone}.
            </p>
            <HoursRangesEditor
              label={override && date === override.date && dateLabel ? dateLabel : date || "Special hours"}
              ranges={ranges}
              onChange={(next) => {
                setRanges(next);
                hours.reset();
              }}
              errors={hours.errors}
              disabled={locked}
              emptyText="No ranges: add one, or choose “Closed all day”."
            />
          </div>
        )}
        <div className="mb-4">
          <Label htmlFor={`${id}-note`}>
            Note <span className="font-normal text-ink-muted">(optional)</span>
          </Label>
          <input
            id={`${id}-note`}
            type="text"
            value={note}
            maxLength={200}
            autoComplete="off"
            disabled={locked}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${id}-note-help${noteError ? ` ${id}-note-error` : ""}`}
            aria-invalid={noteError ? true : undefined}
            className={`${control} ${noteError ? "border-danger" : "border-line-strong"}`}
          />
          <p id={`${id}-note-help`} className="mt-1 text-sm text-ink-muted">
            For your own reference, e.g. Bank holiday.
          </p>
          {noteError && (
            <p id={`${id}-note-error`} className="mt-1 text-sm text-danger">
              {noteError}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={locked}
          className={buttonClass({ variant: "primary", size: "lg", className: "w-full sm:w-auto" })}
        >
          {hours.pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {override ? "Save date" : "Add date"}
        </button>
      </form>
      <HoursStranded hours={hours} timeZone={timeZone} onSaved={reset} />
    </div>
  );
}
