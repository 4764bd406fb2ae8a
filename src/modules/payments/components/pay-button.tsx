"use client";

import { type ReactNode, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/server/errors";
import { retryCheckoutAction } from "../actions";

/** Opens a fresh checkout at the payment provider (Pay now / Try again, or a balance) and goes there. */
export function PayButton({
  reference,
  token,
  children,
  action = retryCheckoutAction,
}: {
  reference: string;
  token: string;
  children: ReactNode;
  /** What opens the checkout: the booking's payment (default) or its balance (payBalanceAction). */
  action?: (input: { reference: string; token: string }) => Promise<ActionResult<{ redirectTo: string }>>;
}) {
  const [pending, start] = useTransition();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = pending || leaving;

  const pay = () =>
    start(async () => {
      setError(null);
      const res = await action({ reference, token }).catch(() => ({
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
      <Button
        variant="primary"
        size="lg"
        onClick={pay}
        pending={busy}
        className="min-h-12 w-full sm:w-auto sm:whitespace-nowrap"
      >
        {busy ? "Opening secure checkout…" : children}
      </Button>
      {error && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
