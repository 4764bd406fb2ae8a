"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { LiveEventType } from "@/server/realtime/events";
import { type LiveStatus, useLiveEvents } from "./use-live-events";

// The live mechanism of every "Live" admin screen (PRODUCT.md §10): the screen is a server component
// that reads its data; this leaf listens for the event types that can change that data and re-renders
// the screen in place (router.refresh(): server components are read again, client state — typed text,
// open details — is kept). Usage:
//
//   <LiveRefresh types={["schedule.changed", "booking.updated"]} />
//
// Events arriving together (one admin action can publish several) cause one refresh: the refresh waits
// until DEBOUNCE_MS have passed without a new event, and never longer than MAX_WAIT_MS after the first.

const DEBOUNCE_MS = 300;
const MAX_WAIT_MS = 1_000;

const TEXT: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
};

export type LiveRefreshProps = {
  /** The live event types that change what this screen shows. */
  types: LiveEventType[];
  className?: string;
};

export function LiveRefresh({ types, className = "" }: LiveRefreshProps) {
  const router = useRouter();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstPendingAt = useRef<number | null>(null);
  const clearNote = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Announced to screen readers after each refresh, then cleared so the next one is announced again.
  const [updated, setUpdated] = useState(false);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    firstPendingAt.current = null;
    router.refresh();
    setUpdated(true);
    clearTimeout(clearNote.current);
    clearNote.current = setTimeout(() => setUpdated(false), 5_000);
  }, [router]);

  const schedule = useCallback(() => {
    const now = Date.now();
    firstPendingAt.current ??= now;
    clearTimeout(timer.current);
    const wait = Math.max(0, Math.min(DEBOUNCE_MS, firstPendingAt.current + MAX_WAIT_MS - now));
    timer.current = setTimeout(refresh, wait);
  }, [refresh]);

  const status = useLiveEvents(types, schedule, { onResync: schedule });
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(clearNote.current);
    },
    [],
  );

  return (
    <p
      role="status"
      aria-live="polite"
      className={`inline-flex min-h-8 items-center gap-2 rounded-full border border-line bg-surface px-3 text-xs font-medium text-ink-muted ${className}`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${
          status === "live" ? "bg-success" : status === "reconnecting" ? "bg-warning" : "bg-line-strong"
        }`}
      />
      <span>{TEXT[status]}</span>
      {status === "live" && updated && <span className="sr-only">Updated just now.</span>}
    </p>
  );
}
