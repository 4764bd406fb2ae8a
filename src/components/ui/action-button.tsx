"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import type { FormResult } from "./form";

const base =
  "inline-flex min-h-11 items-center justify-center gap-1 rounded-control px-3 text-sm font-medium disabled:opacity-50";
const variants = {
  secondary: `${base} border border-line-strong bg-surface hover:bg-canvas`,
  danger: `${base} border border-line-strong bg-surface text-danger hover:bg-danger-soft`,
};

/**
 * A button that runs one server action, then refreshes the page (or follows `data.redirectTo`). With
 * `confirm`, it first asks inline — no browser dialog. A refusal is shown next to it.
 */
export function ActionButton<I>({
  action,
  input,
  children,
  confirm,
  confirmLabel = "Yes, do it",
  variant = "secondary",
}: {
  action: (input: I) => Promise<FormResult>;
  input: I;
  children: ReactNode;
  confirm?: string;
  confirmLabel?: string;
  variant?: keyof typeof variants;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const run = () =>
    start(async () => {
      setError(null);
      const res = await action(input).catch(() => ({
        ok: false as const,
        code: "NETWORK",
        message: "We couldn't reach the server. Try again.",
      }));
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setAsking(false);
      const redirectTo = (res.data as { redirectTo?: string } | null | undefined)?.redirectTo;
      if (redirectTo) router.push(redirectTo);
      else router.refresh();
    });

  return (
    <span className="inline-flex flex-col items-start gap-2">
      {asking ? (
        <span
          role="group"
          aria-label={confirm}
          className="flex flex-wrap items-center gap-2 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm"
        >
          <span className="text-danger">{confirm}</span>
          <button
            type="button"
            className="min-h-11 rounded-control bg-danger px-3 font-semibold text-white disabled:opacity-70"
            disabled={pending}
            onClick={run}
          >
            {confirmLabel}
          </button>
          <button
            type="button"
            className={variants.secondary}
            disabled={pending}
            onClick={() => setAsking(false)}
          >
            Cancel
          </button>
        </span>
      ) : (
        <button
          type="button"
          className={variants[variant]}
          disabled={pending}
          aria-busy={pending}
          onClick={() => (confirm ? setAsking(true) : run())}
        >
          {children}
        </button>
      )}
      {error && (
        <span role="alert" className="max-w-md text-sm text-danger">
          {error}
        </span>
      )}
    </span>
  );
}
