import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { admin } from "better-auth/plugins";
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { accounts, sessions, users, verifications } from "@/server/db/schema";
import { getAuthSecret } from "./secret";

export function createAuth(db: Db) {
  const env = getEnv();
  return betterAuth({
    appName: "Forecourt",
    baseURL: env.APP_URL,
    secret: getAuthSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      requireEmailVerification: true,
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] }), nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
