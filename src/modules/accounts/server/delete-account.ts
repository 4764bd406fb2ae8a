import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { SessionUser } from "@/server/auth";
import { getDb } from "@/server/db";
import {
  accounts,
  addresses,
  bookings,
  emails,
  sessions,
  users,
  vehicles,
  verifications,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { formatDateTime } from "@/lib/dates";
import { enqueueEmail } from "@/modules/notifications/server/enqueue-email";
import { getSettingsOrThrow } from "@/modules/settings/server/queries";

const LIVE = ["pending_payment", "awaiting_approval", "confirmed", "in_progress"] as const;

/** Why the account cannot be deleted now, or null. */
export async function deletionBlocker(userId: string): Promise<string | null> {
  const db = await getDb();
  const settings = await getSettingsOrThrow(db);
  const [upcoming] = await db
    .select({ reference: bookings.reference, startsAt: bookings.startsAt })
    .from(bookings)
    .where(and(eq(bookings.customerId, userId), inArray(bookings.status, [...LIVE])))
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
        sql`${bookings.amountPaidMinor} - ${bookings.amountRefundedMinor} < ${bookings.totalMinor}`,
      ),
    )
    .limit(1);
  if (owed)
    return `Booking ${owed.reference} still has a balance to pay. Please settle it, or contact us, before deleting your account.`;
  return null;
}

/**
 * Erases the person: profile anonymised, sign-in methods, sessions, vehicles and addresses deleted,
 * emails about them removed, and their bookings kept for the business's accounts with the personal
 * parts of the snapshots removed. A confirmation goes to the address they had. One transaction.
 */
export async function deleteAccount(user: SessionUser): Promise<void> {
  if (user.role === "admin") {
    throw new AppError(
      "CONFLICT",
      "An admin account is removed by another admin, so that the business is never left without one.",
    );
  }
  const blocker = await deletionBlocker(user.id);
  if (blocker) throw new AppError("CONFLICT", blocker);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, user.id));
    if (!current) return;
    await tx.delete(emails).where(eq(emails.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(accounts).where(eq(accounts.userId, user.id));
    await tx.delete(verifications).where(eq(verifications.value, user.id));
    await tx
      .update(bookings)
      .set({
        customerNotes: null,
        vehicleSnapshot: sql`jsonb_build_object('make', ${bookings.vehicleSnapshot}->>'make', 'model', ${bookings.vehicleSnapshot}->>'model', 'sizeName', ${bookings.vehicleSnapshot}->>'sizeName', 'year', null, 'colour', null, 'registration', 'REMOVED')`,
        addressSnapshot: sql`jsonb_build_object('label', 'Removed', 'line1', 'Removed', 'line2', null, 'town', ${bookings.addressSnapshot}->>'town', 'postcode', split_part(${bookings.addressSnapshot}->>'postcode', ' ', 1), 'accessNotes', null, 'hasWater', false, 'hasPower', false, 'hasCoveredSpace', false)`,
      })
      .where(eq(bookings.customerId, user.id));
    await tx.delete(vehicles).where(eq(vehicles.ownerId, user.id));
    await tx.delete(addresses).where(eq(addresses.ownerId, user.id));
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
        anonymisedAt: new Date(),
      })
      .where(and(eq(users.id, user.id), ne(users.role, "admin")));
    // Sent last, to the address the person had; not linked to the erased profile.
    await enqueueEmail(tx, { to: current.email, template: "account-deleted", data: { name: current.name } });
  });
}
