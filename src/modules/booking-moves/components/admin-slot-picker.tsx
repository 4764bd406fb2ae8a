"use client";

import { TriangleAlert } from "lucide-react";
import { useContext, useEffect, useId, useState } from "react";
import { controlClass } from "@/components/ui/form/control";
import { DayStepper } from "@/components/ui/day-stepper";
import { FormContext } from "@/components/ui/form/form-context";
import type { FormResult } from "@/components/ui/form/form";
import { Label, Legend } from "@/components/ui/form/label";
import { Notice } from "@/components/ui/notice";
import { localToInstant } from "@/lib/dates";

// The admin's slot picker, inside a `Form` (Move on /admin/bookings/{id}, and /admin/bookings/new): one
// day's free starts for the job, in the business time zone, each with the teams free then. *Override
// availability* replaces the list with a free date, time and team, behind an explicit warning and a
// required reason; the server still refuses a real overlap and says what is in the way. The choice is
// sent as `start` (an instant), `teamId`, `override` and `reason`.

export type PickerTeam = { id: string; name: string };
export type PickerSlot = { start: string; label: string; teamIds: string[] };
export type PickerDay = {
  date: string;
  dateLabel: string;
  timeZone: string;
  teams: PickerTeam[];
  slots: PickerSlot[];
};

type Props = {
  /** Loads one local date's slots (a server action answering a `PickerDay`). */
  loadDay: (date: string) => Promise<FormResult>;
  initialDate: string;
  timeZone: string;
  teams: PickerTeam[];
  /** The booking's current time and team (a move): shown, and not offered as a choice. */
  current?: { start: string; teamId: string } | null;
  /** Changes whenever the job changes (a new booking's service, size, add-ons or postcode). */
  jobKey?: string;
  /** The reason's label (what it is used for). */
  reasonLabel?: string;
  /** Ask for a reason always (optional without override), or only to override. */
  askReason?: "always" | "override";
  /** Offer *Override availability* (not for a counter-offer: it must be a time the rules allow). */
  allowOverride?: boolean;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function toInstant(date: string, time: string, timeZone: string): string {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!DATE.test(date) || !m) return "";
  const instant = localToInstant(date, Number(m[1]) * 60 + Number(m[2]), timeZone);
  return instant ? instant.toISOString() : "";
}

