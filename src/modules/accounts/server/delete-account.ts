import "server-only";
import { port } from "@/server/ports";
import { and, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import type { SessionUser } from "@/server/auth";
import { type Db, type DbOrTx, getDb, type Tx } from "@/server/db";
import {
  accounts,
  amountDueExpr,
  addresses,
  bookings,
  businessContacts,
  businessCustomers,
  sessions,
  uploads,
  users,
  vehicles,
  verifications,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { formatDateTime } from "@/lib/dates";
import { LIVE_STATUSES } from "@/lib/enums";
import { enqueueEmail, eraseEmailsOf } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { notifySessionsEnded } from "@/server/realtime/publish";

async function blockerIn(db: DbOrTx, userId: string): Promise<string | null> {
  const settings = await getSettingsOrThrow(db);
  const [upcoming] = await db
    .select({ reference: bookings.reference, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), inArray(bookings.status, [...LIVE_STATUSES])))
    .orderBy(bookings.startsAt)
    .limit(1);
  if (upcoming) {
    return `You have an upcoming booking (${upcoming.reference} on ${formatDateTime(upcoming.startsAt, settings.timeZone)}). Cancel it, or wait until it is complete, before deleting your account.`;
  }
  const [owed] = await db
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, userId),
        eq(bookings.status, "completed"),
        sql`${amountDueExpr(bookings)} > 0`,
      ),
    )
    .limit(1);
  if (owed) {
    return `Booking ${owed.reference} still has a balance to pay. Please settle it, or contact us, before deleting your account.`;
  }
  return null;
}

/** Why the account cannot be deleted now, or null. */
export async function deletionBlocker(userId: string): Promise<string | null> {
  return blockerIn(await getDb(), userId);
}

/** What another module keeps of a person and erases with their account, in the deletion's transaction. */
export type AccountEraser = (tx: Tx, userId: string) => Promise<void>;

// The composition root passes in what the other modules erase — bookings' personal parts, the reasons
// given for reschedule requests — so that accounts imports neither (ADR 0044, ADR 0045).
declare module "@/server/ports" {
  interface Ports {
    accountErasers: readonly AccountEraser[];
  }
}

/**
 * Erases the person: profile anonymised; sign-in methods, sessions, tokens, vehicles, addresses, company details and
 * uploads deleted; every email about them or their bookings removed; their bookings kept for the
 * business's accounts with the personal parts removed. The check and the erasure happen in one
 * transaction with the person's row locked, so a booking made meanwhile cannot slip through. A
 * confirmation goes to the address they had (and that row is purged once sent).
 */
export async function deleteAccount(
  db: Db,
  user: Pick<SessionUser, "id" | "role">,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  if (user.role === "admin") {
    throw new AppError(
      "CONFLICT",
      "An admin account is removed by another admin, so that the business is never left without one.",
    );
  }
  if (user.role === "staff")
    throw new AppError("CONFLICT", "A team member's account is deactivated by the business's admin.");
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
    if (!current) return;
    const blocker = await blockerIn(tx, user.id);
    if (blocker) throw new AppError("CONFLICT", blocker);

    const mine = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.customerId, user.id));
    await eraseEmailsOf(tx, user.id, mine);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Its open live-event streams end now, not at their next session check (issue 28).
    await notifySessionsEnded(tx, user.id);
    await tx.delete(accounts).where(eq(accounts.userId, user.id));
    const changeTokens = await tx
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(eq(verifications.value, user.id), like(verifications.identifier, "change-email:%")));
    await tx
      .delete(verifications)
      .where(
        or(
          eq(verifications.value, user.id),
          inArray(verifications.identifier, ["", ...changeTokens.map((t) => `${t.identifier}:email`)]),
        ),
      );
    for (const erase of port("accountErasers")) await erase(tx, user.id);
    // Their own photos go; a service photo they uploaded as an admin belongs to the business.
    await tx.delete(uploads).where(and(eq(uploads.ownerId, user.id), ne(uploads.purpose, "service_image")));
    await tx.delete(vehicles).where(eq(vehicles.ownerId, user.id));
    await tx.delete(addresses).where(eq(addresses.ownerId, user.id));
    // The people named at their company and its details go too; issued invoices keep their snapshot.
    await tx.delete(businessContacts).where(eq(businessContacts.customerId, user.id));
    await tx.delete(businessCustomers).where(eq(businessCustomers.customerId, user.id));
    await tx
      .update(users)
      .set({
        name: "Deleted customer",
        email: `deleted-${user.id}@deleted.invalid`,
        phone: null,
        image: null,
        emailVerified: false,
        banned: true,
        banReason: "Account deleted by its owner",
        marketingConsent: false,
        marketingConsentAt: null,
        anonymisedAt: now,
      })
      .where(and(eq(users.id, user.id), ne(users.role, "admin")));
    await enqueueEmail(tx, { to: current.email, template: "account-deleted", data: { name: current.name } });
  });
}
