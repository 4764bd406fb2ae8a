import "server-only";
import { getAuth } from "@/server/auth";
import { getDb } from "@/server/db";
import { logger } from "@/server/logger";
import type { Defer } from "./http-handlers";
import { findUserByEmail } from "./queries";
import { enforceAuthRateLimit } from "./rate-limit";

/**
 * Emails a single-use reset link (1 hour) when the account exists; the same answer either way. The
 * answer does the same work for every email (the rate limits) and the lookup and link happen after it
 * is sent, so its timing can't tell whether the email has an account.
 */
export async function requestPasswordReset(email: string, ctx: { ip: string; defer: Defer }): Promise<void> {
  await enforceAuthRateLimit(await getDb(), "forgot", ctx.ip, email);
  ctx.defer(() => sendResetLinkIfKnown(email));
}

async function sendResetLinkIfKnown(email: string): Promise<void> {
  try {
    if (!(await findUserByEmail(await getDb(), email))) return;
    const auth = await getAuth();
    await auth.api.requestPasswordReset({ body: { email } });
  } catch (err) {
    logger.error({ err }, "password reset link could not be queued");
  }
}
