import "server-only";
import { and, eq } from "drizzle-orm";
import { verifyJWT } from "better-auth/crypto";
import { getAuth } from "@/server/auth";
import { type Db, getDb } from "@/server/db";
import { accounts, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { homeFor } from "@/lib/routes";
import type { ConfirmEmailInput } from "../../schemas";
import { createPasswordSetupLink } from "./password-setup-link";
import { findUserById } from "../queries";
import { enforceAuthRateLimit } from "@/server/rate-limit";
import type { Requester } from "./requester";

export const CONFIRM_LINK_UNUSABLE =
  "This confirmation link has expired or isn't valid. Reload this page to send yourself a new one.";
export const CONFIRM_WRONG_PASSWORD =
  "That isn't the password this account was created with. Try again, or choose a new password below.";

/** What the emailed link stands for, as the confirmation page shows it (ADR 0012). */
export type ConfirmLinkState =
  | { kind: "unusable" }
  | { kind: "confirmed" }
  | { kind: "needs-password"; email: string }
  | { kind: "needs-setup"; email: string };

type LinkAccount = {
  user: NonNullable<Awaited<ReturnType<typeof findUserById>>>;
  passwordHash: string | null;
};

/**
 * Reads a verification token (better-auth's signed JWT, 24 hours) without using it. Change-of-email
 * tokens are not accepted here: Forecourt confirms email changes on its own page.
 */
async function accountOfLink(db: Db, token: string): Promise<LinkAccount | null> {
  const auth = await getAuth();
  const payload = await verifyJWT<{ email?: string; userId?: string; updateTo?: string }>(
    token,
    (await auth.$context).secret,
  );
  if (!payload?.email || !payload.userId || payload.updateTo) return null;
  const user = await findUserById(db, payload.userId);
  if (!user || user.email.toLowerCase() !== payload.email.toLowerCase()) return null;
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
  return { user, passwordHash: credential?.password ?? null };
}

export async function confirmLinkState(token: string | undefined): Promise<ConfirmLinkState> {
  const found = token ? await accountOfLink(await getDb(), token) : null;
  if (!found) return { kind: "unusable" };
  if (found.user.emailVerified) return { kind: "confirmed" };
  return found.passwordHash
    ? { kind: "needs-password", email: found.user.email }
    : { kind: "needs-setup", email: found.user.email };
}

/**
 * Confirms an address from its emailed link, by a POST from this site's page (never the GET of the
 * link: a stranger's link opened from another site must not sign anyone in).
 *
 * The link proves the inbox; the password proves the person chose it. Both are needed before the
 * account opens, because whoever registered may not own the inbox (ADR 0012): the inbox's owner who
 * does not know the password chooses a new one through "forgot password", which replaces it. An
 * account without a password gets a set-up link instead.
 */
export async function confirmEmail(
  db: Db,
  actor: Requester,
  input: ConfirmEmailInput,
): Promise<{ redirectTo: string; headers?: Headers }> {
  const found = await accountOfLink(db, input.token);
  await enforceAuthRateLimit(db, "confirm", actor.ip, found?.user.email);
  if (!found) throw new AppError("NOT_FOUND", CONFIRM_LINK_UNUSABLE);
  const { user, passwordHash } = found;
  if (user.emailVerified) return { redirectTo: "/auth/login" };

  if (!passwordHash) {
    const setup = new URL(await createPasswordSetupLink(db, user.id));
    return { redirectTo: setup.pathname + setup.search };
  }
  const auth = await getAuth();
  const context = await auth.$context;
  const matches = input.password
    ? await context.password.verify({ hash: passwordHash, password: input.password })
    : false;
  if (!matches) {
    throw new AppError("UNAUTHENTICATED", CONFIRM_WRONG_PASSWORD, {
      password: [input.password ? "This password doesn't match." : "Enter your password."],
    });
  }
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (user.banned) return { redirectTo: "/auth/login" };
  const { headers } = await auth.api.signInEmail({
    body: { email: user.email, password: input.password ?? "", rememberMe: true },
    headers: actor.headers,
    returnHeaders: true,
  });
  return { redirectTo: homeFor(user.role), headers };
}
