import "server-only";
import { allowsEmail, type EmailKind } from "@/modules/notifications/server";
import type { DbOrTx } from "@/server/db";
import { findUserById } from "./queries";

/** Whether this person may be sent an email of this kind now (call it before queueing the email). */
export async function mayEmail(db: DbOrTx, userId: string, kind: EmailKind): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.anonymisedAt) return false;
  return allowsEmail(user, kind);
}
