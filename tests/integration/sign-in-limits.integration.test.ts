import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/account/login/route";
import { POST as forgotPassword } from "@/app/api/account/forgot-password/route";
import { forgetAuthForTests, getAuth } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import { emails } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  handlePasswordResetRequests,
  requestPasswordReset,
} from "@/modules/accounts/server/auth/request-password-reset";
import { resetPasswordWithToken } from "@/modules/accounts/server/auth/reset-password";
import { signIn } from "@/modules/accounts/server/auth/sign-in";
import { insertSettings, insertUser } from "@tests/factories";
import { envOverrides } from "../support/env";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 28 #1, ADR 0041: wrong passwords count, per address and per (account, address); the account
// itself is only slowed down, so nobody can lock its owner out from elsewhere.
const KEY = "sign-in-limits-test-key-0123456789";
const env = envOverrides();
const { saved } = env;
const setEnv = env.set;
const restoreEnv = env.restore;

const PASSWORD = "Right-Horse-Battery-42";
const WRONG = "Wrong-Password-123";

describe.each(dbKinds)("sign-in limits on %s", (kind) => {
  let t: TestDatabase;
  let seq = 0;
  const email = (label: string) => `${label}-${kind}-${++seq}@example.test`;
  const address = () => `198.18.${Math.floor(++seq / 250)}.${seq % 250}`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    await insertSettings(t.db, { contactEmail: "hello@example.test" });
    setEnv({ FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: undefined });
  });
  afterEach(() => {
    // Each test sets the limits it is about; the others keep their defaults.
    for (const k of Object.keys(saved)) if (k.startsWith("AUTH_")) setEnv({ [k]: saved[k] });
  });
  afterAll(async () => {
    restoreEnv();
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });

  /** The use case with the delays recorded instead of waited. */
  const attempt = async (ip: string, to: string, password: string) => {
    const delays: number[] = [];
    const outcome = await signIn(
      t.db,
      { ip, headers: new Headers() },
      { email: to, password, rememberMe: false },
      { wait: async (ms) => delays.push(ms) },
    ).then(
      () => "signed in" as const,
      (err: unknown) => (err instanceof AppError ? err.code : Promise.reject(err)),
    );
    return { outcome, delay: delays.reduce((a, b) => a + b, 0), delays };
  };
  const post = (handler: (r: Request) => Promise<Response>, path: string, ip: string, body: object) =>
    handler(
      new Request(`http://127.0.0.1:3000${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-forecourt-peer": `${KEY} ${ip}` },
        body: JSON.stringify(body),
      }),
    );
  const resetMails = (to: string) =>
    t.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, to), eq(emails.template, "reset-password")));

  it("a stranger's 100 wrong passwords from 100 addresses neither stop the admin signing in nor the reset email", async () => {
    const admin = email("admin");
    await insertUser(t.db, { email: admin, role: "admin", password: PASSWORD });

    // Four at a time (each is a real password check: scrypt on the thread pool).
    const stranger: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let i = 0; i < 100; i += 4)
      stranger.push(...(await Promise.all([1, 2, 3, 4].map(() => attempt(address(), admin, WRONG)))));
    expect(stranger).toHaveLength(100);
    // Every one was checked and told "wrong": none refused (that would be a lockout of the account).
    expect(new Set(stranger.map((s) => s.outcome))).toEqual(new Set(["UNAUTHENTICATED"]));
    // …but slowed: nothing for the first 10, then 250 ms doubling, never more than 5 s.
    const delays = stranger.map((s) => s.delay).sort((a, b) => a - b);
    expect(delays).toEqual([...Array(10).fill(0), 250, 500, 1000, 2000, 4000, ...Array(85).fill(5000)]);

    // The admin, from their own address, through the real endpoint: let in (after at most 5 s).
    const home = address();
    const started = performance.now();
    const res = await post(login, "/api/account/login", home, { email: admin, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).data.redirectTo).toBe("/admin");
    expect(performance.now() - started).toBeLessThan(8000);

    // The stranger asks for reset emails for the admin from many addresses, then the admin asks too:
    // every request gets the same answer as an unknown email's…
    const unknown = await post(forgotPassword, "/api/account/forgot-password", address(), {
      email: email("nobody"),
    });
    expect(unknown.status).toBe(200);
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await post(forgotPassword, "/api/account/forgot-password", address(), { email: admin }));
    answers.push(await post(forgotPassword, "/api/account/forgot-password", home, { email: admin }));
    expect(answers.map((r) => r.status)).toEqual(Array(11).fill(200));
    // …and the admin's inbox gets a bounded number of links (3 per window), any of which works.
    await handlePasswordResetRequests(t.db);
    const mails = await resetMails(admin);
    expect(mails).toHaveLength(3);
    const token = new URL((mails[0]?.data as { url: string }).url).searchParams.get("token") ?? "";
    const reset = await resetPasswordWithToken(
      t.db,
      { ip: home, headers: new Headers() },
      { token, password: "A-New-Admin-Password-7", confirmPassword: "A-New-Admin-Password-7" },
    );
    expect(reset.redirectTo).toBe("/admin");
  }, 240_000);

  it("one address guessing one account is slowed, then refused with 429 — the owner elsewhere still gets in", async () => {
    setEnv({ AUTH_SIGN_IN_SLOW_AFTER: "2" });
    const owner = email("owner");
    await insertUser(t.db, { email: owner, password: PASSWORD });
    const guesser = address();

    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push(await attempt(guesser, owner, WRONG));
    expect(guesses.map((g) => g.outcome)).toEqual(Array(5).fill("UNAUTHENTICATED"));
    expect(guesses.map((g) => g.delay)).toEqual([0, 0, 250, 500, 1000]);

    // The sixth is refused before any password is checked, with the way out in the message.
    const refused = await post(login, "/api/account/login", guesser, { email: owner, password: WRONG });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(
      "Too many attempts from this device. Try again in 15 minutes, or reset your password.",
    );
    // Even the right password, from this address.
    expect((await attempt(guesser, owner, PASSWORD)).outcome).toBe("RATE_LIMITED");
    // The owner at home: slowed by the guesses (5 counted for the account), not refused.
    const home = await attempt(address(), owner, PASSWORD);
    expect(home).toMatchObject({ outcome: "signed in", delay: 2000 });
  });

  it("a right password resets the address's count for the account (not the account's slow-down)", async () => {
    setEnv({ AUTH_SIGN_IN_SLOW_AFTER: "4" });
    const owner = email("typo");
    await insertUser(t.db, { email: owner, password: PASSWORD });
    const ip = address();
    for (let i = 0; i < 4; i++) expect((await attempt(ip, owner, WRONG)).outcome).toBe("UNAUTHENTICATED");
    // The fifth attempt is the right one (the account's 4 failures slow it a little).
    expect(await attempt(ip, owner, PASSWORD)).toMatchObject({ outcome: "signed in", delay: 250 });
    // Five more wrong ones are answered "wrong", not refused; the sixth is refused.
    const after = [];
    for (let i = 0; i < 6; i++) after.push((await attempt(ip, owner, WRONG)).outcome);
    expect(after).toEqual([...Array(5).fill("UNAUTHENTICATED"), "RATE_LIMITED"]);
  });

  it("an address failing across accounts is refused; a success resets it, but every attempt is capped", async () => {
    setEnv({ AUTH_SIGN_IN_FAILURES_PER_IP: "3", AUTH_SIGN_IN_ATTEMPTS_PER_IP: "6" });
    const mine = email("mine");
    await insertUser(t.db, { email: mine, password: PASSWORD });
    const at = async (ip: string, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push((await attempt(ip, email("victim"), WRONG)).outcome);
      return out;
    };
    const ip = address();
    expect(await at(ip, 4)).toEqual([...Array(3).fill("UNAUTHENTICATED"), "RATE_LIMITED"]);
    // Refused for every account now, the right password too.
    expect((await attempt(ip, mine, PASSWORD)).outcome).toBe("RATE_LIMITED");

    // Another address: two wrong, then someone there (an office, a phone network) signs into their own
    // account, which clears the address's failures: two more wrong ones and a right one are answered.
    const office = address();
    expect(await at(office, 2)).toEqual(Array(2).fill("UNAUTHENTICATED"));
    expect((await attempt(office, mine, PASSWORD)).outcome).toBe("signed in");
    expect(await at(office, 2)).toEqual(Array(2).fill("UNAUTHENTICATED"));
    expect((await attempt(office, mine, PASSWORD)).outcome).toBe("signed in");
    // The seventh attempt from there: over the cap on every attempt, whatever the password — someone with an
    // account of their own can't keep clearing the failure count between guesses.
    expect((await attempt(office, mine, PASSWORD)).outcome).toBe("RATE_LIMITED");
    expect((await attempt(address(), mine, PASSWORD)).outcome).toBe("signed in");
  });

  it("a right password that is refused for another reason (unconfirmed email) is not counted as a guess", async () => {
    const pending = email("pending");
    await insertUser(t.db, { email: pending, emailVerified: false, password: PASSWORD });
    const ip = address();
    const out = [];
    for (let i = 0; i < 7; i++) out.push((await attempt(ip, pending, PASSWORD)).outcome);
    expect(out).toEqual(Array(7).fill("FORBIDDEN"));
  });

  it("asking for reset emails never blocks signing in", async () => {
    const owner = email("forgetful");
    await insertUser(t.db, { email: owner, password: PASSWORD });
    const ip = address();
    for (let i = 0; i < 10; i++) await requestPasswordReset(t.db, { ip: address() }, { email: owner });
    await requestPasswordReset(t.db, { ip }, { email: owner });
    expect((await attempt(ip, owner, PASSWORD)).outcome).toBe("signed in");
  });

  it("better-auth's own limiter stays off: ours are the only ones, so it can't bring the lockout back", async () => {
    const auth = await getAuth();
    expect(auth.options.rateLimit).toEqual({ enabled: false });
  });
});
