import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getAuth } from "@/server/auth";
import { getDb } from "@/server/db";
import { insertUser } from "@/testing/factories";
import { sessions, users } from "@/server/db/schema";
import { createPasswordlessCustomer } from "./create-passwordless-customer";

// Used only by the end-to-end suite through /api/test/* (which exist only with ENABLE_TEST_ROUTES):
// fixtures make users and sessions directly instead of going through the rate-limited sign-in.

export const testUserInput = z.object({
  email: z.string().email(),
  name: z.string().min(1).default("Test Person"),
  password: z.string().min(10),
  role: z.enum(["customer", "admin"]).default("customer"),
  emailVerified: z.boolean().default(true),
});

export async function createTestUser(input: z.infer<typeof testUserInput>) {
  const user = await insertUser(await getDb(), { ...input, email: input.email.toLowerCase() });
  return { id: user.id, email: user.email };
}

export const testSessionInput = z.object({ email: z.string().email(), password: z.string().min(1) });

/** Signs in (no rate limit) and returns the Set-Cookie headers for the browser context. */
export async function createTestSession(input: z.infer<typeof testSessionInput>): Promise<Headers> {
  const auth = await getAuth();
  const { headers } = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    returnHeaders: true,
  });
  return headers;
}

/** Deactivates a user the way the admin will: banned, every session ended. */
export async function banTestUser(email: string) {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ banned: true, banReason: "test" })
    .where(eq(users.email, email.toLowerCase()))
    .returning();
  if (user) await db.delete(sessions).where(eq(sessions.userId, user.id));
}

export const testPasswordlessInput = z.object({ email: z.string().email(), name: z.string().min(1) });

/** What guest checkout and the admin will do: a customer without a password, emailed a set-up link. */
export async function createTestPasswordless(input: z.infer<typeof testPasswordlessInput>) {
  const db = await getDb();
  return db.transaction((tx) => createPasswordlessCustomer(tx, { ...input, reason: "booking" }));
}
