import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emails, workerHeartbeats } from "@/server/db/schema";
import { smtpTransport } from "@/server/email/transport";
import type { JobRuntime } from "@/server/jobs/runtime";
import { startAppJobs } from "@/composition/jobs";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { requestPasswordReset } from "@/modules/accounts/server/auth/request-password-reset";
import { setDatabaseForProcess } from "@/server/db";
import { forgetAuthForTests } from "@/server/auth";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { TestSmtp } from "../support/smtp";

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(dbKinds)("background jobs (pg-boss) on %s", (kind) => {
  let t: TestDatabase;
  let jobs: JobRuntime | undefined;
  const smtp = new TestSmtp();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    await smtp.start();
    if (kind === "postgres") process.env.DATABASE_URL = t.url;
  });
  afterAll(async () => {
    await jobs?.stop();
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    delete process.env.DATABASE_URL;
    await smtp.stop();
    await t.drop();
  });

  it("sends an email left in the outbox before the runner started (nothing lost across a restart)", async () => {
    const early = await t.db.transaction((tx) =>
      enqueueEmail(tx, { to: "early@example.test", template: "system-test", data: { requestedBy: "test" } }),
    );
    const { resetEnvCache } = await import("@/env");
    resetEnvCache();
    jobs = await startAppJobs(t, { transport: smtpTransport(smtp.url) });
    await until(
      async () => (await t.db.select().from(emails).where(eq(emails.id, early)))[0]?.status === "sent",
    );
  });

  it("wakes on commit and delivers a newly queued email within seconds", async () => {
    const started = Date.now();
    const id = await t.db.transaction((tx) =>
      enqueueEmail(tx, { to: "live@example.test", template: "system-test", data: { requestedBy: "test" } }),
    );
    await until(
      async () => (await t.db.select().from(emails).where(eq(emails.id, id)))[0]?.status === "sent",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(smtp.received.some((r) => r.to.includes("live@example.test"))).toBe(true);
  });

  it("wakes on a forgot-password request and mails the reset link within seconds", async () => {
    setDatabaseForProcess(t);
    forgetAuthForTests();
    await insertUser(t.db, { email: "forgot@example.test", password: "Forgot-Runner-Pass-1" });
    const started = Date.now();
    await requestPasswordReset(t.db, { ip: "10.1.1.1" }, { email: "forgot@example.test" });
    await until(async () => smtp.received.some((r) => r.to.includes("forgot@example.test")));
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("schedules every module's periodic job from the one composition root", async () => {
    const schedules = (await jobs?.boss.getSchedules()) ?? [];
    expect(schedules.map((s) => s.name).sort()).toEqual(
      [
        "abandoned-checkouts",
        "booking-reminders",
        "holds-expire",
        "housekeeping",
        "job-photos-purge",
        "live-events-prune",
        "maintenance-reminders",
        "outbox-sweep",
        "password-reset-requests",
        "refunds-retry",
        "series-extend",
        "verifications-prune",
      ].sort(),
    );
  });

  it("records a heartbeat while running and removes it on a graceful stop", async () => {
    const beats = await t.db.select().from(workerHeartbeats);
    expect(beats.map((b) => b.workerId)).toContain(jobs?.workerId);
    await jobs?.stop();
    const after = await t.db
      .select()
      .from(workerHeartbeats)
      .where(eq(workerHeartbeats.workerId, jobs?.workerId ?? ""));
    expect(after).toHaveLength(0);
    jobs = undefined;
  });
});
