"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { deleteOverrideAction } from "../hours-actions";
import { HoursStranded, useHoursSave } from "./hours-stranded-panel";

/**
 * Delete with an inline confirmation (not a dialog: its second step, the stranded bookings, needs the
 * room of the list); if the date's weekly hours would strand bookings, lists them first.
 */
export function HoursOverrideDelete({
  id,
  label,
  timeZone,
  holiday,
}: {
  id: string;
  label: string;
  timeZone: string;
  /** The public holiday on this date, if any: deleting closes it rather than giving it its weekly hours. */
  holiday?: string;
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
          <span className="text-danger">
            Delete {label}?{" "}
            {holiday ? `It is closed again for ${holiday}.` : "It goes back to its weekly hours."}
          </span>
          <Button variant="danger" size="sm" pending={hours.pending} onClick={() => hours.save({ id })}>
            Delete
          </Button>
          <Button size="sm" disabled={hours.pending} onClick={() => setAsking(false)}>
            Keep
          </Button>
        </div>
      ) : (
        !hours.stranded && (
          <Button variant="danger-outline" size="sm" onClick={() => setAsking(true)}>
            Delete<span className="sr-only"> {label}</span>
          </Button>
        )
      )}
      {hours.message?.kind === "error" && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {hours.message.text}
        </p>
      )}
      <HoursStranded
        hours={hours}
        timeZone={timeZone}
        confirmLabel="Delete anyway"
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
