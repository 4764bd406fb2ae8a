"use client";

import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { LiveRefresh } from "@/components/live/live-refresh";

// While a payment is being confirmed the page re-reads itself: the server asks the provider again on
// every refresh, so it resolves even if the webhook is slow. A signed-in owner also gets the live event
// stream (instant); a guest has no session for it, so polling every 2 s is what updates their page.

const POLL_MS = 2_000;
const GIVE_UP_MS = 2 * 60_000;

export function BookingConfirming({ live }: { live: boolean }) {
  const router = useRouter();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (timedOut) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > GIVE_UP_MS) {
        setTimedOut(true);
        return;
      }
      router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [router, timedOut]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      {live && <LiveRefresh types={["booking.updated"]} />}
      {timedOut ? (
        <p role="status" className="text-sm text-ink-muted">
          This is taking longer than usual. We&apos;ll email you as soon as your payment is confirmed.{" "}
          <Button
            variant="link"
            onClick={() => {
              setTimedOut(false);
              router.refresh();
            }}
          >
            Check again
          </Button>
        </p>
      ) : (
        <p className="sr-only" role="status">
          Checking your payment…
        </p>
      )}
    </div>
  );
}
