import "server-only";
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/server/db";
import { liveEvents } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { canSee, EVENTS_CHANNEL, type LiveEvent, type Viewer } from "./events";

type Subscriber = { viewer: Viewer; deliver: (event: LiveEvent) => void };

/**
 * One per process: a single LISTEN connection fans notifications out to every SSE client of this
 * process. Several app processes each have their own hub, fed by the same PostgreSQL NOTIFY.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private started: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly handle: DatabaseHandle) {}

  private start(): Promise<void> {
    this.started ??= this.handle
      .listen(EVENTS_CHANNEL, (payload) => {
        void this.onNotification(payload);
      })
      .then((unlisten) => {
        this.unlisten = unlisten;
      });
    return this.started;
  }

  private async onNotification(payload: string) {
    let note: { id: number; audience: "admins" | "user"; userId: string | null };
    try {
      note = JSON.parse(payload);
    } catch {
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

  async subscribe(viewer: Viewer, deliver: (event: LiveEvent) => void): Promise<() => void> {
    await this.start();
    const sub = { viewer, deliver };
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  /** Events after `afterId` that the viewer may see, oldest first (catch-up after a reconnect). */
  async since(viewer: Viewer, afterId: number, limit = 500): Promise<LiveEvent[]> {
    const visible =
      viewer.role === "admin"
        ? or(
            eq(liveEvents.audience, "admins"),
            and(eq(liveEvents.audience, "user"), eq(liveEvents.userId, viewer.userId)),
          )
        : and(eq(liveEvents.audience, "user"), eq(liveEvents.userId, viewer.userId));
    const rows = await this.handle.db
      .select()
      .from(liveEvents)
      .where(and(gt(liveEvents.id, afterId), visible))
      .orderBy(asc(liveEvents.id))
      .limit(limit);
    return rows.map(toLiveEvent);
  }

  /** The newest event id, so a fresh client can start from "now". */
  async latestId(): Promise<number> {
    const [row] = await this.handle.db
      .select({ max: sql<number | null>`max(${liveEvents.id})` })
      .from(liveEvents);
    return Number(row?.max ?? 0);
  }

  get size(): number {
    return this.subscribers.size;
  }

  async close() {
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
