import "server-only";
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { getEnv } from "@/env";
import type { DbOrTx } from "@/server/db";
import { AppError } from "@/server/errors";
import { getSecret } from "@/server/auth/secret";

/** Counters never store an address: the key is a keyed hash of it (nothing to erase on deletion). */
export function emailKey(email: string): string {
  return createHmac("sha256", getSecret())
    .update(email.trim().toLowerCase())
    .digest("base64url")
    .slice(0, 32);
}

/** Password checks have their own limits (sign-in-limits.ts). */
export type RateLimitedAction = "register" | "resend" | "forgot" | "confirm";

/**
 * Counts one attempt against `key` in a fixed window, atomically (one upsert), and tells whether it is
 * within `limit`. Counters live in the database so several app instances share them.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<{ ok: boolean; count: number; retryAfterSeconds: number }> {
  const windowEnds = new Date(now.getTime() + windowSeconds * 1000);
  const res = await db.execute<{ count: number; window_ends_at: Date | string }>(sql`
    INSERT INTO rate_limits (key, count, window_ends_at) VALUES (${key}, 1, ${windowEnds})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_ends_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
      window_ends_at = CASE WHEN rate_limits.window_ends_at <= ${now} THEN ${windowEnds} ELSE rate_limits.window_ends_at END
    RETURNING count, window_ends_at`);
  const row = res.rows[0];
  const count = Number(row?.count ?? 1);
  const ends = new Date(row?.window_ends_at ?? windowEnds);
  return {
    ok: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((ends.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets the counters (a right password clears the failures that led to it). */
export async function clearRateLimits(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`DELETE FROM rate_limits WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

/** Takes back one counted attempt from each counter still in its window (it turned out not to count). */
export async function refundRateLimits(db: DbOrTx, keys: string[], now = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE rate_limits SET count = GREATEST(count - 1, 0)
    WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) AND window_ends_at > ${now}`);
}

/** "a minute" / "N minutes" for the refusal messages. */
export function minutesInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/**
 * The auth limits of the flows that check no password: every attempt counts, per IP and per email
 * (when one is given). Throws RATE_LIMITED (HTTP 429) when either
 * is exceeded. Limits come from the environment (tests set small known values); they are never off.
 */
export async function enforceAuthRateLimit(
  db: DbOrTx,
  action: RateLimitedAction,
  ip: string,
  email?: string,
): Promise<void> {
  const env = getEnv();
  const window = env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const byIp = await consumeRateLimit(db, `${action}:ip:${ip}`, env.AUTH_RATE_LIMIT_PER_IP, window);
  const byEmail = email
    ? await consumeRateLimit(db, `${action}:email:${emailKey(email)}`, env.AUTH_RATE_LIMIT_PER_EMAIL, window)
    : null;
  const blocked = [byIp, byEmail].filter((r) => r && !r.ok);
  if (blocked.length > 0) {
    const wait = Math.max(...blocked.map((r) => r?.retryAfterSeconds ?? 60));
    throw new AppError(
      "RATE_LIMITED",
      `Too many attempts. Please wait ${minutesInWords(wait)} and try again.`,
    );
  }
}
