"use client";

import { Button } from "@/components/ui/button";
import { closeHolidayAction, openHolidayAction } from "../hours-actions";
import { HoursStranded, useHoursSave } from "./hours-stranded-panel";

/** "Open anyway" (the weekday's hours on this holiday) or "Close again", with what closing would strand. */
export function HoursHolidayToggle({
  date,
  label,
  isOpen,
  timeZone,
}: {
  date: string;
  /** The holiday in words ("Christmas Day, Friday 25 December 2026"), for the button's accessible name. */
  label: string;
  isOpen: boolean;
  timeZone: string;
}) {
  const hours = useHoursSave<{ date: string }>(isOpen ? closeHolidayAction : openHolidayAction);
  const error = hours.message?.kind === "error" ? (hours.errors.date?.[0] ?? hours.message.text) : null;
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      {!hours.stranded && (
        <Button size="sm" pending={hours.pending} onClick={() => void hours.save({ date })}>
          {isOpen ? "Close again" : "Open anyway"}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
      {hours.message?.kind === "success" && (
        <p role="status" className="max-w-xs text-sm text-ink-muted">
          {hours.message.text}
        </p>
      )}
      {error && (
        <p role="alert" className="max-w-xs text-sm text-danger">
          {error}
        </p>
      )}
      <HoursStranded hours={hours} timeZone={timeZone} confirmLabel="Close anyway" />
    </div>
  );
}
