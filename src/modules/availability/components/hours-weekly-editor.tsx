"use client";

import { buttonClass } from "@/components/ui/button";
import { cardListClass } from "@/components/ui/card";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import { parseTimeInput, weekdayName } from "@/lib/time-ranges";
import { saveWeeklyHoursAction } from "../hours-actions";
import type { WeekdayHours } from "../server/hours";
import { HoursRangesEditor, type RangeDraft, sameDrafts, toDrafts } from "./hours-ranges-editor";
import { HoursStranded, useHoursSave } from "./hours-stranded-panel";

const primary = buttonClass({ variant: "primary" });
const secondary = buttonClass({ className: "text-sm" });

const byOpening = (ranges: RangeDraft[]) => {
  const at = (r: RangeDraft) => {
    const p = parseTimeInput(r.opens, "opens");
    return p.ok ? p.minutes : Number.POSITIVE_INFINITY;
  };
  return [...ranges].sort((a, b) => at(a) - at(b));
};

/** One weekday: its ranges, saved on their own (a change that strands bookings asks first). */
function WeekdayRow({ day, timeZone }: { day: WeekdayHours; timeZone: string }) {
  const name = weekdayName(day.weekday);
  const [saved, setSaved] = useState<RangeDraft[]>(() => toDrafts(day.ranges));
  const [draft, setDraft] = useState<RangeDraft[]>(saved);
  const hours = useHoursSave<{ weekday: number; ranges: { opens: string; closes: string }[] }>(
    saveWeeklyHoursAction,
  );
  const dirty = !sameDrafts(draft, saved);

  async function submit(event?: React.FormEvent) {
    event?.preventDefault();
    const ok = await hours.save({
      weekday: day.weekday,
      ranges: draft.map(({ opens, closes }) => ({ opens, closes })),
    });
    if (ok) markSaved();
  }
  function markSaved() {
    const sorted = byOpening(draft);
    setDraft(sorted);
    setSaved(sorted);
  }

  return (
    <li className="p-4">
      <form
        noValidate
        onSubmit={submit}
        aria-label={`${name} hours`}
        className="grid gap-3 md:grid-cols-[9rem_1fr_auto] md:items-start"
      >
        <div className="md:pt-2">
          <h3 className="font-semibold">{name}</h3>
          {dirty && <p className="text-sm text-warning">Unsaved changes</p>}
        </div>
        <HoursRangesEditor
          label={name}
          ranges={draft}
          onChange={(next) => {
            setDraft(next);
            // Messages point at ranges by position: an edit makes them stale.
            hours.reset();
          }}
          errors={hours.errors}
          disabled={hours.pending || hours.stranded !== null}
        />
        <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
          <button type="submit" className={primary} disabled={hours.pending || hours.stranded !== null}>
            {hours.pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
            Save {name}
          </button>
          {dirty && (
            <button
              type="button"
              className={secondary}
              disabled={hours.pending}
              onClick={() => {
                setDraft(saved);
                hours.reset();
              }}
            >
              Undo changes<span className="sr-only"> to {name}</span>
            </button>
          )}
        </div>
      </form>
      <div aria-live="polite">
        {hours.message && (
          <Notice kind={hours.message.kind} className="mt-3">
            {hours.message.kind === "success" ? `${name}: ${hours.message.text}` : hours.message.text}
          </Notice>
        )}
      </div>
      <HoursStranded hours={hours} timeZone={timeZone} onSaved={markSaved} />
    </li>
  );
}

/** Monday to Sunday, each with its opening ranges; a day with none is closed. */
export function HoursWeeklyEditor({ week, timeZone }: { week: WeekdayHours[]; timeZone: string }) {
  return (
    <ol className={`mt-3 ${cardListClass}`}>
      {week.map((day) => (
        <WeekdayRow key={day.weekday} day={day} timeZone={timeZone} />
      ))}
    </ol>
  );
}
