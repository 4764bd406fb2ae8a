import "server-only";
import { getAuth } from "@/server/auth";
import { VERIFY_CALLBACK } from "@/server/auth/auth";
import { getDb } from "@/server/db";
import { enforceAuthRateLimit } from "./rate-limit";

/**
 * Sends a fresh verification link when the email belongs to an unverified account; answers the same,
 * in the same time (better-auth enforces a 500 ms floor), for every other email.
 */
export async function resendVerification(email: string, ctx: { ip: string }): Promise<void> {
  await enforceAuthRateLimit(await getDb(), "resend", ctx.ip, email);
  const auth = await getAuth();
  await auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFY_CALLBACK } });
}
