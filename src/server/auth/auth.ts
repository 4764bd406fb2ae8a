import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins";
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { accounts, sessions, users, verifications } from "@/server/db/schema";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { getSecret } from "./secret";

export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

export function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: "Forecourt",
    baseURL: env.APP_URL,
    secret: getSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // Resetting the password ends every other session (a stolen session dies with the old password).
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = new URL(
          `/auth/reset-password?token=${encodeURIComponent(token)}`,
          env.APP_URL,
        ).toString();
        await db.transaction((tx) =>
          enqueueEmail(tx, {
            to: user.email,
            template: "reset-password",
            data: { name: user.name, url },
            userId: user.id,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link opens Forecourt's confirmation page, which signs in only after the person's own
      // same-site POST with their password (ADR 0012); better-auth's GET endpoint is never reached.
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const url = new URL(`/auth/verify-email?token=${encodeURIComponent(token)}`, env.APP_URL).toString();
        await db.transaction((tx) =>
          enqueueEmail(tx, {
            to: user.email,
            template: "verify-email",
            data: { name: user.name, url },
            userId: user.id,
          }),
        );
      },
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false },
      },
    },
    // A remembered session lasts 30 days (renewed daily while used); without "remember me" the cookie
    // ends with the browser session and better-auth gives the session one day.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Forecourt's own limits (database-backed, per IP and per email) guard every flow, and the HTTP
    // endpoints that could bypass them are closed (src/app/api/auth/[...all]/route.ts).
    rateLimit: { enabled: false },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
