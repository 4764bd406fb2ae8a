import "server-only";
import { getAuth } from "@/server/auth";
import { getDb } from "@/server/db";
import { enforceAuthRateLimit } from "./rate-limit";

/** Emails a single-use reset link (1 hour) when the account exists; the same answer either way. */
export async function requestPasswordReset(email: string, ctx: { ip: string }): Promise<void> {
  await enforceAuthRateLimit(await getDb(), "forgot", ctx.ip, email);
  const auth = await getAuth();
  await auth.api.requestPasswordReset({ body: { email } });
}
