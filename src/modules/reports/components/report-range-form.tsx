import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";
import { RANGE_PRESET_LABELS, RANGE_PRESETS, type RangeFieldErrors, type RangePreset } from "../domain/range";

// The range picker: a plain GET form (the range lives in the URL: shareable, kept by reload and back,
// works before JavaScript loads). A preset ignores the dates; "Custom dates" uses them.

export function ReportRangeForm({
  pathname,
  preset,
  from,
  to,
  errors = {},
  submitLabel = "Show reports",
  label = "Report dates",
  hidden,
}: {
  pathname: string;
  preset: RangePreset;
  from: string;
  to: string;
  errors?: RangeFieldErrors;
  /** The button's words ("Show reports", "Show charts"). */
  submitLabel?: string;
  /** The form's accessible name. */
  label?: string;
  /** Other parameters the form keeps (the open tab). */
  hidden?: Record<string, string>;
}) {
  const date = (name: "from" | "to", label: string, value: string) => {
    const error = errors[name];
    return (
      <div>
        <Label htmlFor={`range-${name}`}>{label}</Label>
        <input
          id={`range-${name}`}
          name={name}
          type="date"
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `range-${name}-error` : `range-dates-help`}
          className={`${controlClass(!!error)} min-h-11`}
        />
        {error && (
          <p id={`range-${name}-error`} className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form
      method="get"
      action={pathname}
      aria-label={label}
      className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,14rem))_auto] lg:items-start print:hidden"
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <Label htmlFor="range-preset">Period</Label>
        <select id="range-preset" name="range" defaultValue={preset} className={`${controlClass()} min-h-11`}>
          {RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {RANGE_PRESET_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {date("from", "First date", from)}
      {date("to", "Last date", to)}
      <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <Button type="submit" variant="primary">
          {submitLabel}
        </Button>
      </div>
      <p id="range-dates-help" className="text-sm text-ink-muted sm:col-span-2 lg:col-span-4">
        The dates are used with “Custom dates”, at most three years apart, both included.
      </p>
    </form>
  );
}
