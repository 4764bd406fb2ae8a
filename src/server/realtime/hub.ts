import "server-only";
import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import type { DatabaseHandle } from "@/server/db";
import { liveEvents } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { canSee, EVENTS_CHANNEL, type LiveEvent, STAFF_EVENT_TYPES, type Viewer } from "./events";

type Subscriber = {
  viewer: Viewer;
  deliver: (event: LiveEvent) => void;
  close: () => void;
  /** Some session of the viewer ended somewhere: check this stream's own session now. */
  recheck: () => void;
};

const PAGE = 500;

/**
 * One per process: a single LISTEN connection fans notifications out to every SSE client of this
 * process. Several app processes each have their own hub, fed by the same PostgreSQL NOTIFY.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private started: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  // Notifications are handled one after the other so that events reach clients in id order.
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly handle: DatabaseHandle) {}

  private start(): Promise<void> {
    this.started ??= this.handle
      .listen(
        EVENTS_CHANNEL,
        (payload) => {
          this.queue = this.queue.then(() => this.onNotification(payload));
        },
        // The listening connection dropped and came back: what was published meanwhile was never
        // notified here. Close the streams; browsers reconnect at once with Last-Event-ID and catch up.
        () => this.closeAll(),
      )
      .then((unlisten) => {
        this.unlisten = unlisten;
      })
      .catch((err: unknown) => {
        this.started = null;
        throw err;
      });
    return this.started;
  }

  private async onNotification(payload: string) {
    let note: {
      id: number;
      audience: "admins" | "user";
      userId: string | null;
      type?: string;
      sessionsEnded?: string;
    };
    try {
      note = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof note.sessionsEnded === "string") {
      for (const s of this.subscribers) if (s.viewer.userId === note.sessionsEnded) s.recheck();
      return;
    }
    const interested = [...this.subscribers].filter((s) => canSee(s.viewer, note));
    if (interested.length === 0) return;
    try {
      const [row] = await this.handle.db.select().from(liveEvents).where(eq(liveEvents.id, note.id));
      if (!row) return;
      const event = toLiveEvent(row);
      for (const s of interested) s.deliver(event);
    } catch (err) {
      logger.warn({ err }, "live event fan-out failed");
    }
  }

  async subscribe(
    viewer: Viewer,
    deliver: (event: LiveEvent) => void,
    close: () => void = () => {},
    recheck: () => void = () => {},
  ): Promise<() => void> {
    await this.start();
    const sub = { viewer, deliver, close, recheck };
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  /** Events after `afterId` that the viewer may see, oldest first (catch-up after a reconnect). */
  async since(viewer: Viewer, afterId: number): Promise<LiveEvent[]> {
    const own = and(eq(liveEvents.audience, "user"), eq(liveEvents.userId, viewer.userId));
    const visible =
      viewer.role === "admin"
        ? or(eq(liveEvents.audience, "admins"), own)
        : viewer.role === "staff"
          ? or(and(eq(liveEvents.audience, "admins"), inArray(liveEvents.type, [...STAFF_EVENT_TYPES])), own)
          : own;
    const out: LiveEvent[] = [];
    for (let after = afterId; ;) {
      const rows = await this.handle.db
        .select()
        .from(liveEvents)
        .where(and(gt(liveEvents.id, after), visible))
        .orderBy(asc(liveEvents.id))
        .limit(PAGE);
      out.push(...rows.map(toLiveEvent));
      if (rows.length < PAGE) return out;
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  get size(): number {
    return this.subscribers.size;
  }

  private closeAll() {
    for (const s of [...this.subscribers]) s.close();
  }

  async close() {
    this.closeAll();
    this.subscribers.clear();
    await this.unlisten?.();
  }
}

function toLiveEvent(row: typeof liveEvents.$inferSelect): LiveEvent {
  return {
    id: row.id,
    type: row.type as LiveEvent["type"],
    payload: row.payload as never,
    at: row.at.toISOString(),
  };
}

const g = globalThis as unknown as { __forecourtHub?: EventHub };

export function getEventHub(handle: DatabaseHandle): EventHub {
  g.__forecourtHub ??= new EventHub(handle);
  return g.__forecourtHub;
}
