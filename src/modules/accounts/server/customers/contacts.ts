import "server-only";
import { inArray } from "drizzle-orm";
import type { UserRole } from "@/lib/enums";
import type { DbOrTx } from "@/server/db";
import { users } from "@/server/db/schema";

// Who people are, for lists that name many of them at once (the admin's today page: customers of the
// day's jobs, the people behind recent activity). One query for any number of ids.

export type UserContact = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserRole;
  /** The account was deleted: its personal data is gone and must not be shown. */
  erased: boolean;
};

export async function findUserContacts(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, UserContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      anonymisedAt: users.anonymisedAt,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        role: r.role,
        erased: r.anonymisedAt !== null,
      },
    ]),
  );
}
