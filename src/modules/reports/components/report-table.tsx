import { TextLink } from "@/components/ui/link";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Table, TableBody, TableHead, Td, Th, Tr } from "@/components/ui/data/table";
import { cellText, type Cell, type ReportTable } from "../domain/table";

// One report as a table with its totals row and its CSV download (the same table model: the file holds
// what is shown). On phones each row is a card whose cells say what they are.

function cellContent(cell: Cell, text: string): ReactNode {
  if (cell && typeof cell === "object")
    return (
      <TextLink href={cell.href} tone="ink" underline="hover" className="whitespace-nowrap">
        {text}
      </TextLink>
    );
  return text;
}

export function ReportTableView({
  table,
  csvHref,
  footer,
}: {
  table: ReportTable;
  csvHref: string;
  /** Under the table (the ledger's paging). */
  footer?: ReactNode;
}) {
  const headingId = `report-${table.key}`;
  const text = (row: Cell[], i: number) =>
    cellText(row[i] ?? null, table.columns[i] ?? { label: "", kind: "text" }, table.currency);
  const numeric = (i: number) => table.columns[i]?.kind !== "text";
  return (
    <section aria-labelledby={headingId} className="mt-6 break-inside-avoid-page first:mt-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {table.title}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-ink-muted">{table.description}</p>
        </div>
        {/* A download, not a page: a plain link so the browser saves it. */}
        <a
          href={csvHref}
          download
          aria-label={`Download CSV: ${table.title}`}
          className={buttonClass({ size: "sm", className: "print:hidden" })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      {table.rows.length === 0 ? (
        <EmptyState className="mt-3" title="Nothing to show">
          {table.empty}
        </EmptyState>
      ) : (
        <div className="mt-3 md:overflow-x-auto">
          <Table caption={table.title}>
            <TableHead>
              {table.columns.map((c, i) => (
                <Th key={c.label} className={numeric(i) ? "text-right" : undefined}>
                  {c.label}
                </Th>
              ))}
            </TableHead>
            <TableBody>
              {table.rows.map((row, r) => (
                <Tr key={r}>
                  {table.columns.map((c, i) => (
                    <Td
                      key={c.label}
                      label={i === 0 ? undefined : c.label}
                      numeric={numeric(i)}
                      className={
                        i === 0
                          ? "font-medium md:font-normal md:whitespace-nowrap"
                          : numeric(i)
                            ? "md:text-right md:whitespace-nowrap"
                            : undefined
                      }
                    >
                      {cellContent(row[i] ?? null, text(row, i))}
                    </Td>
                  ))}
                </Tr>
              ))}
              {table.totals && (
                <Tr className="bg-canvas font-semibold md:bg-transparent">
                  {table.columns.map((c, i) => (
                    <Td
                      key={c.label}
                      label={i === 0 ? undefined : c.label}
                      numeric={numeric(i)}
                      className={`md:border-t-2 md:border-line ${numeric(i) ? "md:text-right" : ""} ${
                        table.totals?.[i] === null && i > 0 ? "hidden md:table-cell" : ""
                      }`}
                    >
                      {table.totals?.[i] === null ? "" : text(table.totals ?? [], i)}
                    </Td>
                  ))}
                </Tr>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {footer}
    </section>
  );
}
