"use client";

import { Loader2 } from "lucide-react";
import { useState, useTransition } from "react";
import { cancelTestCheckoutAction, payTestCheckoutAction } from "../actions";

/** The test provider's Pay and Cancel: each sends a signed webhook, then returns to the shop. */
export function TestCheckoutButtons({ checkout, amount }: { checkout: string; amount: string }) {
  const [pending, start] = useTransition();
  const [clicked, setClicked] = useState<"pay" | "cancel" | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (which: "pay" | "cancel") =>
    start(async () => {
      setClicked(which);
      setError(null);
      const action = which === "pay" ? payTestCheckoutAction : cancelTestCheckoutAction;
      const res = await action({ checkout }).catch(() => ({
        ok: false as const,
        message: "We couldn't reach the server. Try again.",
      }));
      if (!res.ok) {
        setError(res.message);
        setClicked(null);
        return;
      }
      window.location.assign(res.data.redirectTo);
    });

  const busy = pending || clicked !== null;
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        onClick={() => run("pay")}
        disabled={busy}
        aria-busy={clicked === "pay"}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-control bg-brand px-5 text-base font-semibold text-white hover:bg-brand-hover disabled:opacity-70"
      >
        {clicked === "pay" && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
        {clicked === "pay" ? "Paying…" : `Pay ${amount}`}
      </button>
      <button
        type="button"
        onClick={() => run("cancel")}
        disabled={busy}
        aria-busy={clicked === "cancel"}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-control border border-line-strong bg-surface px-5 text-base font-medium hover:bg-canvas disabled:opacity-70"
      >
        {clicked === "cancel" && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
        Cancel and return
      </button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
