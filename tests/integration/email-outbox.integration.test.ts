import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emails, liveEvents } from "@/server/db/schema";
import { smtpTransport, logTransport } from "@/server/email/transport";
import { getLogger } from "@/server/logger";
import { deliverEmail, findDueEmailIds } from "@/modules/notifications/server/deliver-email";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { insertSettings } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { TestSmtp } from "../support/smtp";

describe.each(dbKinds)("email outbox on %s", (kind) => {
  let t: TestDatabase;
  const smtp = new TestSmtp();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { businessName: "Shine <Street> & Co" });
  });
  afterAll(async () => {
    await smtp.stop();
    await t.drop();
  });

  const queue = (to: string) =>
    t.db.transaction((tx) =>
      enqueueEmail(tx, { to, template: "system-test", data: { requestedBy: "<script>alert(1)</script>" } }),
    );

  it("queues nothing when the caller's transaction rolls back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, {
          to: "rollback@example.test",
          template: "system-test",
          data: { requestedBy: "x" },
        });
        throw new Error("caller failed");
      }),
    ).rejects.toThrow("caller failed");
    expect(await t.db.select().from(emails).where(eq(emails.to, "rollback@example.test"))).toHaveLength(0);
  });

  it("renders, escapes and delivers to a real SMTP server", async () => {
    await smtp.start();
    const id = await queue("priya@example.test");
    expect(await deliverEmail(t.db, id, { transport: smtpTransport(smtp.url) })).toBe("sent");
    const [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe("sent");
    expect(row?.attempts).toBe(1);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.html).toContain("&lt;script&gt;");
    expect(row?.html).not.toContain("<script>");
    expect(row?.subject).toBe("Test email from Shine <Street> & Co");
    const got = smtp.received.find((r) => r.to.includes("priya@example.test"));
    expect(got?.raw).toContain("Subject: Test email from Shine <Street> & Co");
    // A second delivery of the same email is a no-op (the row is no longer queued).
    expect(await deliverEmail(t.db, id, { transport: smtpTransport(smtp.url) })).toBe("skipped");
    expect(smtp.received.filter((r) => r.to.includes("priya@example.test"))).toHaveLength(1);
  });

  it("retries with back-off while the server is down and delivers once it is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    const id = await queue("retry@example.test");
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const t0 = new Date();

    expect(await deliverEmail(t.db, id, { transport, now: () => t0, retryBaseSeconds: 30 })).toBe("retry");
    let [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe("queued");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    // Not due yet: neither the sweep nor a delivery touches it.
    expect(await findDueEmailIds(t.db, t0)).not.toContain(id);
    expect(await deliverEmail(t.db, id, { transport, now: () => t0 })).toBe("skipped");

    const t1 = new Date(t0.getTime() + 30_000);
    expect(await findDueEmailIds(t.db, t1)).toContain(id);
    expect(await deliverEmail(t.db, id, { transport, now: () => t1, retryBaseSeconds: 30 })).toBe("retry");
    [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(t1.getTime() + 60_000);

    await smtp.start(port);
    const t2 = new Date(t1.getTime() + 60_000);
    expect(await deliverEmail(t.db, id, { transport, now: () => t2 })).toBe("sent");
    [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe("sent");
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toBeNull();
    expect(smtp.received.some((r) => r.to.includes("retry@example.test"))).toBe(true);
  });

  it("marks an email failed after the last attempt and tells the admins", async () => {
    const id = await queue("never@example.test");
    const transport = smtpTransport("smtp://127.0.0.1:9");
    let now = new Date();
    let outcome = "";
    for (let i = 0; i < 3; i++) {
      outcome = await deliverEmail(t.db, id, {
        transport,
        now: () => now,
        maxAttempts: 3,
        retryBaseSeconds: 1,
      });
      now = new Date(now.getTime() + 10_000);
    }
    expect(outcome).toBe("failed");
    const [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(3);
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "email.status"));
    expect(events.some((e) => (e.payload as { emailId: string }).emailId === id)).toBe(true);
  });

  it("delivers an email queued in the same millisecond as the delivery (the database keeps microseconds)", async () => {
    const id = await queue("same-ms@example.test");
    const at = new Date("2026-11-28T12:31:36.123Z");
    await t.db.execute(
      sql`UPDATE emails SET next_attempt_at = ${at.toISOString()}::timestamptz + interval '400 microseconds' WHERE id = ${id}`,
    );
    expect(await findDueEmailIds(t.db, at)).toContain(id);
    expect(await deliverEmail(t.db, id, { transport: logTransport, now: () => at })).toBe("logged");
    // A whole millisecond early is still not due.
    const id2 = await queue("next-ms@example.test");
    await t.db
      .update(emails)
      .set({ nextAttemptAt: new Date(at.getTime() + 1) })
      .where(eq(emails.id, id2));
    expect(await deliverEmail(t.db, id2, { transport: logTransport, now: () => at })).toBe("skipped");
  });

  it("picks up a claim left by a crashed worker", async () => {
    const id = await queue("crash@example.test");
    const t0 = new Date();
    await t.db
      .update(emails)
      .set({ status: "sending", lockedUntil: new Date(t0.getTime() + 120_000) })
      .where(eq(emails.id, id));
    expect(await findDueEmailIds(t.db, t0)).not.toContain(id);
    const later = new Date(t0.getTime() + 121_000);
    expect(await findDueEmailIds(t.db, later)).toContain(id);
    expect(await deliverEmail(t.db, id, { transport: smtpTransport(smtp.url), now: () => later })).toBe(
      "sent",
    );
  });

  it("logs and marks the email when no SMTP transport is configured", async () => {
    const id = await queue("logged@example.test");
    const info = vi.spyOn(getLogger(), "info");
    expect(await deliverEmail(t.db, id, { transport: logTransport })).toBe("logged");
    // Someone trying the embedded default follows the email's links from the log.
    const line = info.mock.calls.find((c) => String(c[1]).startsWith("email to logged@example.test"));
    info.mockRestore();
    expect(line?.[1]).toMatch(
      /kept in the outbox \(no SMTP_URL\): "Test email from .+" — text: This is a test/,
    );
    const [row] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe("logged");
    expect(row?.html).toContain("Shine &lt;Street&gt; &amp; Co");
  });

  it("puts the links of a logged email in its log line, so the set-up journey can be finished", async () => {
    const url = "http://127.0.0.1:3000/api/auth/verify-email?token=tok.en&callbackURL=%2Fauth%2Fverify-email";
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, { to: "link@example.test", template: "verify-email", data: { name: "Ada", url } }),
    );
    const info = vi.spyOn(getLogger(), "info");
    expect(await deliverEmail(t.db, id, { transport: logTransport })).toBe("logged");
    const line = info.mock.calls.find((c) => String(c[1]).startsWith("email to link@example.test"));
    info.mockRestore();
    expect(line?.[1]).toContain(`links: ${url}`);
    expect(line?.[0]).toMatchObject({ links: [url] });
  });
});
