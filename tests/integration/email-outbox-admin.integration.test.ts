import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverEmail } from "@/modules/notifications/server/deliver-email";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import {
  getOutboxEmail,
  listOutbox,
  OUTBOX_PAGE_SIZE,
  retryEmail,
} from "@/modules/notifications/server/outbox";
import { auditLog, emails } from "@/server/db/schema";
import { logTransport, type MailTransport } from "@/server/email/transport";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const delivered: MailTransport = {
  kind: "smtp",
  send: async () => ({ messageId: "<1@test>" }),
  verify: async () => {},
};
const broken: MailTransport = {
  kind: "smtp",
  send: async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:25");
  },
  verify: async () => {},
};

describe.each(dbKinds)("the admin's email outbox on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let customer: { id: string; ip: string };
  const setupUrl = "http://localhost:3000/auth/setup-password?token=secret-token-123";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { businessName: "Shine Street" });
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.7" };
    customer = { id: (await insertUser(t.db, { role: "customer" })).id, ip: "203.0.113.8" };
  });
  afterAll(async () => t.drop());

  const setupEmail = (to: string) =>
    t.db.transaction((tx) =>
      enqueueEmail(tx, {
        to,
        template: "setup-password",
        data: { name: "Ada", url: setupUrl, reason: "booking" },
      }),
    );

  it("shows a kept (never sent) set-up email with its link, so the journey can be followed", async () => {
    const id = await setupEmail("kept@example.test");
    // Before delivery: rendered for the view, marked as a preview.
    const before = await getOutboxEmail(t.db, admin, id);
    expect(before).toMatchObject({ status: "queued", preview: true, linksHidden: false });
    expect(before?.text).toContain("secret-token-123");
    await deliverEmail(t.db, id, { transport: logTransport });
    const kept = await getOutboxEmail(t.db, admin, id);
    expect(kept).toMatchObject({
      status: "logged",
      preview: false,
      linksHidden: false,
      label: "Account set-up link",
    });
    expect(kept?.html).toContain("secret-token-123");
  });

  it("hides the account link of a set-up email that reached its recipient", async () => {
    const id = await setupEmail("sent@example.test");
    await deliverEmail(t.db, id, { transport: delivered });
    const sent = await getOutboxEmail(t.db, admin, id);
    expect(sent).toMatchObject({ status: "sent", linksHidden: true });
    expect(sent?.html).not.toContain("secret-token-123");
    expect(sent?.text).not.toContain("secret-token-123");
    expect(sent?.text).toContain("Ada");
  });

  it("is for admins only", async () => {
    const id = await setupEmail("private@example.test");
    await expect(getOutboxEmail(t.db, customer, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(listOutbox(t.db, customer, {})).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(retryEmail(t.db, customer, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getOutboxEmail(t.db, admin, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("retries a failed email once, with a fresh set of attempts and an audit row", async () => {
    const id = await setupEmail("retry@example.test");
    await deliverEmail(t.db, id, { transport: broken, maxAttempts: 1 });
    const [failed] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.lastError).toContain("ECONNREFUSED");

    await retryEmail(t.db, admin, id);
    const [queued] = await t.db.select().from(emails).where(eq(emails.id, id));
    expect(queued).toMatchObject({ status: "queued", attempts: 0 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits).toMatchObject([{ action: "email.retry", actorId: admin.id, ip: "203.0.113.7" }]);
    // Pressed again (a second tab): refused, nothing queued twice.
    await expect(retryEmail(t.db, admin, id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await deliverEmail(t.db, id, { transport: delivered })).toBe("sent");
    await expect(retryEmail(t.db, admin, id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("lists newest first, filtered by status and searched by recipient or subject, in pages", async () => {
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 2; i++) await setupEmail(`bulk-${i}@example.test`);
    const all = await listOutbox(t.db, admin, {});
    expect(all.rows).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(all.pageCount).toBe(Math.ceil(all.total / OUTBOX_PAGE_SIZE));
    const last = await listOutbox(t.db, admin, { page: 99 });
    expect(last.page).toBe(all.pageCount);
    expect((await listOutbox(t.db, admin, { status: "sent" })).rows.map((r) => r.to).sort()).toEqual([
      "retry@example.test",
      "sent@example.test",
    ]);
    expect((await listOutbox(t.db, admin, { q: "BULK-1" })).total).toBe(11); // bulk-1, bulk-10 … bulk-19
    expect((await listOutbox(t.db, admin, { q: "100%_" })).total).toBe(0);
  });
});
