import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, like, max, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db";
import { accounts, users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { sendSetupLink } from "../auth/password-setup-link";

// The people the business invites to work in it — admins (settings → Admins) and technicians (settings →
// Team members, ADR 0053): each is invited by email with a single-use set-up link, listed with where they
// stand with signing in, and invited again (a fresh link, or back after a removal) the same way. What
// differs — the role, the wording, a technician's teams, who may be removed — stays with each list.

type InvitedRole = "admin" | "staff";
type SignInState = "active" | "invited" | "invite_expired";

export const setupTokenOf = (userId: string) =>
  and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%"));

/**
 * A removed admin or technician coming back (issue 41 §7): no longer banned, and their old password no
 * longer signs in — they choose a new one from the set-up link sent with it, as a new invitee does.
 */
async function reinstateWithNewPassword(tx: Tx, userId: string): Promise<void> {
  await tx.update(users).set({ banned: false, banReason: null }).where(eq(users.id, userId));
  await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
}

/**
 * Where each invited person stands with signing in: a password chosen ("active"), a set-up link still
 * valid ("invited", with its expiry), or only expired links. A ban is the caller's to say.
 */
async function signInStates(
  db: DbOrTx,
  ids: string[],
  now: Date,
): Promise<Map<string, { state: SignInState; inviteExpiresAt: Date | null }>> {
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

/** One invited person as the lists show them; `removed` is a ban (the list names it its own way). */
export type InvitedPerson = {
  id: string;
  name: string;
  email: string;
  status: SignInState | "removed";
  /** When the newest set-up link expires (invited people, not removed ones). */
  inviteExpiresAt: Date | null;
};

/** Everyone ever invited with this role, by name, with where each stands with signing in. */
export async function listInvited(db: DbOrTx, role: InvitedRole, now: Date): Promise<InvitedPerson[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, banned: users.banned })
    .from(users)
    .where(eq(users.role, role))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const states = await signInStates(db, ids, now);
  return rows.map((r) => {
    const signIn = states.get(r.id);
    const status: InvitedPerson["status"] = r.banned ? "removed" : (signIn?.state ?? "invite_expired");
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      status,
      inviteExpiresAt: status === "invited" ? (signIn?.inviteExpiresAt ?? null) : null,
    };
  });
}

/**
 * Invites a person with this role, in the caller's transaction: a new account with a set-up link, or a
 * fresh link for one who hasn't chosen a password yet (earlier links stop working), or one who was
 * removed coming back. An email that belongs to another role is refused with `otherRole`'s words (one
 * person, one role), one who can already sign in with `alreadyIn`.
 */
export async function inviteOrReinvite(
  tx: Tx,
  input: { name: string; email: string; role: InvitedRole },
  refusals: { otherRole: (role: string) => string; alreadyIn: string },
): Promise<{ userId: string; outcome: "invited" | "reinvited" | "reinstated" }> {
  const { email, role } = input;
  const reason = role === "admin" ? "admin-invite" : "staff-invite";
  const [existing] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .for("update");
  if (!existing) {
    const [user] = await tx
      .insert(users)
      .values({ id: randomUUID(), name: input.name.trim(), email, role, emailVerified: false })
      .returning();
    if (!user) throw new Error("user insert returned nothing");
    await sendSetupLink(tx, user, reason);
    return { userId: user.id, outcome: "invited" };
  }
  if (existing.role !== role)
    throw new AppError("VALIDATION", undefined, { email: [refusals.otherRole(existing.role)] });
  const [credential] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")));
  if (!existing.banned && credential)
    throw new AppError("VALIDATION", undefined, { email: [refusals.alreadyIn] });
  await tx.delete(verifications).where(setupTokenOf(existing.id));
  if (existing.banned) await reinstateWithNewPassword(tx, existing.id);
  await sendSetupLink(tx, { id: existing.id, name: existing.name, email: existing.email }, reason);
  return { userId: existing.id, outcome: existing.banned ? "reinstated" : "reinvited" };
}
