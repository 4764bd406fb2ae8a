import Link from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { hrefWith, type SearchParamsInput } from "@/components/ui/data/url";

/**
 * "Page 2 of 7" with previous and next links that keep every other search parameter. At either end the
 * missing link is a visibly disabled, non-focusable element (`aria-disabled`), not a dead link.
 */
export function Pagination({
  page,
  pageCount,
  pathname,
  searchParams,
  param = "page",
  total,
  noun = ["result", "results"],
  className,
}: {
  page: number;
  pageCount: number;
  pathname: string;
  searchParams: SearchParamsInput;
  param?: string;
  /** The number of items across all pages, said next to the page count. */
  total?: number;
  noun?: [one: string, many: string];
  className?: string;
}) {
  if (pageCount <= 1 && total === undefined) return null;
  const href = (p: number) => hrefWith(pathname, searchParams, { [param]: p === 1 ? undefined : p });
  const edge = (enabled: boolean, target: number, label: string, icon: React.ReactNode, after: boolean) => {
    const content = after ? (
      <>
        {label}
        {icon}
      </>
    ) : (
      <>
        {icon}
        {label}
      </>
    );
    return enabled ? (
      <Link href={href(target)} className={buttonClass({ size: "sm" })} rel={after ? "next" : "prev"}>
        {content}
      </Link>
    ) : (
      <span
        aria-disabled="true"
        className={buttonClass({ size: "sm", className: "cursor-not-allowed opacity-50" })}
      >
        {content}
      </span>
    );
  };
  return (
    <nav
      aria-label="Pagination"
      className={cn("mt-4 flex flex-wrap items-center justify-between gap-3", className)}
    >
      <p className="text-sm text-ink-muted tabular">
        Page {page} of {Math.max(1, pageCount)}
        {total !== undefined && ` · ${total} ${total === 1 ? noun[0] : noun[1]}`}
      </p>
      {pageCount > 1 && (
        <div className="flex gap-2">
          {edge(page > 1, page - 1, "Previous", <ChevronLeft aria-hidden="true" className="size-4" />, false)}
          {edge(
            page < pageCount,
            page + 1,
            "Next",
            <ChevronRight aria-hidden="true" className="size-4" />,
            true,
          )}
        </div>
      )}
    </nav>
  );
}
