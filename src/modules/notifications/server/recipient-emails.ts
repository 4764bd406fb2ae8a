import "server-only";
import { desc, eq, or, sql } from "drizzle-orm";
import type { EmailStatus } from "@/lib/enums";
import { type DbOrTx, getDb } from "@/server/db";
import { emails } from "@/server/db/schema";
import { emailHeadline } from "./email-headline";

// The emails one person was sent (the admin's customer profile): those linked to their account and any
// addressed to their email (a guest's confirmation before the account existed), newest first.

export type RecipientEmail = {
  id: string;
  to: string;
  template: string;
  subject: string | null;
  status: EmailStatus;
  bookingId: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export async function listEmailsForRecipient(
  db: DbOrTx,
  input: { userId: string; email: string; limit?: number },
): Promise<RecipientEmail[]> {
  return db
    .select({
      ...emailHeadline,
      status: emails.status,
      bookingId: emails.bookingId,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(or(eq(emails.userId, input.userId), sql`lower(${emails.to}) = ${input.email.toLowerCase()}`))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(input.limit ?? 50);
}

export const loadEmailsForRecipient = async (input: { userId: string; email: string }) =>
  listEmailsForRecipient(await getDb(), input);
