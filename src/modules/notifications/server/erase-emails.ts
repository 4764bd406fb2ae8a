import "server-only";
import { eq, inArray, or, type SQLWrapper } from "drizzle-orm";
import type { Tx } from "@/server/db";
import { emails } from "@/server/db/schema";

/**
 * Erasure (account deletion): every email to or about a person goes, sent or not — the outbox would
 * otherwise keep their personal data. `bookingIds` is a subquery of their bookings' ids.
 */
export async function eraseEmailsOf(tx: Tx, userId: string, bookingIds: SQLWrapper): Promise<void> {
  await tx.delete(emails).where(or(eq(emails.userId, userId), inArray(emails.bookingId, bookingIds)));
}
