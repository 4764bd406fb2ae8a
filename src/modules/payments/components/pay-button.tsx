"use client";

import { Loader2 } from "lucide-react";
import { type ReactNode, useState, useTransition } from "react";
import { retryCheckoutAction } from "../actions";

/** Opens a fresh checkout at the payment provider (Pay now / Try again) and goes there. */
export function PayButton({
  reference,
  token,
  children,
}: {
  reference: string;
  token: string;
  children: ReactNode;
}) {
  const [pending, start] = useTransition();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = pending || leaving;

  const pay = () =>
    start(async () => {
      setError(null);
      const res = await retryCheckoutAction({ reference, token }).catch(() => ({
        ok: false as const,
        message: "We couldn't reach the server. Check your connection and try again.",
      }));
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setLeaving(true);
      // The provider's page is another site (or our test page): a full navigation.
      window.location.assign(res.data.redirectTo);
    });

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={pay}
        disabled={busy}
        aria-busy={busy}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-control bg-brand px-5 text-base font-semibold text-white hover:bg-brand-hover disabled:opacity-70 sm:w-auto"
      >
        {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
        {busy ? "Opening secure checkout…" : children}
      </button>
      {error && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
