"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FormResult } from "@/components/ui/form";
import { deleteZoneAction, setZoneActiveAction } from "../zone-actions";

const button =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-control border border-line-strong bg-surface px-3 text-sm font-medium hover:bg-canvas disabled:opacity-50";

/**
 * Activate/deactivate and delete (with an inline confirmation that says what stops being covered) for
 * one travel zone. A refused change explains why, in place.
 */
export function ZonesRowActions(props: { id: string; name: string; isActive: boolean; prefixes: string[] }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = (fn: () => Promise<FormResult>) =>
    start(async () => {
      setError(null);
      const res = await fn().catch(() => ({
        ok: false as const,
        code: "NETWORK",
        message: "We couldn't reach the server. Try again.",
      }));
      if (res.ok) {
        setConfirming(false);
        router.refresh();
      } else setError(res.message);
    });

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2" aria-busy={pending}>
        <button
          type="button"
          className={button}
          disabled={pending}
          onClick={() => run(() => setZoneActiveAction({ id: props.id, isActive: !props.isActive }))}
        >
          {props.isActive ? "Deactivate" : "Activate"}
          <span className="sr-only"> {props.name}</span>
        </button>
        {!confirming && (
          <button
            type="button"
            className={`${button} text-danger`}
            disabled={pending}
            onClick={() => setConfirming(true)}
          >
            Delete<span className="sr-only"> {props.name}</span>
          </button>
        )}
      </div>
      {confirming && (
        <div
          role="group"
          aria-label={`Delete ${props.name}?`}
          className="flex max-w-md flex-wrap items-center gap-2 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm"
        >
          <span className="text-danger">
            Delete {props.name}?{" "}
            {props.isActive
              ? `${props.prefixes.join(", ")} will no longer be covered unless another active zone includes them. `
              : ""}
            Existing bookings keep their travel fee. This cannot be undone.
          </span>
          <button
            type="button"
            className="min-h-11 rounded-control bg-danger px-3 font-semibold text-white"
            disabled={pending}
            onClick={() => run(() => deleteZoneAction({ id: props.id }))}
          >
            Delete
          </button>
          <button type="button" className={button} disabled={pending} onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
