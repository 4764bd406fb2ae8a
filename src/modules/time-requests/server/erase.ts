import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";

/**
 * A deleted account's requests for a time go with it (their visit, days and note are personal data); a
 * booking one of them made stays with the business's accounts, erased by bookings.
 */
export async function eraseCustomerFromTimeRequests(tx: Tx, userId: string): Promise<void> {
  await tx.delete(timeRequests).where(eq(timeRequests.customerId, userId));
}
