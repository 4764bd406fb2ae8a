import "server-only";
import type { DbOrTx } from "@/server/db";
import { auditLog } from "@/server/db/schema";

/** Who made an admin write, for its audit row: the user and the client address. */
export type Actor = { id: string; ip?: string | null };

export type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  summary?: Record<string, unknown>;
  ip?: string | null;
};

/** Every admin write leaves a trace, in the same transaction as the write (§0.7). */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary ?? {},
    ip: entry.ip ?? null,
  });
}
