import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Db, type DbOrTx, getDb, type Tx } from "@/server/db";
import { staffTeams, teams, users, verifications } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { endAccess } from "./end-access";
import { inviteOrReinvite, listInvited, setupTokenOf } from "./invited-people";

// Settings → Team members (ADR 0053): the technicians who work the jobs of one or more teams (vans, bays).
// Invited like admins — a single-use set-up link that lasts 7 days — and linked to their teams. They sign
// in to /staff and see only their teams' jobs. Deactivating one is a ban, as for customers and admins: their
// sessions and unused links end at once, and their name stays on the jobs they did. Every write is one
// transaction with its audit row.

export type StaffMember = {
  id: string;
  name: string;
  email: string;
  status: "active" | "invited" | "invite_expired" | "deactivated";
  teamIds: string[];
  /** When the newest set-up link expires (invited people). */
  inviteExpiresAt: Date | null;
};

export async function listStaff(
  db: DbOrTx,
  viewer: Pick<Actor, "id">,
  now = new Date(),
): Promise<StaffMember[]> {
  await assertAdminActor(db, viewer);
  const people = await listInvited(db, "staff", now);
  if (people.length === 0) return [];
  const memberships = await db
    .select({ userId: staffTeams.userId, teamId: staffTeams.teamId })
    .from(staffTeams)
    .where(
      inArray(
        staffTeams.userId,
        people.map((p) => p.id),
      ),
    );
  return people.map((p) => ({
    ...p,
    status: p.status === "removed" ? "deactivated" : p.status,
    teamIds: memberships.filter((m) => m.userId === p.id).map((m) => m.teamId),
  }));
}

async function assertTeams(tx: Tx, teamIds: readonly string[]): Promise<void> {
  const found = teamIds.length
    ? await tx
        .select({ id: teams.id })
        .from(teams)
        .where(inArray(teams.id, [...teamIds]))
    : [];
  if (teamIds.length === 0 || found.length !== new Set(teamIds).size)
    throw new AppError("VALIDATION", undefined, { teamIds: ["Choose at least one team they work in."] });
}

async function replaceTeams(tx: Tx, userId: string, teamIds: readonly string[]): Promise<void> {
  await tx.delete(staffTeams).where(eq(staffTeams.userId, userId));
  await tx.insert(staffTeams).values([...new Set(teamIds)].map((teamId) => ({ userId, teamId })));
}

/**
 * Invites a technician: a new account with a set-up link and their teams, or a fresh link (earlier links
 * stop working) for one who hasn't chosen a password, or a deactivated one coming back. An email that
 * belongs to a customer or an admin is refused: one person, one role.
 */
export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: { name: string; email: string; teamIds: string[] },
): Promise<{ userId: string; outcome: "invited" | "reinvited" | "reinstated" }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    await assertTeams(tx, input.teamIds);
    const { userId, outcome } = await inviteOrReinvite(
      tx,
      { name: input.name, email, role: "staff" },
      {
        otherRole: (role) =>
          role === "admin"
            ? "This email belongs to an admin. Invite the technician with another email address."
            : "This email belongs to a customer's account. Invite the technician with another email address.",
        alreadyIn: "This person is already on the team.",
      },
    );
    await replaceTeams(tx, userId, input.teamIds);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "staff.invite",
      entity: "user",
      entityId: userId,
      summary: { email, outcome, teamIds: input.teamIds },
    });
    return { userId, outcome };
  });
}

async function lockStaff(tx: Tx, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!row || row.role !== "staff") throw new AppError("NOT_FOUND");
  return row;
}

/** Which teams a technician works in; their day shows those teams' jobs from the next load. */
export async function setStaffTeams(
  db: Db,
  actor: Actor,
  input: { id: string; teamIds: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const row = await lockStaff(tx, input.id);
    await assertTeams(tx, input.teamIds);
    await replaceTeams(tx, row.id, input.teamIds);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "staff.teams",
      entity: "user",
      entityId: row.id,
      summary: { email: row.email, teamIds: input.teamIds },
    });
  });
}

/** Deactivates a technician: signed out everywhere at once (open live streams close on commit). */
export async function deactivateStaff(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const row = await lockStaff(tx, userId);
    if (row.banned) throw new AppError("CONFLICT", "This person was already deactivated.");
    await endAccess(tx, userId, "Deactivated as a team member");
    await tx.delete(verifications).where(setupTokenOf(userId));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "staff.deactivate",
      entity: "user",
      entityId: userId,
      summary: { email: row.email },
    });
  });
}

/** The teams a signed-in technician works in (none for anyone else, or a deactivated one). */
export async function staffTeamIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: staffTeams.teamId })
    .from(staffTeams)
    .innerJoin(users, eq(users.id, staffTeams.userId))
    .where(and(eq(staffTeams.userId, userId), eq(users.role, "staff"), eq(users.banned, false)));
  return rows.map((r) => r.teamId);
}

/** Who works in each team (active technicians' names), for Today and the live board. */
export async function staffNamesByTeam(db: DbOrTx): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ teamId: staffTeams.teamId, name: users.name })
    .from(staffTeams)
    .innerJoin(users, eq(users.id, staffTeams.userId))
    .where(and(eq(users.role, "staff"), eq(users.banned, false)))
    .orderBy(asc(sql`lower(${users.name})`));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.teamId, [...(out.get(r.teamId) ?? []), r.name]);
  return out;
}

/** For the settings page (pages don't reach the database themselves). */
export async function loadStaff(viewer: Pick<Actor, "id">): Promise<StaffMember[]> {
  return listStaff(await getDb(), viewer);
}
