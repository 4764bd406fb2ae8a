import { TEAM_COLOURS, teamColourName } from "../schedule-schemas";
import { Legend } from "@/components/ui/form/label";

/**
 * A team's colour as a small swatch. Drawn as SVG with a fill attribute (data, not a design token), so
 * no inline style is needed; always paired with text somewhere, never the only signal.
 */
export function TeamSwatch({ colour, className = "size-5" }: { colour: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={`shrink-0 ${className}`}>
      <rect width="20" height="20" rx="5" fill={colour} />
    </svg>
  );
}

/** The colour choice of the team forms: the accessible palette (plus the current colour if it is custom). */
export function TeamsColourField({ defaultValue, idPrefix }: { defaultValue: string; idPrefix: string }) {
  const options: { value: string; name: string }[] = [...TEAM_COLOURS];
  if (!options.some((o) => o.value === defaultValue))
    options.unshift({ value: defaultValue, name: `Current (${teamColourName(defaultValue)})` });
  return (
    <fieldset className="mb-4">
      <Legend>Colour</Legend>
      <p id={`${idPrefix}-colour-help`} className="mt-1 text-sm text-ink-muted">
        Shown on the calendar beside the team&apos;s name.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="colour"
              value={o.value}
              defaultChecked={o.value === defaultValue}
              aria-describedby={`${idPrefix}-colour-help`}
              className="size-5 accent-brand"
            />
            <TeamSwatch colour={o.value} />
            {o.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
