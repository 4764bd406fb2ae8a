"use client";

import { useId } from "react";
import { cn } from "@/components/ui/cn";
import type { CellField } from "../domain/price-grid-state";
import { CellConflict } from "./cell-conflict";

export type PriceCellProps = {
  serviceName: string;
  sizeName: string;
  value: { price: string; duration: string };
  changed: boolean;
  priceError?: string;
  durationError?: string;
  conflict?: string;
  symbol: string;
  /** The grid's shared hint ("leave both empty if not offered"). */
  hintId: string;
  /** Side by side (one service's sizes as rows) rather than stacked (the full grid). */
  inline?: boolean;
  onEdit: (field: CellField, value: string) => void;
  onKeepTheirs: () => void;
};

const input =
  "block min-h-11 w-full rounded-control border bg-surface text-base tabular shadow-none focus:border-brand sm:text-sm";

/** One service × size: its price and minutes, with their errors, a conflict, and "unsaved" said aloud. */
export function PriceCell(props: PriceCellProps) {
  const id = useId();
  const label = `${props.serviceName}, ${props.sizeName}`;
  const describe = (error: string | undefined, which: CellField) =>
    [
      error ? `${id}-${which}-error` : null,
      props.conflict ? `${id}-conflict` : null,
      props.changed ? `${id}-changed` : null,
      props.hintId,
    ]
      .filter(Boolean)
      .join(" ");
  return (
    <td
      className={cn(
        "border-b border-line px-2 py-2 align-top",
        props.conflict ? "bg-warning-soft" : props.changed && "bg-brand-soft",
        props.changed && "border-l-4 border-l-brand",
      )}
    >
      <div className={props.inline ? "flex flex-wrap gap-2" : "flex w-28 flex-col gap-1.5"}>
        <div className={cn("relative", props.inline && "w-32")}>
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-ink-muted"
          >
            {props.symbol}
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-label={`${label} — price`}
            aria-invalid={props.priceError ? true : undefined}
            aria-describedby={describe(props.priceError, "price")}
            data-conflict={props.conflict ? true : undefined}
            value={props.value.price}
            placeholder="–"
            onChange={(e) => props.onEdit("price", e.target.value)}
            className={cn(
              input,
              "pr-2",
              props.symbol.length > 1 ? "pl-11" : "pl-6",
              props.priceError ? "border-danger" : "border-line-strong",
            )}
          />
        </div>
        <div className={cn("relative", props.inline && "w-28")}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-label={`${label} — minutes`}
            aria-invalid={props.durationError ? true : undefined}
            aria-describedby={describe(props.durationError, "duration")}
            value={props.value.duration}
            placeholder="–"
            onChange={(e) => props.onEdit("duration", e.target.value)}
            className={cn(
              input,
              "pr-10 pl-2.5",
              props.durationError ? "border-danger" : "border-line-strong",
            )}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-ink-muted"
          >
            min
          </span>
        </div>
      </div>
      {props.changed && (
        <span id={`${id}-changed`} className="sr-only">
          Unsaved change.
        </span>
      )}
      {props.priceError && (
        <p id={`${id}-price-error`} className="mt-1 max-w-56 text-xs text-danger">
          {props.priceError}
        </p>
      )}
      {props.durationError && (
        <p id={`${id}-duration-error`} className="mt-1 max-w-56 text-xs text-danger">
          {props.durationError}
        </p>
      )}
      {props.conflict && (
        <CellConflict
          id={`${id}-conflict`}
          message={props.conflict}
          label={label}
          onKeepTheirs={props.onKeepTheirs}
        />
      )}
    </td>
  );
}
