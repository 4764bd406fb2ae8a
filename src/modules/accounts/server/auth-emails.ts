import "server-only";
import type { AuthEmailHooks } from "@/server/auth/auth";
import { enqueueEmail } from "@/modules/notifications/server";

/** The emails better-auth asks for, through the outbox like every other account email. */
export const accountAuthEmails: AuthEmailHooks = {
  sendResetPassword: (db, user, url) =>
    db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        to: user.email,
        template: "reset-password",
        data: { name: user.name, url },
        userId: user.id,
      });
    }),
  sendVerificationEmail: (db, user, url) =>
    db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        to: user.email,
        template: "verify-email",
        data: { name: user.name, url },
        userId: user.id,
      });
    }),
};
