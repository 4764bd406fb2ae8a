import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, like } from "drizzle-orm";
import { getEnv } from "@/env";
import { getAuth } from "@/server/auth";
import type { SessionUser } from "@/server/auth";
import type { Db, DbOrTx } from "@/server/db";
import { users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { ChangeEmailInput } from "../../schemas";
import { findUserByEmail } from "../queries";
import { startPasswordCheck } from "./sign-in-limits";
import type { Requester } from "./requester";

const PREFIX = "change-email:";
const HOURS = 24;

/**
 * Starts an email change: the current password is required, a single-use link goes to the new
 * address, and the current address is told. Nothing changes until the link is opened. Whether the new
 * address has an account is not revealed here; confirming refuses it then.
 */
export async function requestEmailChange(
  db: Db,
  user: SessionUser & Requester,
  input: ChangeEmailInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  if (input.newEmail === user.email.toLowerCase()) {
    throw new AppError("VALIDATION", undefined, { newEmail: ["That is already your email address."] });
  }
  // The current-password check is limited like signing in (ADR 0041).
  const check = await startPasswordCheck(db, user.ip, user.email);
  const auth = await getAuth();
  const ok = await auth.api
    .verifyPassword({ body: { password: input.currentPassword }, headers: user.headers })
    .then(() => true)
    .catch(() => false);
  if (!ok) throw new AppError("VALIDATION", undefined, { currentPassword: ["That password is not right."] });
  await check.succeeded();

  await db.transaction((tx) => startEmailChange(tx, user, input.newEmail, now));
}

/**
 * The emails and the single-use token of an email change, in the caller's transaction: a link to the new
 * address (confirming it changes the account's email), a notice to the current one. A newer request
 * replaces an older one. The customer's own settings and the admin's customer profile both start here.
 */
export async function startEmailChange(
  tx: DbOrTx,
  user: { id: string; name: string; email: string },
  newEmail: string,
  now = new Date(),
): Promise<void> {
  const token = randomBytes(24).toString("base64url");
  const url = new URL(
    `/auth/confirm-email-change?token=${encodeURIComponent(token)}`,
    getEnv().APP_URL,
  ).toString();
  const expiresAt = new Date(now.getTime() + HOURS * 3600_000);
  await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, user.id)));
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `${PREFIX}${token}`,
    value: user.id,
    expiresAt,
  });
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `${PREFIX}${token}:email`,
    value: newEmail,
    expiresAt,
  });
  await enqueueEmail(tx, {
    to: newEmail,
    template: "confirm-email-change",
    data: { name: user.name, url, newEmail },
  });
  await enqueueEmail(tx, {
    to: user.email,
    template: "email-change-requested",
    data: { name: user.name, newEmail },
    userId: user.id,
  });
}

/** The address an email change waits to be confirmed for, if one is pending and unexpired. */
export async function pendingEmailChange(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: Date } | null> {
  const [owner] = await db
    .select({ identifier: verifications.identifier })
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, `${PREFIX}%`),
        eq(verifications.value, userId),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  if (!owner) return null;
  const [target] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${owner.identifier}:email`));
  return target ? { email: target.value, expiresAt: target.expiresAt } : null;
}

export type ConfirmEmailChangeOutcome = "changed" | "expired" | "taken";

/** Shown to someone signed in to another account: it names neither account (ADR 0012). */
export const OTHER_ACCOUNT_MESSAGE =
  "This link was sent for a different account. Sign in to the account that asked for the change, then open the link again.";

/**
 * Uses the emailed link: the new address becomes the account's, verified; the old one is told. Only the
 * account that asked may use it — holding the token proves the inbox, not who the account belongs to,
 * and a stranger's account must not receive a confirmed address by its owner's click (ADR 0012). A
 * refusal leaves the token for the right account.
 */
export async function confirmEmailChange(
  db: Db,
  actor: Pick<SessionUser, "id">,
  input: { token: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<ConfirmEmailChangeOutcome> {
  const { token } = input;
  const keys = [`${PREFIX}${token}`, `${PREFIX}${token}:email`];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(verifications)
      .where(and(inArray(verifications.identifier, keys), gt(verifications.expiresAt, now)));
    const owner = rows.find((r) => r.identifier === `${PREFIX}${token}`);
    const target = rows.find((r) => r.identifier === `${PREFIX}${token}:email`);
    if (!owner || !target) return "expired";
    if (owner.value !== actor.id) throw new AppError("FORBIDDEN", OTHER_ACCOUNT_MESSAGE);
    await tx.delete(verifications).where(inArray(verifications.identifier, keys));
    const [user] = await tx.select().from(users).where(eq(users.id, owner.value));
    if (!user) return "expired";
    const clash = await findUserByEmail(tx, target.value);
    if (clash && clash.id !== user.id) return "taken";
    const settings = await getSettingsOrThrow(tx);
    await tx.update(users).set({ email: target.value, emailVerified: true }).where(eq(users.id, user.id));
    await enqueueEmail(tx, {
      to: user.email,
      template: "email-changed",
      data: { name: user.name, newEmail: target.value, supportEmail: settings.contactEmail },
      userId: user.id,
    });
    return "changed";
  });
}
