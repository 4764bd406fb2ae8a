import "server-only";
import type { LiveEvent, Viewer } from "./events";
import { logger } from "@/server/logger";
import type { EventHub } from "./hub";
import { SESSION_ENDED_EVENT } from "@/lib/signing-out";

export type StreamOptions = {
  hub: EventHub;
  viewer: Viewer;
  /** From the Last-Event-ID header (or ?lastEventId=) of a reconnecting client. */
  lastEventId?: number;
  heartbeatMs?: number;
  /**
   * The stream ends after this long; the browser reconnects at once with Last-Event-ID and the route
   * checks the session again, so a signed-out or demoted person stops receiving events.
   */
  maxLifetimeMs?: number;
  /**
   * Whether the session that opened the stream is still valid (not signed out, the person not removed
   * or deactivated). Checked every `sessionCheckMs` and at once when the hub hears that one of the
   * viewer's sessions ended; the stream closes when it answers false.
   */
  sessionAlive?: () => Promise<boolean>;
  sessionCheckMs?: number;
  signal?: AbortSignal;
};

const encoder = new TextEncoder();

export function formatEvent(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ ...event.payload, at: event.at })}\n\n`;
}

/**
 * An SSE stream of the events the viewer may see. Subscribes first and then catches up from the store,
 * so nothing published in between is lost; ids already sent are never sent twice.
 */
export function createEventStream(opts: StreamOptions): ReadableStream<Uint8Array> {
  const { hub, viewer, heartbeatMs = 15_000, maxLifetimeMs = 10 * 60_000, sessionCheckMs = 20_000 } = opts;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = opts.lastEventId ?? 0;
      let caughtUp = false;
      const pending: LiveEvent[] = [];
      let closed = false;
      const write = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const send = (event: LiveEvent) => {
        if (event.id <= lastSent) return;
        lastSent = event.id;
        write(formatEvent(event));
      };
      // Checks run one after the other; one asked for during another runs after it (the session may
      // have ended after the earlier one read it).
      let checks = Promise.resolve();
      const recheck = () => {
        const alive = opts.sessionAlive;
        if (!alive || closed) return;
        checks = checks.then(async () => {
          if (closed) return;
          try {
            if (!(await alive())) {
              write(`event: ${SESSION_ENDED_EVENT}\ndata: {}\n\n`);
              cleanup();
            }
          } catch (err) {
            // The database is briefly unreachable: keep the stream; the next check decides.
            logger.warn({ err }, "live events: session check failed");
          }
        });
      };
      const unsubscribe = await hub.subscribe(
        viewer,
        (event) => (caughtUp ? send(event) : pending.push(event)),
        () => cleanup(),
        recheck,
      );
      // The session may have ended between the route's check and the subscription (its notification
      // came too early to reach this stream): look once more now.
      recheck();
      const heartbeat = setInterval(() => write(`: heartbeat ${Date.now()}\n\n`), heartbeatMs);
      const lifetime = setTimeout(() => cleanup(), maxLifetimeMs);
      const sessionCheck = opts.sessionAlive ? setInterval(recheck, sessionCheckMs) : undefined;
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        clearTimeout(lifetime);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      opts.signal?.addEventListener("abort", () => cleanup(), { once: true });

      write(`retry: 2000\n: connected\n\n`);
      // A fresh client starts from now: it gets what is notified from its subscription on and no history.
      // (Starting from the newest id read here instead lost an event committed between the subscription
      // and that read: its notification came after, with an id already counted as sent.)
      if (opts.lastEventId !== undefined) {
        for (const e of await hub.since(viewer, opts.lastEventId)) send(e);
      }
      caughtUp = true;
      for (const e of pending.sort((a, b) => a.id - b.id)) send(e);
      pending.length = 0;
    },
    cancel() {
      cleanup();
    },
  });
}
