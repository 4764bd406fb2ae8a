import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareWizard } from "../../scripts/bench/load-support";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "@/composition/seed/demo-data";
import type { FaultPoint } from "@/server/fault-point";
import { fakeStripe, type FakeSession, SECRET_KEY } from "../support/fake-stripe";
import { TestSmtp } from "../support/smtp";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres";

// Issue 18, faults: `kill -9` of the web process, and separately of the worker, at each step of the money
// path (src/server/fault-point.ts names the points). Each case starts the process with
// FORECOURT_FAULT_POINT set, drives the step until the process dies, restarts it without the fault and
// checks the invariants: no booking lost or duplicated, no payment applied twice or lost (the provider
// retries its webhook), no refund made twice, no email lost or sent more than once beyond the documented
// at-least-once window, no time held forever. Where recovery waits on a lease (a claimed email, a refund
// being sent), the test moves the lease's end to now instead of waiting minutes: that is the clock, not
// the code under test. Production build, its own PostgreSQL, Stripe and SMTP fakes; about 5 minutes.

const PG_PORT = 55_436;
const APP_PORT = 3_798;
const SMTP_PORT = 3_799;
const STRIPE_PORT = 3_800;
const WEBHOOK_SECRET = "whsec_crash_points";
const base = `http://127.0.0.1:${APP_PORT}`;

let pgServer: PrivatePostgres;
let web: AppProcess;
let worker: AppProcess;
const smtp = new TestSmtp();
const stripe = fakeStripe();
const signer = new Stripe(SECRET_KEY);

let env: Record<string, string>;
const logs = () => `${web?.log() ?? ""}\n${worker?.log() ?? ""}`;

