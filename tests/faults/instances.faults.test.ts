import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "@/composition/seed/demo-data";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres";

// Issue 18, several instances: two web instances and two workers on one PostgreSQL. A live event made
// through one instance reaches a browser connected to the other within 2 s; rate limits are shared; each
// email is sent once although two workers run; 50 simultaneous reservations of the last free time,
// spread over both instances, give exactly the free capacity. Run with `npm run test:faults`.

const PG_PORT = 55_433;
const PORTS = [3_791, 3_792] as const;
const [A, B] = PORTS.map((p) => `http://127.0.0.1:${p}`) as [string, string];

let pgServer: PrivatePostgres;
const procs: AppProcess[] = [];
const logs = () => procs.map((p) => p.log()).join("\n");

beforeAll(async () => {
  for (const port of PORTS) await assertPortFree(port);
  pgServer = startPrivatePostgres(PG_PORT);
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: pgServer.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    PAYMENTS_PROVIDER: "test",
    ENABLE_TEST_ROUTES: "1",
    SEED_ON_START: "demo",
    AUTH_SIGN_IN_FAILURES_PER_ACCOUNT_AND_IP: "4",
    AUTH_RATE_LIMIT_PER_IP: "1000",
    BOOKING_RATE_LIMIT_PER_IP: "1000",
    APP_URL: A,
  };
  // The first instance migrates and seeds; the second starts on the same database.
  procs.push(startProcess([path.join(ROOT, "scripts/server.mjs")], { ...env, PORT: String(PORTS[0]) }));
  await until(async () => (await fetch(`${A}/api/health/ready`)).ok, 240_000, "instance A", logs);
  procs.push(startProcess([path.join(ROOT, "scripts/server.mjs")], { ...env, PORT: String(PORTS[1]) }));
  // As `npm run worker` starts it (package.json).
  const worker = [
    "--import",
    "./scripts/plain-node.mjs",
    "--import",
    "tsx",
    path.join(ROOT, "scripts/worker.ts"),
  ];
  procs.push(startProcess(worker, env), startProcess(worker, env));
  await until(async () => (await fetch(`${B}/api/health/ready`)).ok, 120_000, "instance B", logs);
  // Both workers are up when the health check sees their heartbeats.
  await until(async () => (await fetch(`${A}/api/health`)).ok, 120_000, "the workers", logs);
}, 400_000);

afterAll(() => {
  for (const p of procs) p.stop();
  pgServer?.destroy();
});

async function sessionCookie(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/test/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("two web instances and two workers on one PostgreSQL", () => {
  it("carries a live event made on one instance to a viewer on the other within 2 s", async () => {
    const cookie = await sessionCookie(A, DEMO_ADMIN);
    const abort = new AbortController();
    const stream = await fetch(`${B}/api/events`, { headers: { cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const reference = `X${Date.now().toString(36).toUpperCase()}`;
    let text = "";
    const seen = (async () => {
      const decoder = new TextDecoder();
      while (!text.includes(reference)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return Date.now();
    })();
    await new Promise((r) => setTimeout(r, 500)); // the stream has subscribed
    const sent = Date.now();
    expect((await fetch(`${A}/api/test/publish?reference=${reference}`, { method: "POST" })).ok).toBe(true);
    const arrived = await Promise.race([seen, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]);
    abort.abort();
    expect(arrived, `no event on B within 5 s; received:\n${text.slice(-500)}`).toBeGreaterThan(0);
    console.log(`RESULT live_event_across_instances_ms=${arrived - sent}`);
    expect(arrived - sent).toBeLessThan(2_000);
  });

  it("shares the sign-in limit: wrong passwords on either instance count against one email and address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${i % 2 === 0 ? A : B}/api/account/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: "wrong-password-for-the-limit" }),
      });
      statuses.push(res.status);
    }
    // Four wrong answers (two per instance), then both instances refuse.
    expect(statuses.slice(0, 4).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it("gives exactly the free capacity to 50 simultaneous reservations through both instances", async () => {
    const prep = await fetch(`${A}/api/test/reserve?daysAhead=9`);
    const interval = (await prep.json()) as { start: string; freeTeams: number };
    expect(interval.freeTeams).toBeGreaterThan(0);
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${i % 2 === 0 ? A : B}/api/test/reserve`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ start: interval.start }),
        });
        const body = (await res.json().catch(() => null)) as { ok?: boolean; reason?: string } | null;
        return res.status === 200 && body?.ok
          ? "ok"
          : res.status === 409 && body?.reason === "taken"
            ? "taken"
            : `error ${res.status}`;
      }),
    );
    expect(results.filter((r) => r.startsWith("error"))).toEqual([]);
    expect(results.filter((r) => r === "ok")).toHaveLength(interval.freeTeams);
  });

  it("sends each email once although two workers run", async () => {
    // Password-reset requests through both instances: each queues one email; the workers race for them.
    const emails = Array.from({ length: 6 }, (_, i) => `reset-${i}-${Date.now()}@example.test`);
    for (const [i, email] of emails.entries()) {
      await fetch(`${i % 2 === 0 ? A : B}/api/test/users`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "Tidy-Wheels-Arch-42", name: "Reset Person" }),
      });
      await fetch(`${i % 2 === 0 ? B : A}/api/account/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
    }
    let last: unknown = null;
    const db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
    try {
      const read = async () =>
        (
          await db.query<{ to: string; status: string; attempts: number }>(
            `SELECT "to", status, attempts FROM emails WHERE "to" = ANY($1)`,
            [emails],
          )
        ).rows;
      await until(
        async () => {
          const rows = await read();
          last = rows;
          return (
            rows.length >= emails.length && rows.every((r) => r.status === "logged" || r.status === "sent")
          );
        },
        60_000,
        "the emails to be delivered",
        () => `${JSON.stringify(last)}\n${logs()}`,
      );
      const rows = await read();
      expect(rows.map((r) => r.attempts)).toEqual(emails.map(() => 1));
      expect(new Set(rows.map((r) => r.to)).size).toBe(emails.length);
    } finally {
      await db.end();
    }
  });
});
