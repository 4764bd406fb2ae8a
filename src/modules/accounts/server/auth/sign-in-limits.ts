import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { getEnv } from "@/env";
import type { DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import { signInDelayMs } from "../../domain/sign-in-delay";
import {
  clearRateLimits,
  consumeRateLimit,
  emailKey,
  minutesInWords,
  refundRateLimits,
} from "@/server/rate-limit";

/** What a password check does once better-auth has answered. */
export type PasswordCheck = {
  /** The right password, signed in: this address's failures, for this account and overall, are forgotten. */
  succeeded: () => Promise<void>;
  /** Not a wrong password (right but refused — unconfirmed, deactivated — or our own error): uncounted. */
  forgive: () => Promise<void>;
};

const keysFor = (ip: string, email: string) => {
  const account = emailKey(email);
  return {
    attempts: `login:ip:${ip}`,
    address: `login:failed:ip:${ip}`,
    pair: `login:failed:pair:${account}:${ip}`,
    account: `login:failed:account:${account}`,
  };
};

/**
 * A new password set through the emailed link proves the inbox: this address's wrong passwords for the
 * account are forgotten, so "reset your password" really is the way back in from a refused device.
 */
export async function forgetPasswordFailures(db: DbOrTx, ip: string, email: string): Promise<void> {
  const keys = keysFor(ip, email);
  await clearRateLimits(db, [keys.pair, keys.address]);
}

export type PasswordCheckOptions = { now?: Date; wait?: (ms: number) => Promise<unknown> };

/**
 * The limits on checking a password (ADR 0041), before better-auth checks it. Wrong passwords are what
 * count; the attempt is counted as one up front — in one atomic upsert per counter, so parallel attempts
 * can't slip past — and `succeeded()`/`forgive()` settle it afterwards.
 *
 * - from this address for this account (5 / window): refused, 429 — the owner elsewhere is not affected;
 * - from this address for any account (20 / window): refused, 429;
 * - every attempt from this address (100 / window, successes too, never reset): refused, 429 — someone
 *   who owns an account can't wipe the failure count above by signing into it between guesses;
 * - for this account from anywhere (after 10 / window): each answer delayed, 250 ms doubling to 5 s —
 *   never refused, so a stranger can slow the owner's sign-in down by seconds but never stop it.
 */
export async function startPasswordCheck(
  db: DbOrTx,
  ip: string,
  email: string,
  { now = new Date(), wait = sleep }: PasswordCheckOptions = {},
): Promise<PasswordCheck> {
  const env = getEnv();
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const keys = keysFor(ip, email);
  const attempts = await consumeRateLimit(db, keys.attempts, env.AUTH_SIGN_IN_ATTEMPTS_PER_IP, window, now);
  if (!attempts.ok) throw tooMany(attempts.retryAfterSeconds);
  const pair = await consumeRateLimit(
    db,
    keys.pair,
    env.AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP,
    window,
    now,
  );
  const address = await consumeRateLimit(db, keys.address, env.AUTH_SIGN_IN_FAILURES_PER_IP, window, now);
  const refused = [pair, address].filter((r) => !r.ok);
  if (refused.length > 0) throw tooMany(Math.max(...refused.map((r) => r.retryAfterSeconds)));

  // Counted for the account only once the address may try: refused attempts check no password.
  const forAccount = await consumeRateLimit(db, keys.account, Number.MAX_SAFE_INTEGER, window, now);
  const delay = signInDelayMs(forAccount.count - 1, env.AUTH_SIGN_IN_SLOW_AFTER);
  if (delay > 0) await wait(delay);

  const counted = [keys.pair, keys.address, keys.account];
  return {
    succeeded: async () => {
      await clearRateLimits(db, [keys.pair, keys.address]);
      await refundRateLimits(db, [keys.account], now);
    },
    forgive: () => refundRateLimits(db, counted, now),
  };
}

function tooMany(retryAfterSeconds: number): AppError {
  return new AppError(
    "RATE_LIMITED",
    `Too many attempts from this device. Try again in ${minutesInWords(retryAfterSeconds)}, or reset your password.`,
  );
}
