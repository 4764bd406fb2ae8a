"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
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
      <Button
        variant="primary"
        size="lg"
        onClick={() => run("pay")}
        disabled={busy}
        pending={clicked === "pay"}
        className="min-h-12 w-full"
      >
        {clicked === "pay" ? "Paying…" : `Pay ${amount}`}
      </Button>
      <Button
        size="lg"
        onClick={() => run("cancel")}
        disabled={busy}
        pending={clicked === "cancel"}
        className="min-h-12 w-full"
      >
        Cancel and return
      </Button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
