import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { cn } from "./cn";

/** A white panel on the canvas: the unit of grouping on every screen. */
export function Card({ className, ...rest }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-card border border-line bg-surface p-5 shadow-card", className)} {...rest} />
  );
}

/**
 * A titled card that is a landmark-free `<section>` labelled by its heading, so screen-reader users can
 * jump between sections by heading. `actions` sit to the right of the title (below it on phones).
 */
export function Section({
  title,
  count,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
  plain = false,
  dense = false,
}: {
  title: ReactNode;
  /** How many the section lists, after the title: "All teams (4)". */
  count?: number;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  /** No card around it: a heading and content on the canvas. */
  plain?: boolean;
  /** A tool panel above denser content: less padding, a smaller title. */
  dense?: boolean;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={cn(!plain && cardClass, !plain && dense && "p-4", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading
            id={id}
            className={headingLevel === 2 && !dense ? "text-lg font-semibold" : "text-base font-semibold"}
          >
            {title}
            {count !== undefined && <span className="font-normal text-ink-muted"> ({count})</span>}
          </Heading>
          {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A page's title, its one-line purpose and its primary actions. */
export function PageHeader({
  title,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 max-w-3xl text-ink-muted">{description}</p>}
        {children}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** A card holding a list, one row per item, divided by rules (`<ol className={cn(cardListClass, …)}>`). */
export const cardListClass = "divide-y divide-line rounded-card border border-line bg-surface";

/** The classes of `Card`, for an element that must be something else (a `<section>`, an `<li>`). */
export const cardClass = "rounded-card border border-line bg-surface p-5 shadow-card";
