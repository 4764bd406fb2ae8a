import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { sessions, users } from "@/server/db/schema";
import { port } from "@/server/ports";
import { notifySessionsEnded } from "@/server/realtime/publish";

/**
 * What another module holds for a person that must stop working when they lose access — their calendar
 * feeds (a private link works without a session) — turned off in the same transaction. The composition
 * root passes these in, so that accounts imports none of those modules (ADR 0045).
 */
export type AccessRevoker = (tx: Tx, userId: string) => Promise<void>;

declare module "@/server/ports" {
  interface Ports {
    accessRevokers: readonly AccessRevoker[];
  }
}

/**
 * The one way a person loses access — a customer deactivated, an admin removed, a technician deactivated:
 * banned, every session deleted (their open live streams close on commit), and what other modules hold
 * for them turned off, so that inviting them back later does not bring an old link back to life. The
 * caller has locked the person's row and voids their own sign-in links. Returns the sessions ended.
 */
export async function endAccess(tx: Tx, userId: string, reason: string | null): Promise<number> {
  await tx.update(users).set({ banned: true, banReason: reason }).where(eq(users.id, userId));
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await notifySessionsEnded(tx, userId);
  for (const revoke of port("accessRevokers")) await revoke(tx, userId);
  return ended.length;
}
