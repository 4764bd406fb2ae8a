import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { getEnv } from "@/env";
import type { DbOrTx } from "@/server/db";
import { verifications } from "@/server/db/schema";
import { hasPassword } from "../queries";
import { enqueueEmail } from "@/modules/notifications/server";
import type { TemplateDataMap } from "@/modules/notifications/templates";

export const SETUP_TOKEN_DAYS = 7;

/**
 * A single-use "choose your password" link. It is a password-reset token in better-auth's own format
 * (`reset-password:<token>` → user id), so one page and one use case serve both; it lasts 7 days.
 */
export async function createPasswordSetupLink(tx: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(now.getTime() + SETUP_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  return new URL(`/auth/setup-password?token=${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
}

/** Mails a person a fresh set-up link (in the caller's transaction, through the outbox). */
export async function sendSetupLink(
  tx: DbOrTx,
  user: { id: string; name: string; email: string },
  reason: TemplateDataMap["setup-password"]["reason"],
): Promise<void> {
  const url = await createPasswordSetupLink(tx, user.id);
  await enqueueEmail(tx, {
    to: user.email,
    template: "setup-password",
    data: { name: user.name, url, reason },
    userId: user.id,
  });
}

/**
 * For a booking's own email: a fresh set-up link when the customer can't sign in yet (a guest's new
 * account, which has no password), so the guest gets one email with the link as a section rather than an
 * email of its own; null when they have a password.
 */
export async function setupLinkIfPasswordless(tx: DbOrTx, userId: string): Promise<string | null> {
  if (await hasPassword(tx, userId)) return null;
  return createPasswordSetupLink(tx, userId);
}