const query = async <T>(text: string, params: unknown[] = []) => {
  const c = new pg.Client({ connectionString: pgServer.url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
};

/** Stops a process and waits until it has gone (its port free for the next one). */
async function stopped(proc: AppProcess | undefined): Promise<void> {
  if (!proc) return;
  proc.stop();
  await until(async () => proc.child.exitCode !== null || proc.child.signalCode !== null, 10_000, "the exit");
}

async function startWeb(fault?: FaultPoint) {
  await stopped(web);
  web = startProcess([path.join(ROOT, "scripts/server.mjs")], {
    ...env,
    PORT: String(APP_PORT),
    FORECOURT_FAULT_POINT: fault ?? "",
  });
  await until(async () => (await fetch(`${base}/api/health/ready`)).ok, 240_000, "the web process", logs);
}

async function startWorker(fault?: FaultPoint) {
  await stopped(worker);
  // As `npm run worker` starts it (package.json).
  worker = startProcess(
    ["--import", "./scripts/plain-node.mjs", "--import", "tsx", path.join(ROOT, "scripts/worker.ts")],
    { ...env, FORECOURT_FAULT_POINT: fault ?? "" },
  );
  await until(async () => (await fetch(`${base}/api/health`)).ok, 120_000, "the worker", logs);
}

/** Resolves when the process has died of SIGKILL (its own fault point), failing after `ms`. */
async function killedBy(proc: AppProcess, ms = 30_000): Promise<void> {
  await until(async () => proc.child.signalCode === "SIGKILL", ms, "the process to kill itself", proc.log);
}

/** A request whose process dies under it: the client sees the connection drop, never an answer. */
async function diesUnder(request: Promise<unknown>): Promise<void> {
  await expect(request).rejects.toThrow();
}

async function signIn(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type ManifestEntry = { workers: Record<string, unknown>; exportedName: string };

/** Calls a server action over HTTP as the browser does (its id from the build's manifest). */
async function callAction(name: string, cookie: string, input: unknown): Promise<string> {
  const file = path.join(ROOT, ".next", "server", "server-reference-manifest.json");
  const entries = Object.entries(
    (JSON.parse(fs.readFileSync(file, "utf8")) as { node: Record<string, ManifestEntry> }).node,
  );
  const [id, entry] = entries.find(([, e]) => e.exportedName === name) ?? [];
  if (!id || !entry) throw new Error(`no server action ${name} in the build`);
  const worker = Object.keys(entry.workers)[0] ?? "app/page";
  const page = `/${worker
    .replace(/^app/, "")
    .replace(/\/(page|route)$/, "")
    .split("/")
    .filter((s) => s && !/^\(.+\)$/.test(s))
    .map((s) => (/^\[.+\]$/.test(s) ? "00000000-0000-4000-8000-000000000000" : s))
    .join("/")}`;
  const res = await fetch(`${base}${page}`, {
    method: "POST",
    headers: {
      cookie,
      "Next-Action": id,
      Origin: base,
      Accept: "text/x-component",
      "Content-Type": "text/plain;charset=UTF-8",
    },
    body: JSON.stringify([input]),
    redirect: "manual",
  });
  return res.text();
}

function deliverWebhook(id: string, session: FakeSession): Promise<Response> {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
    data: { object: session },
  });
  return fetch(`${base}/api/payments/stripe/webhook`, {
    method: "POST",
    headers: {
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      "content-type": "application/json",
    },
    body: payload,
  });
}

const bookingsOf = (email: string) =>
  query<{ id: string; status: string; hold_expires_at: Date | null; amount_paid_minor: number }>(
    `SELECT b.id, b.status, b.hold_expires_at, b.amount_paid_minor FROM bookings b
       JOIN users u ON u.id = b.customer_id WHERE u.email = $1`,
    [email],
  );

const paymentsOf = (bookingId: string) =>
  query<{ id: string; status: string; provider_reference: string | null; amount_minor: number }>(
    `SELECT id, status, provider_reference, amount_minor FROM payments WHERE booking_id = $1`,
    [bookingId],
  );

/** The checkout the customer would pay: the provider session behind the booking's open payment row. */
async function openSessionOf(bookingId: string): Promise<FakeSession> {
  const open = (await paymentsOf(bookingId)).filter((p) => p.status === "pending");
  expect(open).toHaveLength(1);
  const session = stripe.sessions.get(open[0]?.provider_reference ?? "");
  if (!session) throw new Error(`no session for booking ${bookingId}`);
  return session;
}

let prep: Awaited<ReturnType<typeof prepareWizard>>;
let nextSlot = 0;
/** A guest's final submit for its own free time (each time once, so no case competes with another). */
function submitFor(tag: string) {
  const start = prep.slots[nextSlot] as string;
  nextSlot += 2; // each time is listed once per van; take it once
  const body = JSON.stringify(prep.commitBody(start, tag));
  return () =>
    fetch(`${base}/api/book`, { method: "POST", headers: { "content-type": "application/json" }, body });
}

async function bookAndCheckout(tag: string): Promise<string> {
  const res = await submitFor(tag)();
  expect(res.status, await res.clone().text()).toBe(200);
  const [booking] = await bookingsOf(`load-${tag}@example.com`);
  return booking?.id as string;
}

beforeAll(async () => {
  await assertPortFree(APP_PORT);
  pgServer = startPrivatePostgres(PG_PORT);
  await smtp.start(SMTP_PORT);
  await stripe.start(STRIPE_PORT);
  env = {
    NODE_ENV: "production",
    APP_URL: base,
    DATABASE_URL: pgServer.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    // The production shape: the web process runs no jobs; the worker does.
    JOBS_MODE: "worker",
    SEED_ON_START: "demo",
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    EMAIL_RETRY_BASE_SECONDS: "1",
    BOOKING_RATE_LIMIT_PER_IP: "1000",
  };
  await startWeb();
  await startWorker();
  prep = await prepareWizard(base, pgServer.url, 30);
}, 400_000);

afterAll(async () => {
  web?.stop();
  worker?.stop();
  await smtp.stop().catch(() => undefined);
  await stripe.stop().catch(() => undefined);
  pgServer?.destroy();
});

describe("kill -9 at each step of the money path", () => {
  it("the worker killed after the SMTP server accepted an email: sent again once, never lost", async () => {
    // Nothing else waits in the outbox, so the email below is the one the worker dies on.
    await until(
      async () =>
        (
          await query<{ n: number }>(
            `SELECT count(*)::int AS n FROM emails WHERE status IN ('queued','sending')`,
          )
        )[0]?.n === 0,
      120_000,
      "an empty outbox",
      logs,
    );
    await startWorkerWithoutHealthWait("email:smtp-accepted");
    const email = "crash-smtp@example.com";
    await query(`UPDATE users SET email = $1 WHERE email = $2`, [email, DEMO_CUSTOMER.email]);
    try {
      const res = await fetch(`${base}/api/account/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
      await killedBy(worker, 90_000);
      expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(1);
      const [row] = await query<{ status: string }>(`SELECT status FROM emails WHERE "to" = $1`, [email]);
      expect(row?.status).toBe("sending");

      await startWorker();
      // The dead worker's claim lapses after two minutes; move its end to now.
      await query(`UPDATE emails SET locked_until = now() - interval '1 second' WHERE "to" = $1`, [email]);
      await until(
        async () => smtp.received.filter((r) => r.to.includes(email)).length >= 2,
        120_000,
        "the email sent again",
        logs,
      );
      await new Promise((r) => setTimeout(r, 3_000));
      // At least once: the documented window is exactly one extra copy, never a lost email.
      expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(2);
    } finally {
      await query(`UPDATE users SET email = $1 WHERE email = $2`, [DEMO_CUSTOMER.email, email]);
    }
  }, 400_000);

  it("the worker killed after claiming an email: sent once when the claim lapses", async () => {
    await startWorkerWithoutHealthWait("email:claimed");
    const email = "crash-claimed@example.com";
    await query(`UPDATE users SET email = $1 WHERE email = $2`, [email, DEMO_CUSTOMER.email]);
    try {
      await fetch(`${base}/api/account/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      await killedBy(worker, 90_000);
      expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(0);
      await startWorker();
      await query(`UPDATE emails SET locked_until = now() - interval '1 second' WHERE "to" = $1`, [email]);
      await until(
        async () => smtp.received.some((r) => r.to.includes(email)),
        120_000,
        "the email after the claim lapsed",
        logs,
      );
      await new Promise((r) => setTimeout(r, 3_000));
      expect(smtp.received.filter((r) => r.to.includes(email))).toHaveLength(1);
    } finally {
      await query(`UPDATE users SET email = $1 WHERE email = $2`, [DEMO_CUSTOMER.email, email]);
    }
  }, 400_000);

  it("web killed on the final submit: nothing written; the retried submit books once", async () => {
    await startWeb("book:submitted");
    const submit = submitFor("crash-submitted");
    await diesUnder(submit());
    await killedBy(web);
    expect(await bookingsOf("load-crash-submitted@example.com")).toHaveLength(0);
    await startWeb();
    const again = await submit();
    expect(again.status, await again.clone().text()).toBe(200);
    expect(((await again.json()) as { data: { redirectTo: string } }).data.redirectTo).toMatch(
      /checkout\.stripe\.test/,
    );
    const rows = await bookingsOf("load-crash-submitted@example.com");
    expect(rows.map((r) => r.status)).toEqual(["pending_payment"]);
  }, 400_000);

  it("web killed after the reservation: the booking and its hold are kept; the retry pays for the same booking", async () => {
    await startWeb("book:reserved");
    const submit = submitFor("crash-reserved");
    await diesUnder(submit());
    await killedBy(web);
    const kept = await bookingsOf("load-crash-reserved@example.com");
    expect(kept.map((r) => r.status)).toEqual(["pending_payment"]);
    expect(kept[0]?.hold_expires_at?.getTime()).toBeGreaterThan(Date.now());
    expect(await paymentsOf(kept[0]?.id as string)).toEqual([]);
    await startWeb();
    const again = await submit();
    const body = (await again.json()) as { data: { bookingId: string; redirectTo: string } };
    expect(again.status).toBe(200);
    expect(body.data.bookingId).toBe(kept[0]?.id);
    expect(await bookingsOf("load-crash-reserved@example.com")).toHaveLength(1);
    expect((await paymentsOf(kept[0]?.id as string)).map((p) => p.status)).toEqual(["pending"]);
  }, 400_000);

  it("web killed during checkout (provider session open, no payment row): the retry opens one payment; an abandoned hold expires", async () => {
    await startWeb("checkout:provider-opened");
    const retried = submitFor("crash-checkout");
    await diesUnder(retried());
    await killedBy(web);
    await startWeb("checkout:provider-opened");
    const abandoned = submitFor("crash-abandoned");
    await diesUnder(abandoned());
    await killedBy(web);
    const [booking] = await bookingsOf("load-crash-checkout@example.com");
    const [left] = await bookingsOf("load-crash-abandoned@example.com");
    expect(await paymentsOf(booking?.id as string)).toEqual([]);
    const orphans = [...stripe.sessions.values()].filter((s) => s.metadata.bookingId === booking?.id);
    expect(orphans).toHaveLength(1);

    await startWeb();
    const again = await retried();
    expect(again.status).toBe(200);
    expect((await paymentsOf(booking?.id as string)).map((p) => p.status)).toEqual(["pending"]);
    expect(await bookingsOf("load-crash-checkout@example.com")).toHaveLength(1);

    // Nobody comes back for the other one: when its hold runs out (moved to now), the worker releases
    // the time — it is not held forever.
    // (The hold lives on the booking and on its allocation of the team's time.)
    for (const table of ["bookings", "allocations"])
      await query(
        `UPDATE ${table} SET hold_expires_at = now() - interval '1 second' WHERE ${table === "bookings" ? "id" : "booking_id"} = $1`,
        [left?.id],
      );
    await until(
      async () => (await bookingsOf("load-crash-abandoned@example.com"))[0]?.status === "expired",
      120_000,
      "the abandoned hold to expire",
      logs,
    );
  }, 400_000);

  it("web killed while applying a payment webhook: rolled back; the provider's retry applies it once", async () => {
    const bookingId = await bookAndCheckout("crash-webhook");
    const session = stripe.pay((await openSessionOf(bookingId)).id);
    await startWeb("webhook:applying");
    await diesUnder(deliverWebhook("evt_crash_applying", session));
    await killedBy(web);
    expect((await paymentsOf(bookingId)).map((p) => p.status)).toEqual(["pending"]);
    expect(await query(`SELECT 1 FROM webhook_events WHERE event_id = 'evt_crash_applying'`)).toEqual([]);

    await startWeb();
    expect((await deliverWebhook("evt_crash_applying", session)).status).toBe(200);
    expect((await deliverWebhook("evt_crash_applying", session)).status).toBe(200);
    const [booking] = await bookingsOf("load-crash-webhook@example.com");
    expect(booking?.status).toBe("confirmed");
    expect(booking?.amount_paid_minor).toBe(session.amount_total);
    expect((await paymentsOf(bookingId)).map((p) => p.status)).toEqual(["succeeded"]);
    const confirmations = await query(
      `SELECT 1 FROM emails WHERE template = 'booking-confirmed' AND "to" = 'load-crash-webhook@example.com'`,
    );
    expect(confirmations).toHaveLength(1);
  }, 400_000);

  it("web killed after a payment webhook committed: the provider's retry is a duplicate; paid once", async () => {
    const bookingId = await bookAndCheckout("crash-committed");
    const session = stripe.pay((await openSessionOf(bookingId)).id);
    await startWeb("webhook:committed");
    await diesUnder(deliverWebhook("evt_crash_committed", session));
    await killedBy(web);
    expect((await paymentsOf(bookingId)).map((p) => p.status)).toEqual(["succeeded"]);

    await startWeb();
    const retry = await deliverWebhook("evt_crash_committed", session);
    expect(await retry.json()).toMatchObject({ received: true, duplicate: true });
    const [booking] = await bookingsOf("load-crash-committed@example.com");
    expect(booking?.status).toBe("confirmed");
    expect(booking?.amount_paid_minor).toBe(session.amount_total);
    expect((await paymentsOf(bookingId)).map((p) => p.status)).toEqual(["succeeded"]);
  }, 400_000);

  it("web killed after the provider accepted a refund: the retry sends the same refund again, recorded once", async () => {
    const bookingId = await bookAndCheckout("crash-refund");
    const session = stripe.pay((await openSessionOf(bookingId)).id);
    expect((await deliverWebhook("evt_crash_refund_paid", session)).status).toBe(200);
    const admin = await signIn(DEMO_ADMIN);
    await startWeb("refund:provider-accepted");
    const amount = (session.amount_total / 100).toFixed(2);
    await diesUnder(
      callAction("refundBookingAction", admin, {
        bookingId,
        amount,
        refundableMinor: session.amount_total,
        reasonKind: "goodwill",
        reason: "Customer asked for a refund",
      }),
    );
    await killedBy(web);
    expect(stripe.refunds).toHaveLength(1);
    const [sent] = await query<{ id: string; status: string }>(
      `SELECT r.id, r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.booking_id = $1`,
      [bookingId],
    );
    expect(sent?.status).toBe("pending");

    await startWeb();
    // The send's lease (ten minutes) ends now; the worker's retry job sends it again.
    await query(`UPDATE refunds SET retry_at = now() - interval '1 second' WHERE id = $1`, [sent?.id]);
    await until(
      async () =>
        (await query<{ status: string }>(`SELECT status FROM refunds WHERE id = $1`, [sent?.id]))[0]
          ?.status === "succeeded",
      120_000,
      "the refund recorded",
      logs,
    );
    const posts = stripe.seen.filter((s) => s.path === "/v1/refunds");
    expect(posts).toHaveLength(2);
    expect(new Set(posts.map((p) => p.idempotencyKey)).size).toBe(1);
    expect(stripe.refunds).toHaveLength(1);
    const [booking] = await query<{ amount_refunded_minor: number }>(
      `SELECT amount_refunded_minor FROM bookings WHERE id = $1`,
      [bookingId],
    );
    expect(booking?.amount_refunded_minor).toBe(session.amount_total);
  }, 400_000);

  it("web killed while approving a reschedule: rolled back; approving again moves the booking once", async () => {
    const customer = await signIn(DEMO_CUSTOMER);
    const admin = await signIn(DEMO_ADMIN);
    const [booking] = await query<{ id: string; starts_at: Date }>(
      `SELECT b.id, b.starts_at FROM bookings b JOIN users u ON u.id = b.customer_id
        WHERE u.email = $1 AND b.status = 'confirmed' AND b.starts_at > now() + interval '3 days'
        ORDER BY b.starts_at LIMIT 1`,
      [DEMO_CUSTOMER.email],
    );
    if (!booking) throw new Error("the demo customer has no confirmed booking three days ahead");
    let start: string | undefined;
    for (let d = 1; d <= 30 && !start; d++) {
      const date = new Date(booking.starts_at.getTime() + d * 86_400_000).toISOString().slice(0, 10);
      const day = await callAction("rescheduleSlotDayAction", customer, { bookingId: booking.id, date });
      start = /"start":"([^"]+)"/.exec(day)?.[1];
    }
    expect(start).toBeDefined();
    const asked = await callAction("requestRescheduleAction", customer, {
      bookingId: booking.id,
      start,
      reason: "Working from home that day",
    });
    const requestId = /"requestId":"([0-9a-f-]{36})"/.exec(asked)?.[1];
    expect(requestId, asked).toBeDefined();

    await startWeb("reschedule:approving");
    await diesUnder(callAction("approveRescheduleAction", admin, { requestId }));
    await killedBy(web);
    const still = await query<{ starts_at: Date; status: string }>(
      `SELECT starts_at, status FROM bookings WHERE id = $1`,
      [booking.id],
    );
    expect(still[0]?.starts_at.getTime()).toBe(booking.starts_at.getTime());

    await startWeb();
    const approved = await callAction("approveRescheduleAction", admin, { requestId });
    expect(approved).toMatch(/"ok":true/);
    const moved = await query<{ starts_at: Date }>(`SELECT starts_at FROM bookings WHERE id = $1`, [
      booking.id,
    ]);
    expect(moved[0]?.starts_at.toISOString()).toBe(new Date(start as string).toISOString());
    const events = await query(
      `SELECT 1 FROM booking_events WHERE booking_id = $1 AND type = 'rescheduled'`,
      [booking.id],
    );
    expect(events).toHaveLength(1);
    const again = await callAction("approveRescheduleAction", admin, { requestId });
    expect(again).not.toMatch(/"ok":true/);
  }, 400_000);
});

async function startWorkerWithoutHealthWait(fault: FaultPoint) {
  await stopped(worker);
  worker = startProcess(
    ["--import", "./scripts/plain-node.mjs", "--import", "tsx", path.join(ROOT, "scripts/worker.ts")],
    { ...env, FORECOURT_FAULT_POINT: fault },
  );
  // Up when it has polled once: the health check's worker heartbeat is fresh again.
  await new Promise((r) => setTimeout(r, 5_000));
}
