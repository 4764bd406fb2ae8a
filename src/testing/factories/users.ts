import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { DbOrTx } from "@/server/db/client";
import { accounts, addresses, staffTeams, users, vehicles } from "@/server/db/schema";
import { normaliseRegistration } from "@/lib/registration";

let seq = 0;
const next = () => ++seq;

export type UserRow = typeof users.$inferSelect;

export function buildUser(overrides: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert {
  const n = next();
  return {
    id: randomUUID(),
    name: `Test Person ${n}`,
    email: `person${n}-${randomUUID().slice(0, 8)}@example.test`,
    emailVerified: true,
    role: "customer",
    ...overrides,
  };
}

/**
 * Inserts a user; with `password` (or its precomputed `passwordHash`), also the credential account
 * better-auth signs in with.
 */
export async function insertUser(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; passwordHash?: string } = {},
): Promise<UserRow> {
  const { password, passwordHash, ...rest } = overrides;
  const [user] = await db.insert(users).values(buildUser(rest)).returning();
  if (!user) throw new Error("user insert returned nothing");
  if (password || passwordHash) {
    await db.insert(accounts).values({
      id: randomUUID(),
      accountId: user.id,
      providerId: "credential",
      userId: user.id,
      password: passwordHash ?? (await hashPassword(password as string)),
    });
  }
  return user;
}

export async function insertVehicle(
  db: DbOrTx,
  overrides: Partial<typeof vehicles.$inferInsert> & { ownerId: string; vehicleSizeId: string },
) {
  const [row] = await db
    .insert(vehicles)
    .values({
      make: "Volkswagen",
      model: "Golf",
      ...overrides,
      registration: normaliseRegistration(overrides.registration ?? `T${next()}EST`),
    })
    .returning();
  if (!row) throw new Error("vehicle insert returned nothing");
  return row;
}

export async function insertAddress(
  db: DbOrTx,
  overrides: Partial<typeof addresses.$inferInsert> & { ownerId: string },
) {
  const [row] = await db
    .insert(addresses)
    .values({ label: "Home", line1: "1 Test Street", town: "London", postcode: "SW9 8AB", ...overrides })
    .returning();
  if (!row) throw new Error("address insert returned nothing");
  return row;
}

/** A technician (staff) who works in these teams; with `password`, one who can sign in. */
export async function insertStaff(
  db: DbOrTx,
  overrides: Partial<typeof users.$inferInsert> & {
    teamIds: string[];
    password?: string;
    passwordHash?: string;
  },
): Promise<UserRow> {
  const { teamIds, ...rest } = overrides;
  const user = await insertUser(db, { ...rest, role: "staff" });
  if (teamIds.length)
    await db.insert(staffTeams).values(teamIds.map((teamId) => ({ userId: user.id, teamId })));
  return user;
}
