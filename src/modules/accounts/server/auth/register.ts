import "server-only";
import { hashPassword } from "better-auth/crypto";
import { getEnv } from "@/env";
import { getAuth } from "@/server/auth";
import type { Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { eq } from "drizzle-orm";
import { accounts, sessions } from "@/server/db/schema";
import { enqueueEmail } from "@/modules/notifications/server";
import { sendSetupLink } from "./password-setup-link";
import { passwordProblem } from "../../domain/password-policy";
import type { RegisterInput } from "../../schemas";
import { authErrorCode } from "./better-auth-errors";
import { commonPasswords } from "./common-passwords";
import { findUserByEmail } from "../queries";
import { enforceAuthRateLimit } from "@/server/rate-limit";
import type { Requester } from "./requester";
import { notifySessionsEnded } from "@/server/realtime/publish";

/**
 * Creates an unverified customer and emails the verification link. For an email that already has an
 * account the answer is the same (no enumeration): the owner is emailed instead, and the work done
 * (a password hash) keeps the timing alike.
 */
export async function register(db: Db, actor: Pick<Requester, "ip">, input: RegisterInput): Promise<void> {
  await enforceAuthRateLimit(db, "register", actor.ip, input.email);
  const problem = passwordProblem(input.password, commonPasswords(), input.email);
  if (problem) throw new AppError("VALIDATION", undefined, { password: [problem] });

  const existing = await findUserByEmail(db, input.email);
  if (existing) return tellOwner(db, existing, input.password);
  const auth = await getAuth();
  try {
    await auth.api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        phone: input.phone,
      },
    });
  } catch (err) {
    const code = authErrorCode(err);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      // Registered by someone else between our check and the insert.
      const raced = await findUserByEmail(db, input.email);
      if (raced) return tellOwner(db, raced, input.password);
    }
    throw err;
  }
}

async function tellOwner(
  db: Db,
  user: { id: string; name: string; email: string; emailVerified: boolean; role: string },
  password: string,
) {
  await hashPassword(password);
  await db.transaction(async (tx) => {
    if (!user.emailVerified) {
      // Nobody has proved this address yet, so nobody owns it: whoever set a password may not be its
      // owner (an attacker can pre-register someone else's email). The password is dropped and the
      // inbox's owner gets a link to choose one.
      await tx.delete(accounts).where(eq(accounts.userId, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      // Its open live-event streams end now, not at their next session check (issue 28).
      await notifySessionsEnded(tx, user.id);
      // An invited technician or admin hears in their invitation's words, not a customer's (issue 41 §6).
      await sendSetupLink(
        tx,
        user,
        user.role === "staff" ? "staff-invite" : user.role === "admin" ? "admin-invite" : "register",
      );
      return;
    }
    const url = new URL("/auth/login", getEnv().APP_URL).toString();
    await enqueueEmail(tx, {
      to: user.email,
      template: "account-exists",
      data: { name: user.name, url },
      userId: user.id,
    });
  });
}
