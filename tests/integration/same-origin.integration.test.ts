import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/account/login/route";
import { POST as authRoute } from "@/app/api/auth/[...all]/route";
import { getAuth } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import { insertSettings } from "@tests/factories";
import { envOverrides } from "../support/env";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 28 #2: with APP_URL at localhost, the site still works when opened at 127.0.0.1, a LAN address
// or a second configured origin — the route wrapper, the sign-out route and better-auth's own origin check
// make the same decision (src/server/same-origin.ts) — and another site is told where the site works.
const env = envOverrides();
const setEnv = env.set;
const restoreEnv = env.restore;

const post = (path: string, host: string, origin: string | null, extra: Record<string, string> = {}) =>
  new Request(`http://${host}${path}`, {
    method: "POST",
    headers: {
      host,
      "Content-Type": "application/json",
      ...(origin ? { Origin: origin, "Sec-Fetch-Site": "same-origin" } : {}),
      ...extra,
    },
    body: JSON.stringify({ email: "nobody@example.test", password: "Wrong-Password-123" }),
  });

const cases = [
  ["localhost (APP_URL)", "localhost:3000", "http://localhost:3000"],
  ["127.0.0.1", "127.0.0.1:3000", "http://127.0.0.1:3000"],
  ["a LAN address", "192.168.1.20:3000", "http://192.168.1.20:3000"],
  [
    "a second ALLOWED_ORIGINS host behind a proxy that rewrites Host",
    "10.0.0.5:3000",
    "https://www.example.com",
  ],
] as const;

describe.each(dbKinds)("requests from the site's other addresses on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    setDatabaseForProcess(t);
    (globalThis as { __forecourtAuth?: unknown }).__forecourtAuth = undefined;
    setEnv({
      APP_URL: "http://localhost:3000",
      ALLOWED_ORIGINS: "https://www.example.com",
      TRUSTED_PROXY_HOPS: undefined,
    });
  });
  afterAll(async () => {
    restoreEnv();
    setDatabaseForProcess(undefined);
    (globalThis as { __forecourtAuth?: unknown }).__forecourtAuth = undefined;
    await t.drop();
  });

  it.each(cases)(
    "sign-in at %s reaches the sign-in (a wrong password, not a refusal)",
    async (_n, host, origin) => {
      const res = await login(post("/api/account/login", host, origin));
      expect(res.status).toBe(401);
    },
  );

  it("another site's Origin is refused with where the site works", async () => {
    const res = await login(post("/api/account/login", "localhost:3000", "https://evil.example"));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      message: expect.stringContaining("Open the site at http://localhost:3000 and try again"),
    });
    // X-Forwarded-Host is not believed without TRUSTED_PROXY_HOPS…
    const forged = post("/api/account/login", "localhost:3000", "https://evil.example", {
      "X-Forwarded-Host": "evil.example",
    });
    expect((await login(forged)).status).toBe(403);
  });

  it("…and is, behind a trusted proxy", async () => {
    setEnv({ TRUSTED_PROXY_HOPS: "1" });
    try {
      const res = await login(
        post("/api/account/login", "10.0.0.5:3000", "https://book.example", {
          "X-Forwarded-Host": "book.example",
          "X-Forwarded-Proto": "https",
        }),
      );
      expect(res.status).toBe(401);
    } finally {
      setEnv({ TRUSTED_PROXY_HOPS: undefined });
    }
  });

  it.each(cases)("signing out at %s passes better-auth's origin check", async (_n, host, origin) => {
    const res = await authRoute(post("/api/auth/sign-out", host, origin, { Cookie: "x=1" }));
    expect(res.status).toBe(200);
  });

  it("better-auth trusts the same origins (its check is off under NODE_ENV=test, so its list is read)", async () => {
    const ctx = await (await getAuth()).$context;
    const trusted = ctx.options.trustedOrigins;
    if (typeof trusted !== "function") throw new Error("trustedOrigins should decide per request");
    const list = async (host: string, origin: string) =>
      trusted(post("/api/auth/sign-out", host, origin, { Cookie: "x=1" }));
    expect(await list("192.168.1.20:3000", "http://192.168.1.20:3000")).toContain("http://192.168.1.20:3000");
    expect(await list("10.0.0.5:3000", "https://www.example.com")).toContain("https://www.example.com");
    expect(await list("localhost:3000", "https://evil.example")).not.toContain("https://evil.example");
    expect(ctx.trustedOrigins).toContain("http://localhost:3000");
    // The route refuses first, and says where the site works.
    const viaRoute = await authRoute(
      post("/api/auth/sign-out", "localhost:3000", "https://evil.example", { Cookie: "x=1" }),
    );
    expect(viaRoute.status).toBe(403);
    expect(JSON.stringify(await viaRoute.json())).toContain("Open the site at http://localhost:3000");
  });
});
