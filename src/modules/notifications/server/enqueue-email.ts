import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { emails } from "@/server/db/schema";
import type { TemplateDataMap, TemplateName } from "../templates";

export const OUTBOX_CHANNEL = "forecourt_outbox";

export type EnqueueEmailInput<K extends TemplateName> = {
  to: string;
  template: K;
  data: TemplateDataMap[K];
  bookingId?: string;
  userId?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
};

/**
 * Puts an email in the outbox inside the caller's transaction: it is sent if and only if the caller's
 * change commits. The NOTIFY wakes the job runner at once; the periodic sweep catches anything the
 * notification missed (a runner that was down), so a crash between commit and send loses nothing.
 */
export async function enqueueEmail<K extends TemplateName>(
  tx: DbOrTx,
  input: EnqueueEmailInput<K>,
): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({
      to: input.to,
      template: input.template,
      data: input.data as Record<string, unknown>,
      bookingId: input.bookingId,
      userId: input.userId,
      attachments: input.attachments ?? [],
    })
    .returning({ id: emails.id });
  if (!row) throw new Error("email insert returned nothing");
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${row.id})`);
  return row.id;
}

export type ResentEmail = { id: string; template: string; to: string };

/**
 * Queues a fresh copy of one of a booking's emails (same recipient, template, data and attachments), in
 * the caller's transaction. Null when the booking has no such email (or it was purged after sending).
 */
export async function resendBookingEmail(
  tx: DbOrTx,
  input: { emailId: string; bookingId: string },
): Promise<ResentEmail | null> {
  const [original] = await tx
    .select()
    .from(emails)
    .where(and(eq(emails.id, input.emailId), eq(emails.bookingId, input.bookingId)));
  if (!original) return null;
  const [row] = await tx
    .insert(emails)
    .values({
      to: original.to,
      template: original.template,
      data: original.data,
      bookingId: original.bookingId,
      userId: original.userId,
      attachments: original.attachments,
    })
    .returning({ id: emails.id });
  if (!row) throw new Error("email insert returned nothing");
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${row.id})`);
  return { id: row.id, template: original.template, to: original.to };
}
