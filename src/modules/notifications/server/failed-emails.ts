import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { emails } from "@/server/db/schema";
import { emailHeadline } from "./email-headline";

// The outbox's failures, for the admin's action queue: emails that gave up after their last attempt.
// Only recent ones (a failure the admin has had a week to see is history, kept on the booking's page).

export type FailedEmail = {
  id: string;
  to: string;
  template: string;
  subject: string | null;
  bookingId: string | null;
  failedAt: Date;
};

/** How many emails failed since `since`, and the latest `limit` of them (newest first). */
export async function listFailedEmails(
  db: DbOrTx,
  input: { since: Date; limit: number },
): Promise<{ count: number; items: FailedEmail[] }> {
  // Uses emails_status_created_idx (status, created_at).
  const where = and(eq(emails.status, "failed"), gte(emails.createdAt, input.since));
  // The total rides on the rows (count(*) OVER () is computed before the LIMIT): one query.
  const rows = await db
    .select({
      ...emailHeadline,
      bookingId: emails.bookingId,
      failedAt: emails.updatedAt,
      total: sql<number>`(count(*) OVER ())::int`,
    })
    .from(emails)
    .where(where)
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(input.limit);
  const items = rows.map(({ total: _total, ...item }) => item);
  return { count: Number(rows[0]?.total ?? 0), items };
}
