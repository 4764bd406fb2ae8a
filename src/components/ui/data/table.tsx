import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { type SearchParamsInput, type SortState, sortHref } from "@/components/ui/data/url";

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

// A table that stays a table on every screen: a price's lines, a receipt, a report, a grid. Its cells
// are the plain ones below (a ruled row, padded cells, money right-aligned in tabular figures); a table
// that may be wider than a phone goes in a `ScrollRegion`.

/**
 * Scrolls its table sideways when it is wider than the screen. Focusable and named, so a keyboard can
 * scroll it too and a screen reader says what it holds.
 */
export function ScrollRegion({
  label,
  role = "region",
  className,
  children,
}: {
  label: string;
  /** `group` where the page already has its landmarks and this is one panel among several. */
  role?: "region" | "group";
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} aria-label={label} tabIndex={0} className={cn("overflow-x-auto", className)}>
      {children}
    </div>
  );
}

export function PlainTable({
  caption,
  captionHidden = true,
  className,
  children,
  ...rest
}: Omit<ComponentProps<"table">, "className" | "children"> & {
  /** Names the table (left out only where `aria-labelledby` names it by a heading). */
  caption?: ReactNode;
  captionHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={cn("w-full text-sm", className)} {...rest}>
      {caption && (
        <caption className={captionHidden ? "sr-only" : "mb-2 text-left font-semibold"}>{caption}</caption>
      )}
      {children}
    </table>
  );
}

/** The header row; `hidden` keeps it for screen readers only (the cells say what they are). */
export function PlainHead({
  hidden = false,
  className,
  children,
}: {
  hidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <thead className={hidden ? "sr-only" : undefined}>
      <tr className={hidden ? undefined : cn("border-b border-line text-left text-ink-muted", className)}>
        {children}
      </tr>
    </thead>
  );
}

/** A column's header; `numeric` right-aligns it over money and counts. */
export function PlainTh({
  numeric = false,
  className,
  ...rest
}: Omit<ComponentProps<"th">, "scope"> & { numeric?: boolean }) {
  return <th scope="col" className={cn("py-2 font-medium", numeric && "text-right", className)} {...rest} />;
}

/** A row's header (the item a line is about, "Total"). */
export function PlainRowTh({ className, ...rest }: Omit<ComponentProps<"th">, "scope">) {
  return <th scope="row" className={cn("py-2 text-left", className)} {...rest} />;
}

/** A ruled row. */
export function PlainRow({ className, ...rest }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-line", className)} {...rest} />;
}

/** A cell; `numeric`: money, durations, counts — right-aligned, tabular, kept on one line. */
export function PlainTd({
  numeric = false,
  className,
  ...rest
}: ComponentProps<"td"> & { numeric?: boolean }) {
  return (
    <td className={cn("py-2", numeric && "tabular text-right whitespace-nowrap", className)} {...rest} />
  );
}
