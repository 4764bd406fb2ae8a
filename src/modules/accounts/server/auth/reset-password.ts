import "server-only";
import { eq } from "drizzle-orm";
import { getAuth } from "@/server/auth";
import type { Db } from "@/server/db";
import { users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { homeFor } from "@/lib/routes";
import { passwordProblem } from "../../domain/password-policy";
import type { TokenPasswordInput } from "../../schemas";
import { authErrorCode } from "./better-auth-errors";
import { commonPasswords } from "./common-passwords";
import { findUserById } from "../queries";
import type { Requester } from "./requester";
import { forgetPasswordFailures } from "./sign-in-limits";

export const LINK_EXPIRED = "This link has expired or has already been used.";

/**
 * Sets a new password with an emailed single-use token — both "forgot password" and "set up your
 * password" links. Other sessions end. Choosing a password through the emailed link proves the
 * address, so the email counts as verified and the person is signed in.
 */
export async function resetPasswordWithToken(
  db: Db,
  actor: Requester,
  input: TokenPasswordInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ redirectTo: string; headers: Headers }> {
  const [token] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${input.token}`));
  if (!token || token.expiresAt < now) throw new AppError("NOT_FOUND", LINK_EXPIRED);
  const user = await findUserById(db, token.value);
  if (!user) throw new AppError("NOT_FOUND", LINK_EXPIRED);
  const problem = passwordProblem(input.password, commonPasswords(), user.email);
  if (problem) throw new AppError("VALIDATION", undefined, { password: [problem] });

  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    if (authErrorCode(err) === "INVALID_TOKEN") throw new AppError("NOT_FOUND", LINK_EXPIRED);
    throw err;
  }
  await forgetPasswordFailures(db, actor.ip, user.email);
  if (!user.emailVerified) await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  if (user.banned) return { redirectTo: "/auth/login", headers: new Headers() };
  const { headers } = await auth.api.signInEmail({
    body: { email: user.email, password: input.password, rememberMe: true },
    headers: actor.headers,
    returnHeaders: true,
  });
  return { redirectTo: homeFor(user.role), headers };
}
