import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink, buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";

// An admin list's filters: a plain GET form, so submitting puts every filter in the URL (shareable, kept
// by reload and back), and it works before JavaScript loads. The sort is carried along; the page starts
// again from 1. The export link carries the same filters.

const control = `${controlClass()} min-h-11`;

export function ListFilters({
  label,
  pathname,
  sort,
  dir,
  filtered,
  exportHref,
  actionsClassName,
  children,
}: {
  /** Names the search landmark ("Filter bookings"). */
  label: string;
  pathname: string;
  sort?: string;
  dir?: string;
  /** Any filter set: offers *Clear*. */
  filtered: boolean;
  exportHref?: string;
  /** Where the buttons' row sits in the grid (its column span). */
  actionsClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action={pathname}
      role="search"
      aria-label={label}
      className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      {sort && <input type="hidden" name="sort" value={sort} />}
      {dir && <input type="hidden" name="dir" value={dir} />}
      {children}
      <div className={cn("flex flex-wrap gap-2 sm:col-span-2 lg:justify-end", actionsClassName)}>
        <Button type="submit" variant="primary" className="flex-1 lg:flex-none">
          Filter
        </Button>
        {filtered && (
          <ButtonLink href={pathname} className="flex-1 lg:flex-none">
            Clear
          </ButtonLink>
        )}
        {/* A download, not a page: a plain link (no client-side navigation) so the browser saves it. */}
        {exportHref && (
          <a href={exportHref} download className={buttonClass({ className: "flex-1 lg:flex-none" })}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        )}
      </div>
    </form>
  );
}

/** The free-text filter, sent as `q`. */
export function FilterSearch({
  defaultValue,
  placeholder,
  className,
}: {
  defaultValue?: string;
  /** What it searches ("Name, email, phone…"). */
  placeholder: string;
  className?: string;
}) {
  return (
    <Label className={className}>
      Search
      <input
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={control}
      />
    </Label>
  );
}

/** A choice among values, or none (`any`, first). */
export function FilterSelect({
  name,
  label,
  value,
  choices,
  any = "Any",
}: {
  name: string;
  label: string;
  value: string | undefined;
  /** [value, label] pairs. */
  choices: readonly (readonly [string, string])[];
  any?: string;
}) {
  return (
    <Label>
      {label}
      <select name={name} defaultValue={value ?? ""} className={control}>
        <option value="">{any}</option>
        {choices.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </Label>
  );
}

/** A date bound of the list ("From", "To"). */
export function FilterDate({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <Label>
      {label}
      <input name={name} type="date" defaultValue={value} className={control} />
    </Label>
  );
}
