import "server-only";
import { port } from "@/server/ports";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins";
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { accounts, sessions, users, verifications } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { notifySessionsEnded } from "@/server/realtime/publish";
import { originPolicy } from "@/server/http";
import { decideSameOrigin } from "@/server/same-origin";
import { getSecret } from "./secret";

export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFY_TOKEN_SECONDS = 24 * 60 * 60;

/** Who is written to, and with which link; the accounts module sends these (wired in src/composition). */
export type AuthEmailHooks = {
  sendResetPassword: (db: Db, to: { id: string; name: string; email: string }, url: string) => Promise<void>;
  sendVerificationEmail: (
    db: Db,
    to: { id: string; name: string; email: string },
    url: string,
  ) => Promise<void>;
};

// The platform imports no module, so the composition root passes in how to email (accounts' templates).
declare module "@/server/ports" {
  interface Ports {
    authEmails: AuthEmailHooks;
  }
}

export function createAuth(db: Db) {
  const env = getEnv();
  const emails = port("authEmails");
  return betterAuth({
    appName: "Forecourt",
    baseURL: env.APP_URL,
    // The same origins as every other state-changing endpoint (src/server/same-origin.ts): APP_URL (from
    // baseURL), ALLOWED_ORIGINS, and the request's own origin when its Origin names the host it was sent to
    // (sign-out at http://127.0.0.1:3000 while APP_URL says localhost).
    trustedOrigins: (request) => {
      const policy = originPolicy();
      const decision = request ? decideSameOrigin(request, policy) : null;
      return decision?.ok && decision.origin
        ? [...policy.allowedOrigins, decision.origin]
        : [...policy.allowedOrigins];
    },
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
        await emails.sendResetPassword(db, user, url);
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
        await emails.sendVerificationEmail(db, user, url);
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
    // A session ended through better-auth (signing out; a password change or reset ending the others)
    // closes the live-event streams it opened at once, in every app process (issue 28 #4). Runs after
    // the delete has committed; a failure only leaves the streams to their next periodic check.
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => {
            await notifySessionsEnded(db, session.userId).catch((err: unknown) =>
              logger.warn({ err }, "could not announce the end of a session"),
            );
          },
        },
      },
    },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
