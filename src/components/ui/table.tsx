import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cn } from "./cn";
import { type SearchParamsInput, type SortState, sortHref } from "./url";

// An admin table that becomes a list of cards below the md breakpoint (a phone at 390 px): the header
// row is hidden there and each cell says what it is with its `label`. Semantics stay a real table, so
// screen readers announce headers on desktop and read the label on phones.

export function Table({
  caption,
  captionHidden = true,
  className,
  children,
}: {
  /** Names the table for screen readers (and on screen unless `captionHidden`). */
  caption: ReactNode;
  captionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={cn("w-full border-separate border-spacing-0 text-sm", className)}>
      <caption className={captionHidden ? "sr-only" : "mb-2 text-left font-semibold"}>{caption}</caption>
      {children}
    </table>
  );
}

/** The header row; hidden on phones, where each cell carries its own label. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="hidden md:table-header-group">
      <tr className="text-left text-ink-muted">{children}</tr>
    </thead>
  );
}

const thClass = "sticky top-0 z-10 border-b border-line bg-canvas px-3 py-2 font-medium";

export function Th({
  children,
  hidden = false,
  className,
}: {
  children: ReactNode;
  /** A column without a visible title (row actions): still named for screen readers. */
  hidden?: boolean;
  className?: string;
}) {
  return (
    <th scope="col" className={cn(thClass, className)}>
      {hidden ? <span className="sr-only">{children}</span> : children}
    </th>
  );
}

/**
 * A column header that sorts by a link (works without JavaScript, shareable, keeps the other search
 * parameters). `aria-sort` tells screen readers which column orders the table.
 */
export function SortableTh({
  children,
  sortKey,
  sort,
  pathname,
  searchParams,
  className,
}: {
  children: ReactNode;
  sortKey: string;
  sort: SortState | null;
  pathname: string;
  searchParams: SearchParamsInput;
  className?: string;
}) {
  const active = sort?.key === sortKey ? sort.direction : null;
  const Icon = active === "asc" ? ArrowUp : active === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active === "asc" ? "ascending" : active === "desc" ? "descending" : "none"}
      className={cn(thClass, "py-0", className)}
    >
      <Link
        href={sortHref(pathname, searchParams, sortKey, sort)}
        className={cn(
          "-mx-1 inline-flex min-h-11 items-center gap-1 rounded-control px-1 hover:text-ink",
          active && "font-semibold text-ink",
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn("size-3.5", !active && "opacity-50")} />
      </Link>
    </th>
  );
}

export function TableBody({ children }: { children: ReactNode }) {
  return <tbody>{children}</tbody>;
}

/** A row: a table row on desktop, a card on phones. */
export function Tr({ className, ...rest }: ComponentProps<"tr">) {
  return (
    <tr
      className={cn(
        "mb-3 block rounded-card border border-line bg-surface p-4 md:mb-0 md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:hover:bg-surface",
        className,
      )}
      {...rest}
    />
  );
}

export function Td({
  label,
  children,
  className,
  numeric = false,
}: {
  /** Said before the value on phones, where the header row is hidden ("Price: £45.00"). */
  label?: string;
  children?: ReactNode;
  className?: string;
  /** Money, durations, counts: tabular figures. */
  numeric?: boolean;
}) {
  return (
    <td
      className={cn(
        "block py-0.5 md:table-cell md:border-b md:border-line md:px-3 md:py-3",
        numeric && "tabular",
        className,
      )}
    >
      {label && <span className="text-ink-muted md:sr-only">{label}: </span>}
      {children}
    </td>
  );
}
