import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, like, lt, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { getAuth } from "@/server/auth";
import type { Db } from "@/server/db";
import { verifications } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { findUserByEmail } from "../queries";
import type { EmailOnlyInput } from "../../schemas";
import { consumeRateLimit, emailKey, enforceAuthRateLimit, refundRateLimits } from "@/server/rate-limit";
import type { Requester } from "./requester";

/** The NOTIFY that wakes the job runner when a request is written (see `accountWakeups`). */
export const RESET_REQUEST_CHANNEL = "password_reset_requests";

// A request is a row in accounts' own token table: `password-reset-request:<id>` → the email typed.
const PREFIX = "password-reset-request:";
/** A request not handled within this time is dropped (the link it would bring lasts 1 hour too). */
const REQUEST_TTL_MS = 60 * 60_000;
/** A runner that claimed a request and then died or failed leaves it to be tried again after this. */
export const RESET_REQUEST_LEASE_MS = 60_000;
const BATCH = 50;

/**
 * Answers "check your inbox" whether or not the email has an account. The answer does the same work for
 * every email — the rate limits and one written request — and the lookup, the link and the email happen
 * in the job runner, so its timing can't tell whether the email has an account. The request is written
 * before the answer, so an error or a restart afterwards loses nothing: the runner retries.
 *
 * Limited per address only (ADR 0041): a request for someone's email is never refused, so strangers
 * can't stop the owner from asking; the runner caps the emails one account is sent instead. These
 * counters are not sign-in's, so asking for resets never blocks signing in either.
 */
export async function requestPasswordReset(
  db: Db,
  actor: Pick<Requester, "ip">,
  input: EmailOnlyInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const { email } = input;
  await enforceAuthRateLimit(db, "forgot", actor.ip);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(verifications).values({
      id,
      identifier: `${PREFIX}${id}`,
      value: email,
      expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
      // Never claimed: the first runner to see it may take it at once.
      updatedAt: new Date(0),
    });
    await tx.execute(sql`SELECT pg_notify(${RESET_REQUEST_CHANNEL}, ${id})`);
  });
}

/**
 * The runner's side: each waiting request is claimed (so two runners don't both send), the email looked
 * up and, when it has an account, better-auth's reset link mailed; then the request is deleted. A failed
 * one stays and is tried again once its claim lapses, until it expires.
 */
export async function handlePasswordResetRequests(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const due = await db
    .select()
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, `${PREFIX}%`),
        lt(verifications.updatedAt, new Date(now.getTime() - RESET_REQUEST_LEASE_MS)),
      ),
    )
    .limit(BATCH);
  for (const request of due) {
    if (request.expiresAt <= now) {
      await db.delete(verifications).where(eq(verifications.id, request.id));
      logger.error({ requestId: request.id }, "password reset request expired before it could be sent");
      continue;
    }
    const claimed = await db
      .update(verifications)
      .set({ updatedAt: now })
      .where(and(eq(verifications.id, request.id), eq(verifications.updatedAt, request.updatedAt)))
      .returning({ id: verifications.id });
    if (claimed.length === 0) continue;
    try {
      await sendResetLinkIfKnown(db, request.value);
      await db.delete(verifications).where(eq(verifications.id, request.id));
    } catch (err) {
      logger.warn({ err, requestId: request.id }, "password reset request failed; it will be retried");
    }
  }
}

/**
 * At most AUTH_RESET_EMAILS_PER_ACCOUNT emails per account per window, whoever asks: the rest are dropped
 * here, after the answer, so the asker can't tell. The owner still has the links already sent (each
 * lasts an hour, longer than the window), so strangers asking over and over never stop a reset.
 */
async function sendResetLinkIfKnown(db: Db, email: string): Promise<void> {
  if (!(await findUserByEmail(db, email))) return;
  const env = getEnv();
  const key = `forgot:sent:${emailKey(email)}`;
  const quota = await consumeRateLimit(
    db,
    key,
    env.AUTH_RESET_EMAILS_PER_ACCOUNT,
    env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!quota.ok) {
    logger.info("password reset email not sent: this account was sent enough in this window");
    return;
  }
  const auth = await getAuth();
  try {
    await auth.api.requestPasswordReset({ body: { email } });
  } catch (err) {
    // Not sent: it is tried again, and must not use the account's allowance twice.
    await refundRateLimits(db, [key]);
    throw err;
  }
}
