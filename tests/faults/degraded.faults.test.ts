import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareWizard } from "../../scripts/bench/load-support";
import { fakeStripe, SECRET_KEY } from "../support/fake-stripe";
import { TestSmtp } from "../support/smtp";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres";

// Issue 18, faults: the payment provider and the mail server down. A guest's booking is kept with its
// time held and the person is told, in words, to try again — no internal detail; trying again once
// the provider is back starts the payment for the same booking (never a second one). Emails wait in the
// outbox while SMTP is down and are delivered once when it is back. Needs a production build.

const PG_PORT = 55_435;
const APP_PORT = 3_795;
const SMTP_PORT = 3_796;
const STRIPE_PORT = 3_797;
const base = `http://127.0.0.1:${APP_PORT}`;

let pgServer: PrivatePostgres;
let app: AppProcess;
const smtp = new TestSmtp();
const stripe = fakeStripe();

const query = async <T>(text: string, params: unknown[] = []) => {
  const c = new pg.Client({ connectionString: pgServer.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  await assertPortFree(APP_PORT);
  pgServer = startPrivatePostgres(PG_PORT);
  app = startProcess([path.join(ROOT, "scripts/server.mjs")], {
    NODE_ENV: "production",
    PORT: String(APP_PORT),
    APP_URL: base,
    DATABASE_URL: pgServer.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    JOBS_MODE: "web",
    SEED_ON_START: "demo",
    // Both down from the start: nothing listens on these ports yet.
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: "whsec_faults",
    STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    EMAIL_RETRY_BASE_SECONDS: "1",
  });
  await until(async () => (await fetch(`${base}/api/health/ready`)).ok, 240_000, "the app", app.log);
}, 300_000);

afterAll(async () => {
  app?.stop();
  await smtp.stop().catch(() => undefined);
  await stripe.stop().catch(() => undefined);
  pgServer?.destroy();
});

describe("the payment provider and the mail server down", () => {
  it("keeps the booking and its time, says so plainly, and starts the same booking's payment when Stripe is back", async () => {
    const prep = await prepareWizard(base, pgServer.url, 14);
    const body = JSON.stringify(prep.commitBody(prep.slots[0] as string, "degraded"));
    const submit = () =>
      fetch(`${base}/api/book`, { method: "POST", headers: { "content-type": "application/json" }, body });

    const down = await submit();
    const refused = (await down.json()) as { ok: boolean; message?: string };
    expect(down.status).toBe(500);
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/couldn't start the payment just now.*time is held/i);
    expect(JSON.stringify(refused)).not.toMatch(/ECONNREFUSED|stripe|127\.0\.0\.1|stack/i);
    const rows = await query<{ id: string; status: string; hold_expires_at: Date | null }>(
      `SELECT b.id, b.status, b.hold_expires_at FROM bookings b JOIN users u ON u.id = b.customer_id
        WHERE u.email = $1`,
      ["load-degraded@example.com"],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("pending_payment");
    expect(rows[0]?.hold_expires_at?.getTime()).toBeGreaterThan(Date.now());

    await stripe.start(STRIPE_PORT);
    const back = await submit();
    const started = (await back.json()) as { ok: boolean; data?: { redirectTo: string; bookingId: string } };
    expect(back.status, JSON.stringify(started)).toBe(200);
    expect(started.data?.redirectTo).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(started.data?.bookingId).toBe(rows[0]?.id);
    const after = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings b JOIN users u ON u.id = b.customer_id WHERE u.email = $1`,
      ["load-degraded@example.com"],
    );
    expect(after[0]?.n).toBe(1);
  }, 120_000);

  it("holds emails in the outbox while SMTP is down and delivers each once when it is back", async () => {
    const email = "reset-while-down@example.com";
    await query(`UPDATE users SET email = $1 WHERE email = $2`, [email, "customer@forecourt.test"]);
    const res = await fetch(`${base}/api/account/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    // Tried and refused by the dead port: back in the queue, with the attempt and its error recorded. Read
    // in one query and waited for, since a retry may have the row in `sending` at any given moment; a row
    // that failed for good, or was lost, never reads as queued again and fails the wait.
    type Row = { status: string; attempts: number; last_error: string | null };
    let waiting: Row[] = [];
    await until(
      async () => {
        waiting = await query<Row>(`SELECT status, attempts, last_error FROM emails WHERE "to" = $1`, [
          email,
        ]);
        return waiting.some((r) => r.attempts >= 1 && r.status === "queued");
      },
      60_000,
      "a failed delivery attempt, back in the queue",
      app.log,
    );
    expect(waiting.map((w) => w.status)).toEqual(["queued"]);
    expect(waiting[0]?.last_error).toBeTruthy();

    await smtp.start(SMTP_PORT);
    await until(
      async () => smtp.received.some((r) => r.to.includes(email)),
      90_000,
      "the email after SMTP came back",
      app.log,
    );
    // A few more seconds for any second copy to show up: there is none.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(1);
    const sent = await query<{ status: string }>(`SELECT status FROM emails WHERE "to" = $1`, [email]);
    expect(sent.map((s) => s.status)).toEqual(["sent"]);
  }, 180_000);
});
