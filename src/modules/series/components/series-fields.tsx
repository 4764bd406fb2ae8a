"use client";

import { useState } from "react";
import { Field } from "@/components/ui/form/form-fields";
import { formatCalendarDate } from "@/lib/dates";
import { MAX_INTERVAL_WEEKS } from "../domain/series-plan";

// The repeat-booking forms' shared fields: how often, and until when.

export const EVERY = Array.from({ length: MAX_INTERVAL_WEEKS }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? "Every week" : `Every ${i + 1} weeks`,
}));

export /** A last date (up to 12 months on), or "until I end it": the date field goes when that is ticked. */
function UntilFields({
  defaultUntil,
  latest,
  openEnded: initially,
}: {
  defaultUntil: string;
  latest: string;
  openEnded: boolean;
}) {
  const [openEnded, setOpenEnded] = useState(initially);
  return (
    <div>
      {!openEnded && (
        <Field
          name="until"
          label="Until"
          type="date"
          defaultValue={defaultUntil}
          help={`Up to ${formatCalendarDate(latest)}.`}
        />
      )}
      <label className="mb-3 flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          name="openEnded"
          checked={openEnded}
          onChange={(e) => setOpenEnded(e.target.checked)}
          className="size-5 shrink-0 accent-brand"
        />
        Until I end it
      </label>
    </div>
  );
}
