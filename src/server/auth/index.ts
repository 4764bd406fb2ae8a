import "server-only";
import { and, eq, gt } from "drizzle-orm";
import { headers as nextHeaders } from "next/headers";
import { cache } from "react";
import { getDb } from "@/server/db";
import { sessions, users } from "@/server/db/schema";
import { asUserRole, type UserRole } from "@/lib/enums";
import { type Auth, createAuth } from "./auth";

const g = globalThis as unknown as { __forecourtAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  g.__forecourtAuth ??= getDb().then(createAuth);
  return g.__forecourtAuth;
}

/** For tests that switch databases within one process: the next getAuth() binds to the new one. */
export function forgetAuthForTests(): void {
  g.__forecourtAuth = undefined;
}

export type SessionUser = { id: string; name: string; email: string; role: UserRole };

/** The signed-in person for these request headers, or null. Banned users have no session. */
export async function getSessionUser(headers?: Headers): Promise<SessionUser | null> {
  return (await getSessionWithId(headers))?.user ?? null;
}

/** The signed-in person and the id of their session (to check it again later), or null. */
export async function getSessionWithId(
  headers?: Headers,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  return headers ? sessionFor(headers) : sessionThisRender();
}

// A page's layouts and the page itself each ask who is signed in: one lookup per server render (React's
// `cache` memoizes only there; a server action or route handler looks up afresh on every call).
const sessionThisRender = cache(async () => sessionFor(await nextHeaders()));

async function sessionFor(h: Headers): Promise<{ user: SessionUser; sessionId: string } | null> {
  const auth = await getAuth();
  // Without the session cookie better-auth answers null too, after its endpoint machinery (a render
  // profile of the booking wizard found it at ~1 ms a page): a visitor with no cookie has no session.
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  if (!(h.get("cookie") ?? "").includes(`${cookieName}=`)) return null;
  const session = await auth.api.getSession({ headers: h });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string; banned?: boolean | null };
  if (u.banned) return null;
  return {
    user: { id: u.id, name: u.name, email: u.email, role: asUserRole(u.role) },
    sessionId: session.session.id,
  };
}

/**
 * Whether a session is still what it was when checked: not signed out or ended (a removal, deactivation
 * or password change deletes it), not expired, its person not banned and still in the same role. One
 * indexed lookup, for long-lived connections that re-check now and then (live events).
 */
export async function isSessionActive(
  sessionId: string,
  user: Pick<SessionUser, "id" | "role">,
  now = new Date(),
): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ role: users.role, banned: users.banned })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), gt(sessions.expiresAt, now)));
  return Boolean(row && !row.banned && row.role === user.role);
}
