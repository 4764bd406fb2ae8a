import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { users } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** The customer, locked for the write; an admin, an erased account or an unknown id is NOT_FOUND. */
export async function lockCustomer(tx: DbOrTx, customerId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, customerId)).for("update");
  if (!row || row.role !== "customer" || row.anonymisedAt) throw new AppError("NOT_FOUND");
  return row;
}
