import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db";
import { accounts, users, verifications } from "@/server/db/schema";

export type AccountUser = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<AccountUser | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<AccountUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function hasPassword(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, userId),
        eq(accounts.providerId, "credential"),
        sql`${accounts.password} IS NOT NULL`,
      ),
    );
  return Boolean(row);
}

/** Whether a password reset / set-up token is still usable (exists and has not expired). */
export async function isPasswordTokenUsable(token: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, new Date())),
    );
  return Boolean(row);
}

/** The signed-in person's own record, for the settings screens. */
export async function getAccountOrThrow(userId: string): Promise<AccountUser> {
  const user = await findUserById(await getDb(), userId);
  if (!user) throw new Error("signed-in user has no record");
  return user;
}
