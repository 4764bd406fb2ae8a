import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { resetEnvCache } from "@/env";
import { forgetAuthForTests, getAuth } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import { workerHeartbeats } from "@/server/db/schema";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 28 #7: /api/health told anyone the version, the database kind, the job heartbeat and the mail
// server's state. Now anyone gets up or down; monitoring (the metrics token) and admins get the details.
const TOKEN = "health-test-metrics-token-0123456789";
const PASSWORD = "Health-Check-Password-1";

describe.each(dbKinds)("/api/health's two faces on %s", (kind) => {
  let t: TestDatabase;
  const previous = process.env.METRICS_TOKEN;
  const cookies: Record<"admin" | "customer", string> = { admin: "", customer: "" };

  const signInCookie = async (email: string) => {
    const { headers } = await (
      await getAuth()
    ).api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvCache();
    await insertSettings(t.db);
    // Jobs are alive: a fresh heartbeat.
    await t.db
      .insert(workerHeartbeats)
      .values({ workerId: "w1", host: "test", pid: 1, startedAt: new Date(), beatAt: new Date() });
    await insertUser(t.db, { email: `admin-${kind}@health.test`, role: "admin", password: PASSWORD });
    await insertUser(t.db, { email: `customer-${kind}@health.test`, password: PASSWORD });
    cookies.admin = await signInCookie(`admin-${kind}@health.test`);
    cookies.customer = await signInCookie(`customer-${kind}@health.test`);
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = previous;
    resetEnvCache();
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });

  const get = (handler: (r: Request) => Promise<Response>, path: string, headers: HeadersInit = {}) =>
    handler(new Request(`http://127.0.0.1:3000${path}`, { headers }));

  it("tells a stranger, a customer or a wrong token only whether it is up", async () => {
    const callers: Record<string, string>[] = [
      {},
      { cookie: cookies.customer },
      { authorization: "Bearer not-the-metrics-token-at-all!" },
    ];
    for (const headers of callers) {
      const res = await get(health, "/api/health", headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ status: "ok" });
      const r = await get(ready, "/api/health/ready", headers);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ status: "ready" });
    }
  });

  it("gives monitoring (the metrics token) and a signed-in admin the checks", async () => {
    const monitors: Record<string, string>[] = [
      { authorization: `Bearer ${TOKEN}` },
      { cookie: cookies.admin },
    ];
    for (const headers of monitors) {
      const res = await get(health, "/api/health", headers);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ status: "ok", version: expect.any(String) });
      expect(body.checks.database).toMatchObject({ ok: true });
      expect(body.checks.database.detail).toMatch(kind === "pglite" ? /PGlite/ : /PostgreSQL/);
      expect(body.checks.jobs.detail).toMatch(/heartbeat/);
      expect(body.checks.email).toMatchObject({ ok: true });
      const r = await get(ready, "/api/health/ready", headers);
      expect(await r.json()).toEqual({ status: "ready", ok: true, detail: "Database reachable" });
    }
  });

  it("says down (503) and nothing more when a check fails", async () => {
    await t.db.delete(workerHeartbeats);
    const res = await get(health, "/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "down" });
    const detailed = await get(health, "/api/health", { authorization: `Bearer ${TOKEN}` });
    expect(detailed.status).toBe(503);
    expect(await detailed.json()).toMatchObject({ status: "degraded", checks: { jobs: { ok: false } } });
    // Readiness asks only about the database.
    expect((await get(ready, "/api/health/ready")).status).toBe(200);
  });
});
