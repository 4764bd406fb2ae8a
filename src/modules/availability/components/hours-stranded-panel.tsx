"use client";

import { buttonClass } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatTime } from "@/lib/dates";
import type { HoursSaveOutcome, StrandedView } from "../hours-actions";

type SaveResult =
  | { ok: true; data: HoursSaveOutcome }
  | { ok: false; code: string; message: string; fieldErrors?: Record<string, string[]> };

const NETWORK: SaveResult = {
  ok: false,
  code: "NETWORK",
  message: "We couldn't reach the server. Check your connection and try again. Your changes are still here.",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Runs an hours save that may answer "these bookings would be stranded": keeps the list until the
 * admin saves anyway (the same input with `confirmStranded: true`) or cancels. Nothing is saved before.
 */
export function useHoursSave<I extends object>(action: (input: unknown) => Promise<SaveResult>) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [stranded, setStranded] = useState<{ input: I; list: StrandedView[] } | null>(null);

  async function run(input: I, confirmStranded = false): Promise<boolean> {
    setPending(true);
    setMessage(null);
    const res = await action({ ...input, confirmStranded }).catch(() => NETWORK);
    setPending(false);
    if (!res.ok) {
      setErrors(res.fieldErrors ?? {});
      setMessage({ kind: "error", text: res.message });
      return false;
    }
    setErrors({});
    if (!res.data.saved) {
      setStranded({ input, list: res.data.stranded });
      return false;
    }
    setStranded(null);
    const n = res.data.stranded.length;
    setMessage({
      kind: "success",
      text:
        n === 0
          ? "Saved."
          : `Saved. ${plural(n, "booking is", "bookings are")} now outside your opening hours — move ${n === 1 ? "it" : "them"} or let the customer know.`,
    });
    router.refresh();
    return true;
  }

  return {
    pending,
    errors,
    message,
    stranded: stranded?.list ?? null,
    save: (input: I) => run(input, false),
    saveAnyway: () => (stranded ? run(stranded.input, true) : Promise.resolve(false)),
    cancel: () => setStranded(null),
    /** Forget the last attempt: its messages, field errors and list. */
    reset: () => {
      setStranded(null);
      setErrors({});
      setMessage(null);
    },
  };
}

/** "Tue 3 Mar, 09:00 GMT – 12:00 GMT" */
function when(b: StrandedView, timeZone: string) {
  return `${formatDateTime(new Date(b.startsAt), timeZone)} – ${formatTime(new Date(b.endsAt), timeZone)}`;
}

/** The bookings a change would leave outside opening hours, with "Save anyway" and "Cancel". */
export function HoursStrandedPanel({
  stranded,
  timeZone,
  pending,
  onConfirm,
  onCancel,
  confirmLabel = "Save anyway",
}: {
  stranded: StrandedView[];
  timeZone: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
}) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const n = stranded.length;
  const title = `${plural(n, "upcoming booking", "upcoming bookings")} would fall outside these hours`;
  return (
    <div
      role="group"
      aria-label={title}
      className="mt-3 rounded-card border border-warning/40 bg-warning-soft p-4 text-sm"
    >
      <p ref={headingRef} tabIndex={-1} className="font-semibold text-ink outline-none">
        {title}
      </p>
      <ul className="mt-2 space-y-1">
        {stranded.map((b) => (
          <li key={`${b.bookingId}-${b.isRequestedMove}`} className="tabular">
            <span className="font-semibold">{b.reference}</span> · {when(b, timeZone)} · {b.teamName}
            {b.isRequestedMove && " (requested move)"}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-ink-muted">
        Nothing has been saved. Saving anyway keeps {n === 1 ? "this booking" : "these bookings"} as{" "}
        {n === 1 ? "it is" : "they are"} — outside your opening hours — so move {n === 1 ? "it" : "them"} or
        let the customer know.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={pending}
          onClick={onConfirm}
          className={buttonClass({
            className: "border-0 bg-warning font-semibold text-white hover:bg-warning/90",
          })}
        >
          {confirmLabel}
        </button>
        <button type="button" disabled={pending} onClick={onCancel} className={buttonClass()}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * A save's stranded bookings, when it has some: *Save anyway* (or `confirmLabel`) then `onSaved`, or
 * *Cancel* then `onCancel`.
 */
export function HoursStranded({
  hours,
  timeZone,
  confirmLabel,
  onSaved,
  onCancel,
}: {
  hours: Pick<ReturnType<typeof useHoursSave>, "stranded" | "pending" | "cancel" | "saveAnyway">;
  timeZone: string;
  confirmLabel?: string;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  if (!hours.stranded) return null;
  return (
    <HoursStrandedPanel
      stranded={hours.stranded}
      timeZone={timeZone}
      pending={hours.pending}
      confirmLabel={confirmLabel}
      onCancel={() => {
        hours.cancel();
        onCancel?.();
      }}
      onConfirm={async () => {
        if (await hours.saveAnyway()) onSaved?.();
      }}
    />
  );
}