export function AdminSlotPicker({
  loadDay,
  initialDate,
  timeZone,
  teams,
  current,
  jobKey = "",
  reasonLabel = "Reason",
  askReason = "override",
  allowOverride = true,
}: Props) {
  const id = useId();
  const { fieldErrors } = useContext(FormContext);
  const [date, setDate] = useState(initialDate);
  // What was loaded, for which day and job: anything else on screen is still loading.
  const [loaded, setLoaded] = useState<{ key: string; day: PickerDay | null; error: string | null } | null>(
    null,
  );
  const [picked, setPicked] = useState<{ key: string; start: string; teamId: string } | null>(null);
  const [override, setOverride] = useState(false);
  const [oDate, setODate] = useState(initialDate);
  const [oTime, setOTime] = useState("09:00");
  const [oTeam, setOTeam] = useState(teams[0]?.id ?? "");
  const key = `${date}|${jobKey}`;

  useEffect(() => {
    if (override || !DATE.test(date)) return;
    let live = true;
    const k = `${date}|${jobKey}`;
    loadDay(date).then(
      (res) => {
        if (!live) return;
        if (res.ok) setLoaded({ key: k, day: res.data as PickerDay, error: null });
        else setLoaded({ key: k, day: null, error: res.message });
      },
      () => {
        if (live)
          setLoaded({
            key: k,
            day: null,
            error: "We couldn't load the times. Check your connection and try again.",
          });
      },
    );
    return () => {
      live = false;
    };
    // loadDay is a new function on each render of a parent that binds the job into it: jobKey says when
    // the job itself changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, override, jobKey]);

  const loading = DATE.test(date) && loaded?.key !== key;
  const day = loaded?.key === key ? loaded.day : null;
  const loadError = loaded?.key === key ? loaded.error : null;
  // A choice from another day or another job is not a choice any more.
  const choice = picked?.key === key ? picked : null;
  const setChoice = (c: { start: string; teamId: string }) => setPicked({ key, ...c });

  const teamName = (teamId: string) => (day?.teams ?? teams).find((t) => t.id === teamId)?.name ?? "Team";
  const start = override ? toInstant(oDate, oTime, timeZone) : (choice?.start ?? "");
  const teamId = override ? oTeam : (choice?.teamId ?? "");
  const slotError = fieldErrors.start?.[0] ?? fieldErrors.teamId?.[0];
  const reasonError = fieldErrors.reason?.[0];

  return (
    <div className="space-y-4">
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="teamId" value={teamId} />

      {!override && (
        <div>
          <DayStepper date={date} onChange={setDate} />

          <div className="mt-3" aria-live="polite" aria-busy={loading}>
            {loading && <p className="text-sm text-ink-muted">Loading the free times…</p>}
            {!loading && loadError && <Notice kind="error">{loadError}</Notice>}
            {!loading && day && day.slots.length === 0 && (
              <p className="text-sm text-ink-muted">
                No free time on {day.dateLabel} for this job. Try another day
                {allowOverride ? ", or override availability" : ""}.
              </p>
            )}
            {!loading && day && day.slots.length > 0 && (
              <fieldset>
                <Legend>
                  Free times on {day.dateLabel} ({timeZone})
                </Legend>
                <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {day.slots.map((slot) => (
                    <li key={slot.start} className="flex flex-wrap items-center gap-2">
                      <span className="w-20 shrink-0 text-sm font-semibold tabular">{slot.label}</span>
                      {slot.teamIds.map((t) => {
                        const isCurrent = current?.start === slot.start && current.teamId === t;
                        const checked = choice?.start === slot.start && choice.teamId === t;
                        return (
                          <label
                            key={t}
                            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-control border px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${
                              checked ? "border-brand bg-brand text-white" : "border-line bg-surface"
                            } ${isCurrent ? "cursor-not-allowed opacity-60" : ""}`}
                          >
                            <input
                              type="radio"
                              name={`${id}-slot`}
                              data-field="start"
                              className="sr-only"
                              checked={checked}
                              disabled={isCurrent}
                              onChange={() => setChoice({ start: slot.start, teamId: t })}
                            />
                            <span>
                              <span className="sr-only">{slot.label} with </span>
                              {teamName(t)}
                              {isCurrent && " (now)"}
                            </span>
                          </label>
                        );
                      })}
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
          </div>
        </div>
      )}

      {allowOverride && (
        <div>
          <OverrideCheckbox checked={override} onChange={setOverride} />
        </div>
      )}

      {override && (
        <div className="space-y-3 rounded-control border border-warning/40 bg-warning-soft/40 p-3">
          <p role="status" className="flex gap-2 text-sm text-warning">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Overriding ignores working hours, buffers, the notice period and the booking horizon. A real
              overlap with another booking or a block is still refused. Your reason is recorded on the
              timeline and in the audit log.
            </span>
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <Label htmlFor={`${id}-odate`}>Date</Label>
              <input
                id={`${id}-odate`}
                type="date"
                value={oDate}
                onChange={(e) => setODate(e.target.value)}
                className={`${controlClass(false)} min-h-11`}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-otime`}>Start time ({timeZone})</Label>
              <input
                id={`${id}-otime`}
                type="time"
                step={300}
                value={oTime}
                onChange={(e) => setOTime(e.target.value)}
                className={`${controlClass(false)} min-h-11`}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-oteam`}>Team</Label>
              <select
                id={`${id}-oteam`}
                value={oTeam}
                onChange={(e) => setOTeam(e.target.value)}
                className={`${controlClass(false)} min-h-11`}
              >
                {teams.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
      )}

      {(override || askReason === "always") && (
        <div>
          <Label htmlFor={`${id}-reason`}>
            {reasonLabel}
            {override ? (
              <span className="font-normal text-ink-muted"> (required to override)</span>
            ) : (
              <span className="font-normal text-ink-muted"> (optional)</span>
            )}
          </Label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={2}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            aria-required={override || undefined}
            className={`${controlClass(Boolean(reasonError))} min-h-11`}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="mt-1 text-sm text-danger">
              {reasonError}
            </p>
          )}
        </div>
      )}

      {!override && choice && (
        <p className="text-sm" role="status">
          Chosen: {day?.slots.find((s) => s.start === choice.start)?.label} with {teamName(choice.teamId)}
          {day ? `, ${day.dateLabel}` : ""}.
        </p>
      )}
      {slotError && (
        <p className="text-sm text-danger" role="alert">
          {slotError}
        </p>
      )}
    </div>
  );
}

/** *Override availability*: the admin's way past the rules (a reason is then required). */
export function OverrideCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        name="override"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-brand"
      />
      <span className="font-medium">Override availability</span>
    </label>
  );
}
