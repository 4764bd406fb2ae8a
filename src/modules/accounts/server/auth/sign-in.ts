import "server-only";
import { asUserRole } from "@/lib/enums";
import { getAuth } from "@/server/auth";
import type { Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { homeFor, safeNextPath } from "@/lib/routes";
import type { LoginInput } from "../../schemas";
import { authErrorCode } from "./better-auth-errors";
import type { Requester } from "./requester";
import { type PasswordCheckOptions, startPasswordCheck } from "./sign-in-limits";

export type SignInResult = { redirectTo: string; headers: Headers };

/**
 * Email + password. Wrong email and wrong password answer the same, and are limited per address and
 * slowed per account (ADR 0041); a right password from an address that has not been failing always
 * signs in.
 */
export async function signIn(
  db: Db,
  actor: Requester,
  input: LoginInput,
  opts: PasswordCheckOptions = {},
): Promise<SignInResult> {
  const check = await startPasswordCheck(db, actor.ip, input.email, opts);
  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: actor.headers,
      returnHeaders: true,
    });
    await check.succeeded();
    const role = asUserRole((response.user as { role?: string }).role);
    return { redirectTo: safeNextPath(input.next, homeFor(role)), headers };
  } catch (err) {
    const code = authErrorCode(err);
    // Only a wrong password (or an unknown email) stays counted.
    if (code !== "INVALID_EMAIL_OR_PASSWORD" && code !== "INVALID_EMAIL") await check.forgive();
    if (code === "EMAIL_NOT_VERIFIED") {
      throw new AppError(
        "FORBIDDEN",
        "Please confirm your email address first: use the link we sent you, or send a new one.",
      );
    }
    if (code === "BANNED_USER") {
      throw new AppError(
        "FORBIDDEN",
        "This account has been deactivated. Please contact us if you think this is a mistake.",
      );
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL") {
      throw new AppError(
        "UNAUTHENTICATED",
        "That email and password don't match an account. Check them and try again.",
      );
    }
    throw err;
  }
}
