import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres";

// Issue 18, faults: PostgreSQL restarted under traffic. While the database is down, requests fail
// cleanly — readiness answers 503 at once, pages answer an error page without internal detail, nothing
// hangs — and when it is back the app serves again without a restart of its own.
// Needs a production build (`npm run test:faults` builds first; the server itself migrates and seeds).

const PG_PORT = 55_432;
const APP_PORT = 3_790;
const base = `http://127.0.0.1:${APP_PORT}`;

let pgServer: PrivatePostgres;
let app: AppProcess;

async function timed(url: string) {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  return { status: res.status, body: await res.text(), ms: Date.now() - started };
}

beforeAll(async () => {
  await assertPortFree(APP_PORT);
  pgServer = startPrivatePostgres(PG_PORT);
  app = startProcess([path.join(ROOT, "scripts/server.mjs")], {
    NODE_ENV: "production",
    PORT: String(APP_PORT),
    APP_URL: base,
    DATABASE_URL: pgServer.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    PAYMENTS_PROVIDER: "test",
    JOBS_MODE: "web",
    SEED_ON_START: "demo",
  });
  await until(
    async () => (await fetch(`${base}/api/health/ready`)).status === 200,
    240_000,
    "the app to start",
    app.log,
  );
}, 300_000);

afterAll(() => {
  app?.stop();
  pgServer?.destroy();
});

describe("PostgreSQL restarted under traffic", () => {
  it("fails cleanly while it is down and recovers without restarting the app", async () => {
    expect((await timed(`${base}/book`)).status).toBe(200);

    pgServer.stop();
    // Readiness says so at once, and nothing hangs.
    const ready = await timed(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(10_000);
    const health = await timed(`${base}/api/health`);
    expect(health.status).toBe(503);
    for (const page of ["/book", "/auth/login", "/admin"]) {
      const res = await timed(`${base}${page}`);
      expect(res.ms, page).toBeLessThan(10_000);
      expect(res.status, page).not.toBe(200);
      if (res.status >= 500) {
        // An error page, never the driver's words.
        expect(res.body).not.toMatch(/ECONNREFUSED|connect|postgres:\/\/|stack/i);
      }
    }

    pgServer.start();
    // Back without a restart: the pool reconnects on the next request.
    await until(
      async () => (await fetch(`${base}/api/health/ready`)).status === 200,
      30_000,
      "readiness after the restart",
      app.log,
    );
    expect((await timed(`${base}/book`)).status).toBe(200);
    await until(
      async () => (await fetch(`${base}/api/health`)).status === 200,
      60_000,
      "health (jobs, live events) after the restart",
      app.log,
    );
    expect(app.child.exitCode).toBeNull();
    expect(app.log()).not.toMatch(/uncaught|unhandled/i);
  });
});
