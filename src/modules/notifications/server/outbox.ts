import "server-only";
import { and, count, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import type { EmailStatus } from "@/lib/enums";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Db, type DbOrTx, getDb } from "@/server/db";
import { emails } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { hideSecretLinks, templateLabel } from "../domain/outbox-view";
import { isTemplateName, renderTemplate } from "../templates";
import { OUTBOX_CHANNEL } from "./enqueue-email";
import { emailHeadline } from "./email-headline";

// The admin's view of the outbox: every email the product sent or tried to send, and each one as its
// recipient sees it. With no SMTP server (the embedded default) this is where the emails are read.
// Links that let the recipient into their account (set a password, confirm an address) are shown only
// for emails that never left the machine; once an email was delivered, the link is the recipient's
// alone and the admin sees that there was one (ADR 0018).

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxQuery = { status?: EmailStatus; q?: string; page?: number };

export type OutboxRow = {
  id: string;
  to: string;
  template: string;
  label: string;
  subject: string | null;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  bookingId: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export async function listOutbox(db: DbOrTx, viewer: Pick<Actor, "id">, query: OutboxQuery) {
  await assertAdminActor(db, viewer);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(emails.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${ilike(emails.to, like)} OR ${ilike(emails.subject, like)})`);
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(emails).where(where);
  const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select({
      ...emailHeadline,
      status: emails.status,
      attempts: emails.attempts,
      lastError: emails.lastError,
      bookingId: emails.bookingId,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(where)
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  return {
    rows: rows.map((r): OutboxRow => ({ ...r, label: templateLabel(r.template) })),
    total,
    page,
    pageCount,
  };
}

export type OutboxEmail = OutboxRow & {
  html: string;
  text: string;
  attachments: { filename: string; contentType: string }[];
  /** The account links were hidden (the email was delivered to its recipient). */
  linksHidden: boolean;
  /** Rendered for this view: the delivery job has not rendered it yet. */
  preview: boolean;
};

export async function getOutboxEmail(
  db: DbOrTx,
  viewer: Pick<Actor, "id">,
  id: string,
): Promise<OutboxEmail | null> {
  await assertAdminActor(db, viewer);
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  if (!row) return null;
  let { subject, html, text } = row;
  const preview = subject === null || html === null || text === null;
  if (preview) {
    if (!isTemplateName(row.template)) return null;
    const s = await getSettingsOrThrow(db);
    ({ subject, html, text } = await renderTemplate(row.template, row.data as never, {
      businessName: s.businessName,
      contactEmail: s.contactEmail,
      contactPhone: s.contactPhone,
      appUrl: getEnv().APP_URL,
    }));
  }
  // Only an email that reached (or may have reached) its recipient keeps its account links private.
  const delivered = row.status === "sent" || row.messageId !== null;
  const hidden = delivered ? hideSecretLinks(row.template, html ?? "", text ?? "") : null;
  return {
    id: row.id,
    to: row.to,
    template: row.template,
    label: templateLabel(row.template),
    subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    bookingId: row.bookingId,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    html: hidden?.html ?? html ?? "",
    text: hidden?.text ?? text ?? "",
    attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
    linksHidden: hidden !== null && hidden.count > 0,
    preview,
  };
}

/** Sends a failed email again: back in the queue with a fresh set of attempts, the job woken at once. */
export async function retryEmail(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const [row] = await tx
      .update(emails)
      .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emails.id, id), eq(emails.status, "failed")))
      .returning({ id: emails.id, to: emails.to, template: emails.template, bookingId: emails.bookingId });
    if (!row) {
      const [exists] = await tx.select({ status: emails.status }).from(emails).where(eq(emails.id, id));
      if (!exists) throw new AppError("NOT_FOUND");
      throw new AppError(
        "CONFLICT",
        "This email is not failed any more: it was already sent or is being retried.",
      );
    }
    await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${row.id})`);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "email.retry",
      entity: "email",
      entityId: row.id,
      summary: { to: row.to, template: row.template },
    });
    await publish(
      tx,
      "email.status",
      { audience: "admins" },
      { emailId: row.id, status: "queued", template: row.template },
    );
  });
}

/** For the outbox pages (pages don't reach the database themselves). */
export async function loadOutbox(viewer: Pick<Actor, "id">, query: OutboxQuery) {
  return listOutbox(await getDb(), viewer, query);
}
export async function loadOutboxEmail(viewer: Pick<Actor, "id">, id: string) {
  return getOutboxEmail(await getDb(), viewer, id);
}
