import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { getAuth } from "@/server/auth";
import type { Db } from "@/server/db";
import type { EmailOnlyInput } from "../../schemas";
import { sendSetupLink } from "./password-setup-link";
import { findUserByEmail, hasPassword } from "../queries";
import { enforceAuthRateLimit } from "@/server/rate-limit";
import type { Requester } from "./requester";

/**
 * Every answer takes at least this long from the request's start, whichever branch ran (no timing
 * oracle). better-auth's own 500 ms floor starts only after our rate limits and lookups, so a floor of
 * 500 ms here would let password-less accounts answer sooner than the rest; this one covers better-auth's
 * floor plus our work before it.
 */
export const ANSWER_FLOOR_MS = 1000;

/**
 * Sends a fresh link when the email belongs to an unconfirmed account: the confirmation link when it
 * has a password (confirming asks for it, ADR 0012), a "choose your password" link when it has none (a
 * guest's or an admin-made account — there is nothing to confirm with). Every other email gets the
 * same answer in the same time.
 */
export async function resendVerification(
  db: Db,
  actor: Pick<Requester, "ip">,
  input: EmailOnlyInput,
): Promise<void> {
  // The floor measures the real time this answer took, so it reads the clock itself (not an injected `now`).
  const started = Date.now();
  const { email } = input;
  await enforceAuthRateLimit(db, "resend", actor.ip, email);
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerified && !(await hasPassword(db, user.id))) {
    await db.transaction((tx) => sendSetupLink(tx, user, "register"));
  } else {
    // better-auth sends only to an unconfirmed account and has its own floor for the rest.
    const auth = await getAuth();
    await auth.api.sendVerificationEmail({ body: { email } });
  }
  const left = ANSWER_FLOOR_MS - (Date.now() - started);
  if (left > 0) await sleep(left);
}
