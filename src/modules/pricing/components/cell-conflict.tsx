"use client";

import { Button } from "@/components/ui/button";

/**
 * Under a cell someone else changed meanwhile: what it holds now, and the choice to take their value
 * (saving again instead overwrites it knowingly).
 */
export function CellConflict(props: {
  id: string;
  message: string;
  label: string;
  onKeepTheirs: () => void;
}) {
  return (
    <div className="mt-1 max-w-56 text-xs text-warning">
      <p id={props.id}>{props.message}</p>
      <Button
        variant="link"
        onClick={props.onKeepTheirs}
        className="mt-1 text-xs text-warning hover:text-warning"
      >
        Keep their value<span className="sr-only"> for {props.label}</span>
      </Button>
    </div>
  );
}
