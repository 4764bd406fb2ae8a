"use client";

import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { DAY_MINUTES, MAX_RANGES_PER_DAY, parseTimeInput, toTimeInputValue } from "@/lib/time-ranges";

export type RangeDraft = { key: number; opens: string; closes: string };

let nextKey = 0;
export const newKey = () => ++nextKey;

export const toDrafts = (ranges: readonly { opens: number; closes: number }[]): RangeDraft[] =>
  ranges.map((r) => ({
    key: newKey(),
    opens: toTimeInputValue(r.opens),
    closes: toTimeInputValue(r.closes),
  }));

/** Whether two drafts hold the same ranges, whatever their order or how the times were typed. */
export function sameDrafts(a: readonly RangeDraft[], b: readonly RangeDraft[]): boolean {
  const norm = (list: readonly RangeDraft[]) =>
    list
      .map((r) => {
        const o = parseTimeInput(r.opens, "opens");
        const c = parseTimeInput(r.closes, "closes");
        return o.ok && c.ok ? `${o.minutes}-${c.minutes}` : `${r.opens}|${r.closes}`;
      })
      .sort()
      .join(",");
  return norm(a) === norm(b);
}

/** A sensible next range: an hour after the last one closes, for two hours (or 09:00–17:00 on an empty day). */
function suggestRange(ranges: readonly RangeDraft[]): RangeDraft {
  const last = ranges[ranges.length - 1];
  const closes = last ? parseTimeInput(last.closes, "closes") : null;
  if (!closes?.ok) return { key: newKey(), opens: "09:00", closes: "17:00" };
  const opens = Math.min(closes.minutes + 60, DAY_MINUTES - 60);
  return {
    key: newKey(),
    opens: toTimeInputValue(opens),
    closes: toTimeInputValue(Math.min(opens + 120, DAY_MINUTES)),
  };
}

const timeInput = `${controlClass()} min-h-11 tabular`;
const smallButton = buttonClass({ size: "sm", className: "min-w-11 gap-1" });

/**
 * A day's opening ranges as pairs of time inputs (5-minute steps), each labelled "Monday, range 1, opens"
 * for screen readers. Errors are keyed like the server's: `ranges.0.closes`.
 */
export function HoursRangesEditor({
  label,
  ranges,
  onChange,
  errors,
  disabled,
  emptyText = "Closed",
}: {
  /** The day, as it is read out in every label: "Monday" or "Thursday 25 December 2026". */
  label: string;
  ranges: RangeDraft[];
  onChange: (ranges: RangeDraft[]) => void;
  errors: Record<string, string[]>;
  disabled?: boolean;
  emptyText?: string;
}) {
  const id = useId();
  const set = (key: number, field: "opens" | "closes", value: string) =>
    onChange(ranges.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const listError = errors.ranges?.[0];

  return (
    <div>
      {ranges.length === 0 ? (
        <p className="flex min-h-11 items-center font-medium text-ink-muted">{emptyText}</p>
      ) : (
        <ol className="space-y-2">
          {ranges.map((r, i) => (
            <li key={r.key} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              {(["opens", "closes"] as const).map((field) => {
                const error = errors[`ranges.${i}.${field}`]?.[0];
                const inputId = `${id}-${i}-${field}`;
                return (
                  <div key={field}>
                    <label htmlFor={inputId} className="block text-sm text-ink-muted">
                      <span className="sr-only">
                        {label}, range {i + 1},{" "}
                      </span>
                      <span className="capitalize">{field}</span>
                    </label>
                    <input
                      id={inputId}
                      type="time"
                      step={300}
                      value={r[field]}
                      disabled={disabled}
                      onChange={(e) => set(r.key, field, e.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${inputId}-error` : undefined}
                      className={`${timeInput} ${error ? "border-danger" : "border-line-strong"}`}
                    />
                    {error && (
                      <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <button
                type="button"
                className={`${smallButton} mt-6`}
                disabled={disabled}
                onClick={() => onChange(ranges.filter((x) => x.key !== r.key))}
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  Remove {label} range {i + 1}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {listError && <p className="mt-1 text-sm text-danger">{listError}</p>}
      {ranges.length < MAX_RANGES_PER_DAY && (
        <button
          type="button"
          className={`${smallButton} mt-2`}
          disabled={disabled}
          onClick={() => onChange([...ranges, suggestRange(ranges)])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add range<span className="sr-only"> to {label}</span>
        </button>
      )}
    </div>
  );
}
