"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { addDays } from "@/lib/dates";
import { Button } from "./button";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A local date ("2025-03-04") with a day back and a day on either side: the slot pickers' day. The
 * arrows do nothing while the typed date is incomplete.
 */
export function DayStepper({
  date,
  onChange,
  label = "Day",
}: {
  date: string;
  onChange: (date: string) => void;
  label?: string;
}) {
  const id = useId();
  const step = (days: number) => DATE.test(date) && onChange(addDays(date, days));
  return (
    <div className="flex items-end gap-2">
      <Button type="button" size="icon" variant="secondary" onClick={() => step(-1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        <span className="sr-only">Previous day</span>
      </Button>
      <div className="min-w-0 flex-1">
        <Label htmlFor={id}>{label}</Label>
        <input
          id={id}
          type="date"
          value={date}
          onChange={(e) => onChange(e.target.value)}
          className={`${controlClass(false)} min-h-11`}
        />
      </div>
      <Button type="button" size="icon" variant="secondary" onClick={() => step(1)}>
        <ChevronRight aria-hidden="true" className="size-5" />
        <span className="sr-only">Next day</span>
      </Button>
    </div>
  );
}
