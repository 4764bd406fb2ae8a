"use client";

import { useEffect, useRef, useState } from "react";
import { SESSION_ENDED_EVENT, SESSION_ENDED_WINDOW_EVENT, SIGNING_OUT_EVENT } from "@/lib/signing-out";
import type { LiveEventMap, LiveEventType } from "@/server/realtime/events";

// The browser end of live events (docs/decisions/0005-live-events.md). One EventSource on /api/events
// per mounted hook; the server sends `id:`, `event: <type>`, `data: <json payload + at>` and `retry: 2000`.
//
// Reconnecting: when the stream drops (network, a server restart, the stream's ten-minute lifetime) the
// browser reconnects by itself after `retry` and sends Last-Event-ID, and the server replays what was
// missed. When the browser gives up (readyState CLOSED — e.g. a 401 or a proxy error page), we open a
// new EventSource ourselves with back-off, carrying the last id in `?lastEventId=` (an EventSource
// cannot set headers). A (re)connection with no id to resume from cannot replay what happened while
// away, so it reports `onResync` and the caller reloads its data instead.

export type LiveStatus = "connecting" | "live" | "reconnecting";

export type LiveMessage<T extends LiveEventType = LiveEventType> = {
  type: T;
  /** The event's id (its Last-Event-ID). */
  id: string;
  payload: LiveEventMap[T] & { at?: string };
};

export type UseLiveEventsOptions = {
  /** Called when events may have been missed and cannot be replayed: reload what the screen shows. */
  onResync?: () => void;
  /** Defaults to the product's event stream. */
  endpoint?: string;
};

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/**
 * Subscribes to live events of the given types while mounted; returns the connection status. `onEvent`
 * may change on every render without reconnecting; a different set of `types` reconnects.
 */
export function useLiveEvents(
  types: readonly LiveEventType[],
  onEvent: (message: LiveMessage) => void,
  options: UseLiveEventsOptions = {},
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const onEventRef = useRef(onEvent);
  const onResyncRef = useRef(options.onResync);
  useEffect(() => {
    onEventRef.current = onEvent;
    onResyncRef.current = options.onResync;
  });
  const typesKey = [...new Set(types)].sort().join(",");
  const endpoint = options.endpoint ?? "/api/events";

  useEffect(() => {
    const wanted = typesKey.split(",").filter(Boolean) as LiveEventType[];
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let hasConnected = false;
    let lastId: string | null = null;
    let disposed = false;

    const onMessage = (e: Event) => {
      const m = e as MessageEvent<string>;
      if (m.lastEventId) lastId = m.lastEventId;
      let payload: unknown = {};
      try {
        payload = JSON.parse(m.data);
      } catch {
        // A malformed payload still tells us that something changed.
      }
      onEventRef.current({ type: m.type as LiveEventType, id: m.lastEventId, payload } as LiveMessage);
    };

    const connect = () => {
      if (disposed) return;
      const url = lastId ? `${endpoint}?lastEventId=${encodeURIComponent(lastId)}` : endpoint;
      const es = new EventSource(url);
      source = es;
      for (const type of wanted) es.addEventListener(type, onMessage);
      // The session ended (signed out elsewhere, deactivated, a password change): nothing more will come
      // on this page, and reconnecting would only be refused. The next navigation asks them to sign in.
      es.addEventListener(SESSION_ENDED_EVENT, () => {
        stop();
        window.dispatchEvent(new Event(SESSION_ENDED_WINDOW_EVENT));
      });
      es.onopen = () => {
        const recovering = hasConnected || attempt > 0;
        attempt = 0;
        hasConnected = true;
        setStatus("live");
        if (recovering && !lastId) onResyncRef.current?.();
      };
      es.onerror = () => {
        if (disposed) return;
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          const delay = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
          attempt += 1;
          retryTimer = setTimeout(connect, delay);
        }
        setStatus(hasConnected ? "reconnecting" : "connecting");
      };
    };

    const stop = () => {
      disposed = true;
      clearTimeout(retryTimer);
      source?.close();
    };
    // Signing out ends the session: the stream stops before, rather than reconnecting into a 401.
    window.addEventListener(SIGNING_OUT_EVENT, stop);
    connect();
    return () => {
      window.removeEventListener(SIGNING_OUT_EVENT, stop);
      stop();
    };
  }, [typesKey, endpoint]);

  return status;
}
