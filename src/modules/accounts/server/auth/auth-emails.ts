import "server-only";
import type { Db } from "@/server/db";
import type { AuthEmailHooks } from "@/server/auth/auth";
import { enqueueEmail } from "@/modules/notifications/server";

type LinkTemplate = "reset-password" | "verify-email";

const sendLink =
  (template: LinkTemplate) =>
  (db: Db, user: { id: string; name: string; email: string }, url: string): Promise<void> =>
    db.transaction(async (tx) => {
      await enqueueEmail(tx, { to: user.email, template, data: { name: user.name, url }, userId: user.id });
    });

/** The emails better-auth asks for, through the outbox like every other account email. */
export const accountAuthEmails: AuthEmailHooks = {
  sendResetPassword: sendLink("reset-password"),
  sendVerificationEmail: sendLink("verify-email"),
};
