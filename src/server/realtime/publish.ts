import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { liveEvents } from "@/server/db/schema";
import {
  EVENTS_CHANNEL,
  EVENTS_LOCK_KEY,
  type EventTarget,
  type LiveEventMap,
  type LiveEventType,
} from "./events";

/**
 * Publishes a live event inside the caller's transaction. The row (for catch-up on reconnect) and the
 * NOTIFY (for instant delivery to every app process) both take effect on commit and vanish on rollback.
 * Call it as the last statement of the transaction: it holds a lock until commit (see below).
 */
export async function publish<T extends LiveEventType>(
  tx: DbOrTx,
  type: T,
  target: EventTarget,
  payload: LiveEventMap[T],
): Promise<number> {
  const userId = target.audience === "user" ? target.userId : null;
  // Serialise publishers until commit so event ids are handed out in commit order: a reader that has
  // seen id N can never later meet a committed event with a smaller id (Last-Event-ID stays exact).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVENTS_LOCK_KEY})`);
  const [row] = await tx
    .insert(liveEvents)
    .values({ type, audience: target.audience, userId, payload })
    .returning({ id: liveEvents.id });
  if (!row) throw new Error("live event insert returned nothing");
  // Only a pointer travels in the notification (NOTIFY payloads are limited to 8000 bytes).
  const note = JSON.stringify({ id: row.id, audience: target.audience, userId, type });
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${note})`);
  return row.id;
}

/**
 * Tells every app process that some of this user's sessions ended (signed out, removed, deactivated,
 * password changed): their open live-event streams check their session at once and close if it is gone.
 * Inside a transaction it takes effect on commit. No event row: it is not something a client sees.
 */
export async function notifySessionsEnded(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ sessionsEnded: userId })})`);
}
