import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { POST as login } from "@/app/api/account/login/route";
import { POST as register } from "@/app/api/account/register/route";
import { POST as resetPassword } from "@/app/api/account/reset-password/route";
import { POST as submitBooking } from "@/app/api/book/route";
import { resetEnvCache } from "@/env";
import { CONTROL_CHARACTERS_MESSAGE } from "@/lib/control-characters";
import { forgetAuthForTests, getAuth } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookings, sessions, users, verifications } from "@/server/db/schema";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 28 #3 against a real database: a NUL, another control character or a lone surrogate in the text
// of the endpoints and actions that write answers 400 / VALIDATION on that field, never 500, and writes
// nothing. Server actions run through their wrapper with the request's headers mocked.
const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders.current,
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));

const KEY = "fuzz-peer-key-0123456789abcdef";
const ENV = {
  FORECOURT_PEER_KEY: KEY,
  BOOKING_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_IP: "100000",
};
const saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
const PASSWORD = "correct horse battery staple";
const BAD = ["\u0000", "\u0001", "\u001F", "\uD800", "\uDFFF"];
const dirty = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...BAD), fc.string({ maxLength: 6 }))
  .map(([a, b, c]) => a + b + c);

const post = (handler: (r: Request) => Promise<Response>, path: string, body: unknown) =>
  handler(
    new Request(`http://127.0.0.1:3000${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-forecourt-peer": `${KEY} 192.0.2.78` },
      body: JSON.stringify(body),
    }),
  );

describe.each(dbKinds)("control characters in written text on %s", (kind) => {
  let t: TestDatabase;
  const counts = async () => ({
    users: await t.db.$count(users),
    sessions: await t.db.$count(sessions),
    bookings: await t.db.$count(bookings),
    verifications: await t.db.$count(verifications),
    audit: await t.db.$count(auditLog),
  });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoBusiness(t.db);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    Object.assign(process.env, ENV);
    resetEnvCache();
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    forgetAuthForTests();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const expectFieldError = async (res: Response, field: string) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(body.fieldErrors[field]).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  };

  it("registration name, sign-in, reset and set-up tokens, the booking's contact name: 400 on the field, nothing written", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(dirty, async (bad) => {
        await expectFieldError(
          await post(register, "/api/account/register", {
            name: bad,
            email: "new.person@example.test",
            password: PASSWORD,
            acceptTerms: true,
          }),
          "name",
        );
        await expectFieldError(
          await post(login, "/api/account/login", { email: "x@example.test", password: `p${bad}` }),
          "password",
        );
        await expectFieldError(
          await post(resetPassword, "/api/account/reset-password", { token: bad, password: PASSWORD }),
          "token",
        );
        await expectFieldError(
          await post(submitBooking, "/api/book", {
            run: "AbCdEfGhIjKlMnOpQrStUv",
            runSecret: "ZyXwVuTsRqPoNmLkJiHgFe",
            service: "full-valet",
            postcode: "SW9 8AB",
            contact: { name: bad, email: "sam@example.test", phone: "07700 900000" },
            acceptPolicies: true,
          }),
          "contact.name",
        );
      }),
      { numRuns: 8 },
    );
    expect(await counts()).toEqual(before);
  });

  it("updateProfileAction (a signed-in server action through its wrapper): a field error, the profile unchanged", async () => {
    const user = await insertUser(t.db, {
      email: "profile@example.test",
      name: "Sam Profile",
      role: "customer",
      emailVerified: true,
      password: PASSWORD,
    });
    const { headers } = await (
      await getAuth()
    ).api.signInEmail({
      body: { email: user.email, password: PASSWORD },
      returnHeaders: true,
    });
    requestHeaders.current = new Headers({
      cookie: headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    // The setup file loaded the auth platform before the mock above existed: load the action afresh
    // (its state — database, auth — lives on globalThis, shared with the modules already loaded).
    vi.resetModules();
    const { updateProfileAction } = await import("@/modules/accounts/actions");
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(dirty, async (bad) => {
        const res = await updateProfileAction({ name: `Sam ${bad}`, phone: "07700 900000" });
        expect(res).toMatchObject({ ok: false, code: "VALIDATION" });
        expect(!res.ok && res.fieldErrors?.name).toEqual([CONTROL_CHARACTERS_MESSAGE]);
      }),
      { numRuns: 8 },
    );
    expect(await counts()).toEqual(before);
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe("Sam Profile");
  });

  it("better-auth's open endpoints: a %00 in the session cookie or the verify link never answers 500", async () => {
    const cookieName = (await (await getAuth()).$context).authCookies.sessionToken.name;
    for (const value of ["abc%00def.sig", "%00", "x\u0001y"]) {
      const res = await authGet(
        new Request("http://127.0.0.1:3000/api/auth/get-session", {
          headers: { cookie: `${cookieName}=${value}` },
        }),
      );
      expect(res.status).toBeLessThan(500);
      const out = await authPost(
        new Request("http://127.0.0.1:3000/api/auth/sign-out", {
          method: "POST",
          headers: { cookie: `${cookieName}=${value}`, origin: "http://127.0.0.1:3000" },
        }),
      );
      expect(out.status).toBeLessThan(500);
    }
    const verify = await authGet(new Request("http://127.0.0.1:3000/api/auth/verify-email?token=abc%00"));
    // Only a redirect to the confirmation page (whose address the proxy cleans of the NUL).
    expect(verify.status).toBe(303);
  });
});
