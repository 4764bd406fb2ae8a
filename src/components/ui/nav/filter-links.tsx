import Link from "@/components/ui/link";
import { cn } from "@/components/ui/cn";

// A list's filters as a row of links, each its own URL (?status=…), so the server reads only the shown
// filter; the current one is marked aria-current="page". A filter may carry a count (what waits for the
// admin), shown as a badge when there is any.

export type FilterLink = { value: string; label: string; href: string; count?: number };

export function FilterLinks({
  items,
  current,
  label,
  className,
}: {
  items: FilterLink[];
  current: string;
  /** Names the navigation for screen readers. */
  label: string;
  /** Its margin: below a page header by default. */
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex flex-wrap gap-2", className ?? "mt-4")}>
      {items.map((f) => (
        <Link
          key={f.value}
          href={f.href}
          aria-current={f.value === current ? "page" : undefined}
          className={`inline-flex min-h-11 items-center rounded-control border px-3 text-sm font-medium ${
            f.value === current
              ? "border-brand bg-brand-soft text-brand-ink"
              : "border-line bg-surface text-ink hover:bg-canvas"
          }`}
        >
          {f.label}
          {f.count !== undefined && f.count > 0 && (
            <span className="ml-2 rounded-full bg-brand px-2 text-xs font-semibold text-white tabular">
              {f.count}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}
