import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, like, max, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Db, type DbOrTx, getDb, type Tx } from "@/server/db";
import { accounts, users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { endAccess } from "./end-access";
import { sendSetupLink } from "../auth/password-setup-link";

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

export const setupTokenOf = (userId: string) =>
  and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%"));

/**
 * A removed admin or technician coming back (issue 41 §7): no longer banned, and their old password no
 * longer signs in — they choose a new one from the set-up link sent with it, as a new invitee does.
 */
export async function reinstateWithNewPassword(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ banned: false, banReason: null }).where(eq(users.id, userId));
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
}

/**
 * Where each invited person (admin or technician) stands with signing in: a password chosen ("active"), a
 * set-up link still valid ("invited", with its expiry), or only expired links. A ban is the caller's to say.
 */
export async function signInStates(
  db: DbOrTx,
  ids: string[],
  now: Date,
): Promise<Map<string, { state: "active" | "invited" | "invite_expired"; inviteExpiresAt: Date | null }>> {
  const [withPassword, links] = await Promise.all([
    db
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(inArray(accounts.userId, ids), eq(accounts.providerId, "credential"))),
    db
      .select({ userId: verifications.value, expiresAt: max(verifications.expiresAt) })
      .from(verifications)
      .where(and(inArray(verifications.value, ids), like(verifications.identifier, "reset-password:%")))
      .groupBy(verifications.value),
  ]);
  const active = new Set(withPassword.map((r) => r.userId));
  const linkExpiry = new Map(links.map((l) => [l.userId, l.expiresAt ? new Date(l.expiresAt) : null]));
  return new Map(
    ids.map((id) => {
      const expires = linkExpiry.get(id) ?? null;
      const state = active.has(id) ? "active" : expires && expires > now ? "invited" : "invite_expired";
      return [id, { state, inviteExpiresAt: state === "invited" ? expires : null }] as const;
    }),
  );
}

export async function listAdmins(
  db: DbOrTx,
  viewer: Pick<Actor, "id">,
  now = new Date(),
): Promise<AdminMember[]> {
  await assertAdminActor(db, viewer);
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, banned: users.banned })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const states = await signInStates(db, ids, now);
  return rows.map((r) => {
    const signIn = states.get(r.id);
    const status: AdminMember["status"] = r.banned ? "removed" : (signIn?.state ?? "invite_expired");
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      status,
      inviteExpiresAt: status === "invited" ? (signIn?.inviteExpiresAt ?? null) : null,
      isYou: r.id === viewer.id,
    };
  });
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
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for("update");
    let userId: string;
    let outcome: "invited" | "reinvited" | "reinstated";
    if (existing) {
      if (existing.role !== "admin")
        throw new AppError("VALIDATION", undefined, {
          email: ["This email belongs to a customer's account. Invite the admin with another email address."],
        });
      const [credential] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")));
      if (!existing.banned && credential)
        throw new AppError("VALIDATION", undefined, { email: ["This person is already an admin."] });
      await tx.delete(verifications).where(setupTokenOf(existing.id));
      if (existing.banned) {
        await reinstateWithNewPassword(tx, existing.id);
        outcome = "reinstated";
      } else outcome = "reinvited";
      await sendSetupLink(
        tx,
        { id: existing.id, name: existing.name, email: existing.email },
        "admin-invite",
      );
      userId = existing.id;
    } else {
      const [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), name: input.name.trim(), email, role: "admin", emailVerified: false })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      await sendSetupLink(tx, user, "admin-invite");
      userId = user.id;
      outcome = "invited";
    }
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
