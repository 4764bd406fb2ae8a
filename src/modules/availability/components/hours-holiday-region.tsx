"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";
import { Notice } from "@/components/ui/notice";
import { HOLIDAY_REGIONS } from "@/modules/holidays/domain/holidays";
import { saveHolidayRegionAction } from "../hours-actions";

/** Whose public holidays close the business: a region of the UK, or none. */
export function HoursHolidayRegion({ region }: { region: string }) {
  const id = useId();
  const router = useRouter();
  const [value, setValue] = useState(region);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    const res = await saveHolidayRegionAction({ holidayRegion: value }).catch(() => null);
    setPending(false);
    if (!res) {
      setMessage({
        kind: "error",
        text: "We couldn't reach the server. Check your connection and try again.",
      });
      return;
    }
    if (!res.ok) {
      setError(res.fieldErrors?.holidayRegion?.[0] ?? null);
      setMessage({ kind: "error", text: res.message });
      return;
    }
    setError(null);
    setMessage({
      kind: "success",
      text: res.data.changed.length ? "Saved." : "No change: that region is already chosen.",
    });
    router.refresh();
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Public holidays region" className="max-w-xl">
      <div aria-live="polite">
        {message && (
          <Notice kind={message.kind} className="mb-3">
            {message.text}
          </Notice>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-80">
          <Label htmlFor={`${id}-region`}>Whose public holidays</Label>
          <select
            id={`${id}-region`}
            value={value}
            disabled={pending}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            className={`${controlClass(!!error)} min-h-11`}
          >
            {HOLIDAY_REGIONS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
          <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
            Their bank holidays are closed, year after year, unless you open one below. None keeps your weekly
            hours on every date.
          </p>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-danger">
              {error}
            </p>
          )}
        </div>
        {/* Level with the select: below its label (20 px) and the select's 4 px margin. */}
        <button
          type="submit"
          disabled={pending}
          className={buttonClass({ variant: "primary", className: "w-full sm:mt-6 sm:w-auto" })}
        >
          {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          Save region
        </button>
      </div>
    </form>
  );
}
