import "server-only";
import { getAuth, type SessionUser } from "@/server/auth";
import type { Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { passwordProblem } from "../../domain/password-policy";
import type { ChangePasswordInput } from "../../schemas";
import { commonPasswords } from "./common-passwords";
import type { Requester } from "./requester";
import { startPasswordCheck } from "./sign-in-limits";

/**
 * Needs the current password. Every session ends and this browser gets a fresh one: the returned
 * headers carry its cookie.
 */
export async function changePassword(
  db: Db,
  user: SessionUser & Requester,
  input: ChangePasswordInput,
): Promise<Headers> {
  const problem = passwordProblem(input.password, commonPasswords(), user.email);
  if (problem) throw new AppError("VALIDATION", undefined, { password: [problem] });
  // Guessing the current password from a stolen session is limited like signing in (ADR 0041).
  const check = await startPasswordCheck(db, user.ip, user.email);
  const auth = await getAuth();
  try {
    const res = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: user.headers,
      returnHeaders: true,
    });
    await check.succeeded();
    return res.headers;
  } catch {
    throw new AppError("VALIDATION", undefined, { currentPassword: ["That password is not right."] });
  }
}
