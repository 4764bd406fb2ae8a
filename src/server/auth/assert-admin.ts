import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/**
 * Authorisation inside an admin use case, not only in the action or page that calls it: the actor must
 * be an admin now and not removed (a demoted or removed admin's open tab gets nothing: removing an admin
 * bans them and deletes their sessions, and this holds even for a request already past its session check).
 * Anyone else gets the answer a missing record gets, so a customer learns nothing about what they asked for.
 */
export async function assertAdminActor(db: DbOrTx, actor: Pick<Actor, "id">): Promise<void> {
  const [row] = await db
    .select({ role: users.role, banned: users.banned })
    .from(users)
    .where(eq(users.id, actor.id));
  if (row?.role !== "admin" || row.banned) throw new AppError("NOT_FOUND");
}
