import "server-only";
import { and, eq, lt, lte, or, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { emails } from "@/server/db/schema";
import type { MailTransport } from "@/server/email/transport";
import { logger } from "@/server/logger";
import { publish } from "@/server/realtime/publish";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { retryDelayMs } from "../domain/backoff";
import { linksInText, loggedEmailMessage } from "../domain/links";
import { fromHeader, replyToAddress } from "../domain/sender";
import { isTemplateName, PURGE_AFTER_SEND, renderTemplate } from "../templates";
import { faultPoint } from "@/server/fault-point";

export type DeliveryOutcome = "sent" | "logged" | "retry" | "failed" | "skipped";

export type DeliverOptions = {
  transport: MailTransport;
  now?: () => Date;
  maxAttempts?: number;
  retryBaseSeconds?: number;
  from?: string;
  appUrl?: string;
};

const CLAIM_MS = 2 * 60 * 1000;

/**
 * "Due at or before `now`", where `now` is a JavaScript date (milliseconds) and next_attempt_at is a
 * database timestamp (microseconds, `now()` of the queueing transaction). An email queued within the
 * same millisecond would otherwise read as due 0.4 ms in the future and wait for the minute's sweep.
 */
const dueBy = (now: Date) => lt(emails.nextAttemptAt, new Date(now.getTime() + 1));

/**
 * Sends one outbox email. Safe to call from several workers at once: the row is claimed with a
 * compare-and-swap, and a claim left by a crashed worker lapses after two minutes. Delivery is
 * at-least-once: a crash after the SMTP server accepted the message but before the row is marked may
 * send it again, which is better than losing it.
 */
export async function deliverEmail(db: Db, emailId: string, opts: DeliverOptions): Promise<DeliveryOutcome> {
  const env = getEnv();
  const now = opts.now?.() ?? new Date();
  const maxAttempts = opts.maxAttempts ?? env.EMAIL_MAX_ATTEMPTS;
  const claimUntil = new Date(now.getTime() + CLAIM_MS);
  const [email] = await db
    .update(emails)
    .set({
      status: "sending",
      lockedUntil: claimUntil,
      attempts: sql`${emails.attempts} + 1`,
    })
    .where(
      and(
        eq(emails.id, emailId),
        dueBy(now),
        or(eq(emails.status, "queued"), and(eq(emails.status, "sending"), lte(emails.lockedUntil, now))),
      ),
    )
    .returning();
  if (!email) return "skipped";
  // Later writes apply only while this worker still owns the claim (a lapsed claim may have been taken
  // over by another worker, whose result must not be overwritten).
  const owned = and(
    eq(emails.id, email.id),
    eq(emails.status, "sending"),
    eq(emails.lockedUntil, claimUntil),
  );

  try {
    faultPoint("email:claimed");
    let { subject, html, text } = email;
    const s = await getSettingsOrThrow(db);
    if (subject === null || html === null || text === null) {
      if (!isTemplateName(email.template))
        throw new PermanentError(`Unknown email template "${email.template}"`);
      const rendered = await renderTemplate(email.template, email.data as never, {
        businessName: s.businessName,
        contactEmail: s.contactEmail,
        contactPhone: s.contactPhone,
        appUrl: opts.appUrl ?? env.APP_URL,
      });
      ({ subject, html, text } = rendered);
      await db.update(emails).set(rendered).where(owned);
    }

    if (opts.transport.kind === "log") {
      logger.info(
        { emailId: email.id, to: email.to, subject, template: email.template, links: linksInText(text) },
        loggedEmailMessage(email.to, subject, text),
      );
      await db
        .update(emails)
        .set({ status: "logged", sentAt: now, lockedUntil: null, lastError: null })
        .where(owned);
      if (PURGE_AFTER_SEND.has(email.template as never))
        await db.delete(emails).where(eq(emails.id, email.id));
      return "logged";
    }

    const { messageId } = await opts.transport.send({
      from: fromHeader(opts.from ?? env.EMAIL_FROM, s.emailSenderName),
      replyTo: replyToAddress(s),
      to: email.to,
      subject,
      html,
      text,
      attachments: email.attachments,
    });
    faultPoint("email:smtp-accepted");
    await db
      .update(emails)
      .set({ status: "sent", sentAt: now, messageId, lockedUntil: null, lastError: null })
      .where(owned);
    logger.info({ emailId: email.id, template: email.template, attempts: email.attempts }, "email sent");
    if (isTemplateName(email.template) && PURGE_AFTER_SEND.has(email.template)) {
      await db.delete(emails).where(eq(emails.id, email.id));
    }
    return "sent";
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const giveUp = err instanceof PermanentError || email.attempts >= maxAttempts;
    const nextAttemptAt = new Date(
      now.getTime() + retryDelayMs(email.attempts, opts.retryBaseSeconds ?? env.EMAIL_RETRY_BASE_SECONDS),
    );
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(emails)
        .set({
          status: giveUp ? "failed" : "queued",
          lastError: message.slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: giveUp ? email.nextAttemptAt : nextAttemptAt,
        })
        .where(owned)
        .returning({ id: emails.id });
      if (giveUp && updated.length > 0) {
        await publish(
          tx,
          "email.status",
          { audience: "admins" },
          { emailId: email.id, status: "failed", template: email.template },
        );
      }
    });
    logger.warn(
      { emailId: email.id, attempts: email.attempts, giveUp, err: message },
      "email delivery failed",
    );
    return giveUp ? "failed" : "retry";
  }
}

class PermanentError extends Error {}

/** Ids of emails that are due now (queued and due, or claimed by a worker that died). */
export async function findDueEmailIds(db: Db, now = new Date(), limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        dueBy(now),
        or(eq(emails.status, "queued"), and(eq(emails.status, "sending"), lte(emails.lockedUntil, now))),
      ),
    )
    .orderBy(emails.nextAttemptAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
