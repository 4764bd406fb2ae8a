import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteStaffInput } from "@/modules/accounts/admin-team-schemas";
import {
  deactivateStaff,
  inviteStaff,
  listStaff,
  setStaffTeams,
  staffNamesByTeam,
  staffTeamIds,
} from "@/modules/accounts/server/customers/staff-members";
import { accounts, auditLog, emails, sessions, staffTeams, users, verifications } from "@/server/db/schema";
import { insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Settings → Team members (ADR 0053): technicians invited with a set-up link and linked to their teams,
// moved between teams and deactivated by an admin only; one person, one role.

describe.each(dbKinds)("the business's technicians on %s", (kind) => {
  let t: TestDatabase;
  let owner: { id: string; ip: string };
  let customer: { id: string; ip: string; email: string };
  let adminEmail: string;
  let vanA: string;
  let vanB: string;

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
  const teamsOf = async (userId: string) =>
    (await t.db.select().from(staffTeams).where(eq(staffTeams.userId, userId))).map((r) => r.teamId).sort();
  const auditOf = async (userId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId))).map((a) => a.action);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { businessName: "Shine Street" });
    const o = await insertUser(t.db, { role: "admin", name: "Olive Owner", email: "olive@shine.test" });
    owner = { id: o.id, ip: "203.0.113.30" };
    adminEmail = o.email;
    await givePassword(o.id);
    const c = await insertUser(t.db, { role: "customer", email: "cust@example.test" });
    customer = { id: c.id, ip: "203.0.113.31", email: c.email };
    vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    vanB = (await insertTeam(t.db, { name: "Van B" })).id;
  });
  afterAll(async () => t.drop());

  it("checks the invitation's fields, teams included", () => {
    const r = inviteStaffInput.safeParse({ name: " ", email: "nope", teamIds: [] });
    expect(r.success).toBe(false);
    expect(Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]))).toEqual({
      name: "Enter their name.",
      email: "Enter a valid email address, like name@example.com.",
      teamIds: "Choose at least one team they work in.",
    });
  });

  it("invites a technician to their teams with a set-up link, and invites them again with a new one", async () => {
    const now = new Date();
    const { userId, outcome } = await inviteStaff(t.db, owner, {
      name: "Tess Tech",
      email: "Tess@Example.test",
      teamIds: [vanA],
    });
    expect(outcome).toBe("invited");
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      role: "staff",
      email: "tess@example.test",
      name: "Tess Tech",
      banned: false,
    });
    expect(await teamsOf(userId)).toEqual([vanA]);
    const [mail] = await t.db.select().from(emails).where(eq(emails.to, "tess@example.test"));
    expect(mail).toMatchObject({
      template: "setup-password",
      data: expect.objectContaining({ reason: "staff-invite" }),
    });
    const links = await setupLinks(userId);
    expect(links).toHaveLength(1);
    expect((await listStaff(t.db, owner, now)).find((s) => s.id === userId)).toMatchObject({
      status: "invited",
      teamIds: [vanA],
      inviteExpiresAt: links[0]?.expiresAt,
    });
    const later = new Date(now.getTime() + 8 * 24 * 3600_000);
    expect((await listStaff(t.db, owner, later)).find((s) => s.id === userId)).toMatchObject({
      status: "invite_expired",
      inviteExpiresAt: null,
    });

    // Again, to both teams: a new link replaces the old one, and the teams are the new ones.
    const again = await inviteStaff(t.db, owner, {
      name: "Tess",
      email: "tess@example.test",
      teamIds: [vanA, vanB],
    });
    expect(again).toEqual({ userId, outcome: "reinvited" });
    const fresh = await setupLinks(userId);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.identifier).not.toBe(links[0]?.identifier);
    expect(await teamsOf(userId)).toEqual([vanA, vanB].sort());
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, userId));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([
      ["staff.invite", owner.id, owner.ip],
      ["staff.invite", owner.id, owner.ip],
    ]);
    expect(audit[1]?.summary).toMatchObject({ outcome: "reinvited", teamIds: [vanA, vanB] });

    // Once they have chosen a password they are on the team: inviting them again is refused.
    await givePassword(userId);
    expect((await listStaff(t.db, owner)).find((s) => s.id === userId)?.status).toBe("active");
    await expect(
      inviteStaff(t.db, owner, { name: "Tess", email: "tess@example.test", teamIds: [vanB] }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { email: ["This person is already on the team."] },
    });
    expect(await teamsOf(userId)).toEqual([vanA, vanB].sort());
  });

  it("refuses a customer's email and an admin's, under the email field, and changes neither", async () => {
    await expect(
      inviteStaff(t.db, owner, { name: "C", email: customer.email.toUpperCase(), teamIds: [vanA] }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        email: [
          "This email belongs to a customer's account. Invite the technician with another email address.",
        ],
      },
    });
    await expect(
      inviteStaff(t.db, owner, { name: "O", email: adminEmail, teamIds: [vanA] }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        email: ["This email belongs to an admin. Invite the technician with another email address."],
      },
    });
    const [c] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(c?.role).toBe("customer");
    const [o] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(o?.role).toBe("admin");
    expect(await teamsOf(customer.id)).toEqual([]);
    expect(await teamsOf(owner.id)).toEqual([]);
    expect(await setupLinks(customer.id)).toHaveLength(0);
  });

  it("refuses no teams or an unknown team under the teamIds field, and writes nothing", async () => {
    const teamsMessage = { teamIds: ["Choose at least one team they work in."] };
    for (const teamIds of [[], [crypto.randomUUID()], [vanA, crypto.randomUUID()]])
      await expect(
        inviteStaff(t.db, owner, { name: "Nobody", email: "no-team@example.test", teamIds }),
      ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: teamsMessage });
    expect(await t.db.select().from(users).where(eq(users.email, "no-team@example.test"))).toHaveLength(0);
    expect(await t.db.select().from(emails).where(eq(emails.to, "no-team@example.test"))).toHaveLength(0);

    const { userId } = await inviteStaff(t.db, owner, {
      name: "Moe Mover",
      email: "moe@example.test",
      teamIds: [vanA],
    });
    for (const teamIds of [[], [crypto.randomUUID()]])
      await expect(setStaffTeams(t.db, owner, { id: userId, teamIds })).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: teamsMessage,
      });
    expect(await teamsOf(userId)).toEqual([vanA]);
  });

  it("is for admins only: a customer or a technician gets NOT_FOUND and nothing is written", async () => {
    const { userId: techId } = await inviteStaff(t.db, owner, {
      name: "Nina Nosy",
      email: "nina@example.test",
      teamIds: [vanA],
    });
    for (const actor of [customer, { id: techId, ip: null }]) {
      await expect(
        inviteStaff(t.db, actor, { name: "X", email: "x-staff@example.test", teamIds: [vanA] }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(listStaff(t.db, actor)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(setStaffTeams(t.db, actor, { id: techId, teamIds: [vanB] })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(deactivateStaff(t.db, actor, techId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await t.db.select().from(users).where(eq(users.email, "x-staff@example.test"))).toHaveLength(0);
    expect(await teamsOf(techId)).toEqual([vanA]);
    expect((await t.db.select().from(users).where(eq(users.id, techId)))[0]?.banned).toBe(false);
    expect(await auditOf(techId)).toEqual(["staff.invite"]);
  });

  it("moves a technician between teams, audited; someone who isn't a technician is NOT_FOUND", async () => {
    const { userId } = await inviteStaff(t.db, owner, {
      name: "Sid Switch",
      email: "sid@example.test",
      teamIds: [vanA],
    });
    await setStaffTeams(t.db, owner, { id: userId, teamIds: [vanB, vanB] });
    expect(await teamsOf(userId)).toEqual([vanB]);
    expect(await staffTeamIds(t.db, userId)).toEqual([vanB]);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "staff.teams")));
    expect(row).toMatchObject({ actorId: owner.id, ip: owner.ip, summary: { teamIds: [vanB, vanB] } });
    expect((await staffNamesByTeam(t.db)).get(vanB)).toContain("Sid Switch");

    for (const id of [customer.id, owner.id, "no-such-user"])
      await expect(setStaffTeams(t.db, owner, { id, teamIds: [vanA] })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    expect(await teamsOf(customer.id)).toEqual([]);
    // Nor are a customer's or an admin's teams anything: the day shows them nothing.
    expect(await staffTeamIds(t.db, customer.id)).toEqual([]);
  });

  it("deactivates a technician: banned, signed out, links voided, off the teams' jobs; twice is a conflict", async () => {
    const { userId } = await inviteStaff(t.db, owner, {
      name: "Dee Parted",
      email: "dee@example.test",
      teamIds: [vanA, vanB],
    });
    await session(userId);
    await session(userId);
    expect(await setupLinks(userId)).toHaveLength(1);
    expect((await staffTeamIds(t.db, userId)).sort()).toEqual([vanA, vanB].sort());

    await deactivateStaff(t.db, owner, userId);
    const [dee] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(dee).toMatchObject({ banned: true, role: "staff", name: "Dee Parted" });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    expect(await setupLinks(userId)).toHaveLength(0);
    // The memberships stay (for the record) but count for nothing any more.
    expect(await teamsOf(userId)).toEqual([vanA, vanB].sort());
    expect(await staffTeamIds(t.db, userId)).toEqual([]);
    expect((await staffNamesByTeam(t.db)).get(vanA) ?? []).not.toContain("Dee Parted");
    expect((await listStaff(t.db, owner)).find((s) => s.id === userId)).toMatchObject({
      status: "deactivated",
      inviteExpiresAt: null,
    });

    await expect(deactivateStaff(t.db, owner, userId)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This person was already deactivated.",
    });
    for (const id of [customer.id, owner.id])
      await expect(deactivateStaff(t.db, owner, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await t.db.select().from(users).where(eq(users.id, owner.id)))[0]?.banned).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "staff.deactivate")));
    expect(audit).toMatchObject([{ actorId: owner.id, ip: owner.ip }]);
  });

  it("reinstates a deactivated technician on invitation, with a fresh link and the teams given now", async () => {
    const { userId } = await inviteStaff(t.db, owner, {
      name: "Rex Return",
      email: "rex@example.test",
      teamIds: [vanA],
    });
    await givePassword(userId);
    await deactivateStaff(t.db, owner, userId);
    expect(await staffTeamIds(t.db, userId)).toEqual([]);

    const back = await inviteStaff(t.db, owner, { name: "Rex", email: "REX@example.test", teamIds: [vanB] });
    expect(back).toEqual({ userId, outcome: "reinstated" });
    const [rex] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(rex).toMatchObject({ banned: false, banReason: null, role: "staff" });
    expect(await setupLinks(userId)).toHaveLength(1);
    // The old password no longer signs in: they choose a new one from the link (issue 41 §7).
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"))),
    ).toHaveLength(0);
    expect(await staffTeamIds(t.db, userId)).toEqual([vanB]);
    expect(await auditOf(userId)).toEqual(["staff.invite", "staff.deactivate", "staff.invite"]);
  });

  it("lists every technician with their status, by name", async () => {
    const list = await listStaff(t.db, owner);
    expect(list.every((s) => s.id !== owner.id && s.id !== customer.id)).toBe(true);
    const names = list.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const statusOf = Object.fromEntries(list.map((s) => [s.email, s.status]));
    expect(statusOf).toMatchObject({
      "tess@example.test": "active",
      "moe@example.test": "invited",
      "dee@example.test": "deactivated",
      "rex@example.test": "invited",
    });
  });
});
