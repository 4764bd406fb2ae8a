import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForProcess } from "@/server/db";
import { forgetAuthForTests, getAuth, getSessionUser } from "@/server/auth";
import { accounts, emails, sessions, users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createPasswordlessCustomer } from "@/modules/accounts/server/create-passwordless-customer";
import { confirmEmail, confirmLinkState } from "@/modules/accounts/server/auth/confirm-email";
import { register } from "@/modules/accounts/server/auth/register";
import {
  handlePasswordResetRequests,
  requestPasswordReset,
  RESET_REQUEST_LEASE_MS,
} from "@/modules/accounts/server/auth/request-password-reset";
import { resetPasswordWithToken } from "@/modules/accounts/server/auth/reset-password";
import { resendVerification } from "@/modules/accounts/server/auth/resend-verification";
import { hasPassword } from "@/modules/accounts/server/queries";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0012: an account must not keep a password its email's owner did not choose.
describe.each(dbKinds)("unconfirmed accounts on %s", (kind) => {
  let t: TestDatabase;
  let seq = 0;
  const ctx = () => ({ ip: `10.0.0.${++seq}`, headers: new Headers() });
  const email = (label: string) => `${label}-${kind}-${++seq}@example.test`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    await insertSettings(t.db, { contactEmail: "hello@example.test" });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });

  const mailsTo = (to: string, template: string) =>
    t.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, to), eq(emails.template, template)));
  const linkToken = async (to: string, template: string) => {
    const [mail] = await mailsTo(to, template);
    const url = new URL((mail?.data as { url: string }).url);
    return { path: url.pathname, token: url.searchParams.get("token") ?? "" };
  };
  const registerAs = (to: string, password: string, name = "Someone") =>
    register(t.db, ctx(), { name, email: to, phone: "07700 900123", password, confirmPassword: password });
  const resetRequests = () =>
    t.db.select().from(verifications).where(like(verifications.identifier, "password-reset-request:%"));
  const userOf = async (to: string) => (await t.db.select().from(users).where(eq(users.email, to)))[0];

  it("emails a link to this site's confirmation page, which opening does not use up", async () => {
    const to = email("pending");
    await registerAs(to, "Pending-Owner-Pass-1");
    const link = await linkToken(to, "verify-email");
    expect(link.path).toBe("/auth/verify-email");
    expect(await confirmLinkState(link.token)).toEqual({ kind: "needs-password", email: to });
    expect(await confirmLinkState(link.token)).toEqual({ kind: "needs-password", email: to });
    expect((await userOf(to))?.emailVerified).toBe(false);
  });

  it("confirms only with the password chosen at registration, then signs in", async () => {
    const to = email("owner");
    await registerAs(to, "Owner-Chosen-Pass-7");
    const { token } = await linkToken(to, "verify-email");

    const wrong = await confirmEmail(t.db, ctx(), { token, password: "Not-The-Password-1" }).catch((e) => e);
    expect(wrong).toBeInstanceOf(AppError);
    expect(wrong).toMatchObject({ code: "UNAUTHENTICATED" });
    const none = await confirmEmail(t.db, ctx(), { token }).catch((e) => e);
    expect(none).toMatchObject({ code: "UNAUTHENTICATED" });
    expect((await userOf(to))?.emailVerified).toBe(false);

    const out = await confirmEmail(t.db, ctx(), { token, password: "Owner-Chosen-Pass-7" });
    expect(out.redirectTo).toBe("/dashboard");
    expect(out.headers?.getSetCookie().join()).toMatch(/session_token=/);
    const user = await userOf(to);
    expect(user?.emailVerified).toBe(true);
    // The session cookie it set is a session; no cookie, or only other cookies, is nobody.
    const cookie = (out.headers?.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ id: user?.id, role: "customer" });
    expect(await getSessionUser(new Headers())).toBeNull();
    expect(await getSessionUser(new Headers({ cookie: "theme=dark; session_token=forged" }))).toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? "")),
    ).toHaveLength(1);

    // Used: the page now says so, and a second confirmation signs nobody in.
    expect(await confirmLinkState(token)).toEqual({ kind: "confirmed" });
    const again = await confirmEmail(t.db, ctx(), { token, password: "Owner-Chosen-Pass-7" });
    expect(again).toEqual({ redirectTo: "/auth/login" });
  });

  it("a guest booking on a pre-registered address takes the account back from whoever set its password", async () => {
    const victim = email("victim");
    await registerAs(victim, "Squatter-Pass-2026", "Squatter");
    const squatted = await userOf(victim);
    expect(await hasPassword(t.db, squatted?.id ?? "")).toBe(true);
    const { token } = await linkToken(victim, "verify-email");

    const out = await t.db.transaction((tx) =>
      createPasswordlessCustomer(tx, {
        name: "Real Victim",
        email: victim,
        phone: "07700 900999",
        reason: "booking",
      }),
    );
    expect(out).toEqual({ userId: squatted?.id, created: false });
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, out.userId))).toHaveLength(0);
    expect(await userOf(victim)).toMatchObject({
      name: "Real Victim",
      phone: "07700 900999",
      emailVerified: false,
    });
    const [setup] = await mailsTo(victim, "setup-password");
    expect(setup?.data).toMatchObject({ name: "Real Victim", reason: "booking" });

    // The squatter's verification link (in the victim's inbox) can't sign anyone in with their password:
    // it leads to choosing a new password.
    expect(await confirmLinkState(token)).toEqual({ kind: "needs-setup", email: victim });
    const confirmed = await confirmEmail(t.db, ctx(), { token, password: "Squatter-Pass-2026" });
    expect(confirmed.headers).toBeUndefined();
    expect(confirmed.redirectTo).toMatch(/^\/auth\/setup-password\?token=[\w-]{20,}$/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, out.userId))).toHaveLength(0);
  });

  it("registering with an invited technician's email sends the invitee their invitation's words, not a customer's", async () => {
    const to = email("invited-tech");
    await insertUser(t.db, { email: to, name: "Tia Tech", role: "staff", emailVerified: false });
    await registerAs(to, "Someone-Else-Pass-1");
    const [mail] = await mailsTo(to, "setup-password");
    expect((mail?.data as { reason: string }).reason).toBe("staff-invite");
    expect(await mailsTo(to, "verify-email")).toHaveLength(0);
    expect((await userOf(to))?.role).toBe("staff");
  });

  it("a guest booking on an unconfirmed account without a password changes nothing and sends nothing", async () => {
    const guest = email("guest");
    const first = await t.db.transaction((tx) =>
      createPasswordlessCustomer(tx, {
        name: "Guest",
        email: guest,
        reason: "booking",
        sendSetupLink: false,
      }),
    );
    const again = await t.db.transaction((tx) =>
      createPasswordlessCustomer(tx, { name: "Other Name", email: guest, reason: "booking" }),
    );
    expect(again).toEqual({ userId: first.userId, created: false });
    expect((await userOf(guest))?.name).toBe("Guest");
    expect(await t.db.select().from(emails).where(eq(emails.to, guest))).toHaveLength(0);
  });

  it("resending sends a set-up link to an account without a password, a confirmation link otherwise", async () => {
    const guest = email("resend-guest");
    await t.db.transaction((tx) =>
      createPasswordlessCustomer(tx, { name: "Guest", email: guest, reason: "admin", sendSetupLink: false }),
    );
    const pending = email("resend-pending");
    await insertUser(t.db, { email: pending, emailVerified: false, password: "Pending-Pass-123" });
    const confirmed = email("resend-confirmed");
    await insertUser(t.db, { email: confirmed, password: "Confirmed-Pass-123" });

    for (const to of [guest, pending, confirmed]) await resendVerification(t.db, ctx(), { email: to });
    expect((await linkToken(guest, "setup-password")).path).toBe("/auth/setup-password");
    expect(await mailsTo(guest, "verify-email")).toHaveLength(0);
    expect(await mailsTo(pending, "verify-email")).toHaveLength(1);
    expect(await t.db.select().from(emails).where(eq(emails.to, confirmed))).toHaveLength(0);
  });

  it("forgot password answers before any per-account work, for known and unknown emails alike", async () => {
    const known = email("forgot-known");
    await insertUser(t.db, { email: known, password: "Known-Person-Pass-1" });
    const unknown = email("forgot-unknown");
    for (const to of [known, unknown]) await requestPasswordReset(t.db, ctx(), { email: to });
    // When the answer leaves, each request has written the same thing — a request for the job runner —
    // and neither has looked the email up or mailed anything.
    expect((await resetRequests()).map((r) => r.value).sort()).toEqual([known, unknown].sort());
    expect(await mailsTo(known, "reset-password")).toHaveLength(0);

    await handlePasswordResetRequests(t.db);
    expect(await mailsTo(known, "reset-password")).toHaveLength(1);
    expect(await t.db.select().from(emails).where(eq(emails.to, unknown))).toHaveLength(0);
    expect(await resetRequests()).toHaveLength(0);
  });

  it("forgot password survives a runner that stops after claiming the request", async () => {
    const known = email("forgot-crash");
    await insertUser(t.db, { email: known, password: "Known-Person-Pass-2" });
    await requestPasswordReset(t.db, ctx(), { email: known });
    // A runner claimed it and died before sending: another leaves it alone until the claim lapses…
    const claimedAt = new Date();
    await t.db
      .update(verifications)
      .set({ updatedAt: claimedAt })
      .where(like(verifications.identifier, "password-reset-request:%"));
    await handlePasswordResetRequests(t.db, { now: new Date(claimedAt.getTime() + 1000) });
    expect(await mailsTo(known, "reset-password")).toHaveLength(0);
    // …then sends it once.
    const later = new Date(claimedAt.getTime() + RESET_REQUEST_LEASE_MS + 1000);
    await handlePasswordResetRequests(t.db, { now: later });
    await handlePasswordResetRequests(t.db, { now: later });
    expect(await mailsTo(known, "reset-password")).toHaveLength(1);
    expect(await resetRequests()).toHaveLength(0);
  });

  it("forgot password on a pre-registered address lets the inbox's owner replace the password", async () => {
    const victim = email("forgot-squatted");
    await registerAs(victim, "Squatter-Pass-4242", "Squatter");
    await requestPasswordReset(t.db, ctx(), { email: victim });
    await handlePasswordResetRequests(t.db);
    const { token } = await linkToken(victim, "reset-password");
    const out = await resetPasswordWithToken(t.db, ctx(), {
      token,
      password: "Owner-Own-Choice-99",
      confirmPassword: "Owner-Own-Choice-99",
    });
    expect(out.redirectTo).toBe("/dashboard");
    const user = await userOf(victim);
    expect(user?.emailVerified).toBe(true);
    const [credential] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    const auth = await getAuth();
    const verify = (password: string) =>
      auth.$context.then((c) => c.password.verify({ hash: credential?.password ?? "", password }));
    expect(await verify("Squatter-Pass-4242")).toBe(false);
    expect(await verify("Owner-Own-Choice-99")).toBe(true);
  });
});
