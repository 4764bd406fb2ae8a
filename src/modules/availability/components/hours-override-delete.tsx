"use client";

import { useState } from "react";
import { deleteOverrideAction } from "../hours-actions";
import { HoursStrandedPanel, useHoursSave } from "./hours-stranded-panel";

const base =
  "inline-flex min-h-11 items-center justify-center rounded-control border border-line-strong bg-surface px-3 text-sm font-medium disabled:opacity-50";
const button = `${base} text-danger hover:bg-danger-soft`;
const keepButton = `${base} hover:bg-canvas`;

/** Delete with an inline confirmation; if the date's weekly hours would strand bookings, lists them first. */
export function HoursOverrideDelete({
  id,
  label,
  timeZone,
}: {
  id: string;
  label: string;
  timeZone: string;
}) {
  const [asking, setAsking] = useState(false);
  const hours = useHoursSave<{ id: string }>(deleteOverrideAction);

  return (
    <div className="flex flex-col items-start gap-2">
      {asking && !hours.stranded ? (
        <div
          role="group"
          aria-label={`Delete ${label}?`}
          className="flex flex-wrap items-center gap-2 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm"
        >
          <span className="text-danger">Delete {label}? It goes back to its weekly hours.</span>
          <button
            type="button"
            className="min-h-11 rounded-control bg-danger px-3 font-semibold text-white disabled:opacity-70"
            disabled={hours.pending}
            onClick={() => hours.save({ id })}
          >
            Delete
          </button>
          <button
            type="button"
            className={keepButton}
            disabled={hours.pending}
            onClick={() => setAsking(false)}
          >
            Keep
          </button>
        </div>
      ) : (
        !hours.stranded && (
          <button type="button" className={button} onClick={() => setAsking(true)}>
            Delete<span className="sr-only"> {label}</span>
          </button>
        )
      )}
      {hours.message?.kind === "error" && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {hours.message.text}
        </p>
      )}
      {hours.stranded && (
        <HoursStrandedPanel
          stranded={hours.stranded}
          timeZone={timeZone}
          pending={hours.pending}
          confirmLabel="Delete anyway"
          onCancel={() => {
            hours.cancel();
            setAsking(false);
          }}
          onConfirm={() => void hours.saveAnyway()}
        />
      )}
    </div>
  );
}
