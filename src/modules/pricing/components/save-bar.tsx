"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { plural } from "../domain/price-grid-state";

/** How many changes are unsaved (announced as it changes), Discard and Save. Sticky under the full grid. */
export function SaveBar(props: {
  dirty: number;
  pending: boolean;
  compact: boolean;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const idle = props.dirty === 0;
  return (
    <div
      className={cn(
        "mt-4 flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card",
        !props.compact && "sticky bottom-2 z-30",
      )}
    >
      <p className="text-sm font-medium" aria-live="polite">
        {idle ? "No unsaved changes" : plural(props.dirty, "unsaved change", "unsaved changes")}
      </p>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button onClick={props.onDiscard} disabled={idle || props.pending} className="flex-1 sm:flex-none">
          Discard
        </Button>
        <Button
          variant="primary"
          size="lg"
          onClick={props.onSave}
          disabled={idle}
          pending={props.pending}
          className="flex-1 sm:flex-none"
        >
          {props.compact ? "Save prices" : "Save all"}
        </Button>
      </div>
    </div>
  );
}
