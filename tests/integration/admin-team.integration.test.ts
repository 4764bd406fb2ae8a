import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteAdminInput } from "@/modules/accounts/admin-team-schemas";
import { inviteAdmin, listAdmins, removeAdmin } from "@/modules/accounts/server/customers/admin-team";
import { accounts, auditLog, emails, sessions, users, verifications } from "@/server/db/schema";
import { insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds)("the business's admins on %s", (kind) => {
  let t: TestDatabase;
  let owner: { id: string; ip: string };
  let customer: { id: string; ip: string; email: string };

  /** Gives a user a password (a better-auth credential account), as setting one through a link does. */
  const givePassword = (userId: string) =>
    t.db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: "hashed",
    });
  const session = (userId: string) =>
    t.db.insert(sessions).values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
  const setupLinks = (userId: string) =>
    t.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));

  const adminEmail = async (id: string) =>
    (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email ?? "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { businessName: "Shine Street" });
    const o = await insertUser(t.db, { role: "admin", name: "Olive Owner" });
    owner = { id: o.id, ip: "203.0.113.20" };
    await givePassword(o.id);
    const c = await insertUser(t.db, { role: "customer", email: "cust@example.test" });
    customer = { id: c.id, ip: "203.0.113.21", email: c.email };
  });
  afterAll(async () => t.drop());

  it("checks the invitation's fields", () => {
    const r = inviteAdminInput.safeParse({ name: " ", email: "nope" });
    expect(r.success).toBe(false);
    expect(Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]))).toEqual({
      name: "Enter their name.",
      email: "Enter a valid email address, like name@example.com.",
    });
    // The same email rule as every form: an invitation to Sam@Example.com is one to sam@example.com.
    expect(inviteAdminInput.parse({ name: "Sam", email: " Sam@Example.COM " }).email).toBe("sam@example.com");
  });

  it("invites an admin with a set-up link that expires, and lists them as invited", async () => {
    const now = new Date();
    const { userId, outcome } = await inviteAdmin(t.db, owner, {
      name: "Sam Second",
      email: "Sam@Example.test",
    });
    expect(outcome).toBe("invited");
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ role: "admin", email: "sam@example.test", emailVerified: false });
    const [mail] = await t.db.select().from(emails).where(eq(emails.to, "sam@example.test"));
    expect(mail).toMatchObject({
      template: "setup-password",
      data: expect.objectContaining({ reason: "admin-invite" }),
    });
    const links = await setupLinks(userId);
    expect(links).toHaveLength(1);
    const list = await listAdmins(t.db, owner, now);
    expect(list.find((a) => a.id === userId)).toMatchObject({ status: "invited", isYou: false });
    expect(list.find((a) => a.id === owner.id)).toMatchObject({ status: "active", isYou: true });
    // Eight days later the link has lapsed.
    const later = new Date(now.getTime() + 8 * 24 * 3600_000);
    expect((await listAdmins(t.db, owner, later)).find((a) => a.id === userId)?.status).toBe(
      "invite_expired",
    );
    // A new link replaces the old one.
    expect((await inviteAdmin(t.db, owner, { name: "Sam Second", email: "sam@example.test" })).outcome).toBe(
      "reinvited",
    );
    const again = await setupLinks(userId);
    expect(again).toHaveLength(1);
    expect(again[0]?.identifier).not.toBe(links[0]?.identifier);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId));
    expect(audit.map((a) => a.action)).toEqual(["admin.invite", "admin.invite"]);
  });

  it("refuses a customer's email and an admin's, under the email field", async () => {
    await expect(inviteAdmin(t.db, owner, { name: "C", email: customer.email })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        email: ["This email belongs to a customer's account. Invite the admin with another email address."],
      },
    });
    const [c] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(c?.role).toBe("customer");
    await expect(
      inviteAdmin(t.db, owner, { name: "O", email: await adminEmail(owner.id) }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { email: ["This person is already an admin."] },
    });
  });

  it("is for admins only", async () => {
    await expect(inviteAdmin(t.db, customer, { name: "X", email: "x@example.test" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(listAdmins(t.db, customer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeAdmin(t.db, customer, owner.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await t.db.select().from(users).where(eq(users.email, "x@example.test"))).toHaveLength(0);
  });

  it("never leaves the business without an admin who can sign in", async () => {
    // Yourself: refused.
    await expect(removeAdmin(t.db, owner, owner.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "You can't remove yourself. Another admin can remove you.",
    });
    // A second admin who has only been invited can't remove the owner either: the owner is the only one
    // who can sign in.
    const { userId: invited } = await inviteAdmin(t.db, owner, {
      name: "Ivy Invited",
      email: "ivy@example.test",
    });
    await expect(removeAdmin(t.db, { id: invited, ip: null }, owner.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect((await t.db.select().from(users).where(eq(users.id, owner.id)))[0]?.banned).toBe(false);
  });

  it("removes an admin: banned, signed out, links voided, audited; they can be invited back", async () => {
    const { userId } = await inviteAdmin(t.db, owner, { name: "Rae Removed", email: "rae@example.test" });
    await givePassword(userId);
    await session(userId);
    await removeAdmin(t.db, owner, userId);
    const [rae] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(rae).toMatchObject({ banned: true, role: "admin" });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    expect(await setupLinks(userId)).toHaveLength(0);
    expect((await listAdmins(t.db, owner)).find((a) => a.id === userId)?.status).toBe("removed");
    await expect(removeAdmin(t.db, owner, userId)).rejects.toMatchObject({ code: "CONFLICT" });
    // A removed admin's request that got past its session check still gets nothing from a use case.
    await expect(listAdmins(t.db, { id: userId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "admin.remove")));
    expect(audit).toMatchObject([{ actorId: owner.id, ip: "203.0.113.20" }]);

    expect((await inviteAdmin(t.db, owner, { name: "Rae", email: "rae@example.test" })).outcome).toBe(
      "reinstated",
    );
    expect((await t.db.select().from(users).where(eq(users.id, userId)))[0]?.banned).toBe(false);
    expect(await setupLinks(userId)).toHaveLength(1);
    // Their old password no longer signs in: they choose a new one from the link (issue 41 §7).
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"))),
    ).toHaveLength(0);
  });

  it("two admins removing each other at once: exactly one wins", async () => {
    const a = (await inviteAdmin(t.db, owner, { name: "Ann", email: "ann@example.test" })).userId;
    const b = (await inviteAdmin(t.db, owner, { name: "Bob", email: "bob@example.test" })).userId;
    await givePassword(a);
    await givePassword(b);
    const results = await Promise.allSettled([
      removeAdmin(t.db, { id: a, ip: null }, b),
      removeAdmin(t.db, { id: b, ip: null }, a),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await t.db
      .select({ id: users.id, banned: users.banned })
      .from(users)
      .where(eq(users.role, "admin"));
    expect(rows.filter((r) => (r.id === a || r.id === b) && r.banned)).toHaveLength(1);
  });
});
