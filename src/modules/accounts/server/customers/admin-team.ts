import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Db, type DbOrTx, getDb } from "@/server/db";
import { accounts, users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { endAccess } from "./end-access";
import { inviteOrReinvite, listInvited, setupTokenOf } from "./invited-people";

// The business's admins (settings → Admins): invite by email (a single-use set-up link that expires),
// list, remove. The business can never lock itself out: the last admin can't be removed, and no admin
// removes themselves. A removal is a ban, not a deletion — the audit log keeps naming who did what —
// and ends the person's sessions and unused links at once. Every write is one transaction with its
// audit row; the admins' rows are locked first, so two admins removing each other can't both succeed.

export type AdminMember = {
  id: string;
  name: string;
  email: string;
  status: "active" | "invited" | "invite_expired" | "removed";
  /** When the newest set-up link expires (invited admins). */
  inviteExpiresAt: Date | null;
  isYou: boolean;
};

export async function listAdmins(
  db: DbOrTx,
  viewer: Pick<Actor, "id">,
  now = new Date(),
): Promise<AdminMember[]> {
  await assertAdminActor(db, viewer);
  const people = await listInvited(db, "admin", now);
  return people.map((p) => ({ ...p, isYou: p.id === viewer.id }));
}

/**
 * Invites an admin: a new account with a set-up link, or a fresh link for an admin who hasn't set a
 * password yet (earlier links stop working), or a returning admin who was removed. A customer's email
 * is refused: making a customer an admin would hand them the whole business.
 */
export async function inviteAdmin(
  db: Db,
  actor: Actor,
  input: { name: string; email: string },
): Promise<{ userId: string; outcome: "invited" | "reinvited" | "reinstated" }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const { userId, outcome } = await inviteOrReinvite(
      tx,
      { name: input.name, email, role: "admin" },
      {
        otherRole: () =>
          "This email belongs to a customer's account. Invite the admin with another email address.",
        alreadyIn: "This person is already an admin.",
      },
    );
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "admin.invite",
      entity: "user",
      entityId: userId,
      summary: { email, outcome },
    });
    return { userId, outcome };
  });
}

/** Removes an admin: banned (kept for the audit trail), signed out everywhere, unused links voided. */
export async function removeAdmin(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    // Every admin row, locked in one order: a concurrent removal waits here and then counts again.
    const admins = await tx
      .select({ id: users.id, email: users.email, banned: users.banned })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(asc(users.id))
      .for("update");
    const target = admins.find((a) => a.id === userId);
    if (!target) throw new AppError("NOT_FOUND");
    if (target.banned) throw new AppError("CONFLICT", "This admin was already removed.");
    if (userId === actor.id)
      throw new AppError("CONFLICT", "You can't remove yourself. Another admin can remove you.");
    // The actor was checked before the lock; a removal that won the race may have removed them since.
    if (admins.find((a) => a.id === actor.id)?.banned) throw new AppError("NOT_FOUND");
    const signInable = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(
        and(
          inArray(
            accounts.userId,
            admins.filter((a) => !a.banned && a.id !== userId).map((a) => a.id),
          ),
          eq(accounts.providerId, "credential"),
        ),
      );
    if (signInable.length === 0)
      throw new AppError(
        "CONFLICT",
        "This is the only admin who can sign in. Invite another admin and let them set a password first.",
      );
    await endAccess(tx, userId, "Removed as an admin");
    await tx.delete(verifications).where(setupTokenOf(userId));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "admin.remove",
      entity: "user",
      entityId: userId,
      summary: { email: target.email },
    });
  });
}

/** For the settings page (pages don't reach the database themselves). */
export async function loadAdmins(viewer: Pick<Actor, "id">): Promise<AdminMember[]> {
  return listAdmins(await getDb(), viewer);
}
