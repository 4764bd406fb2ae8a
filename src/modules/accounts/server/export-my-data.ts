import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import {
  addresses,
  bookingItems,
  bookings,
  emails,
  jobPhotos,
  payments,
  refunds,
  users,
  vehicles,
} from "@/server/db/schema";
import type { SessionUser } from "@/server/auth";
import { getEnv } from "@/env";
import { routes } from "@/lib/routes";

/** Everything the product holds about the signed-in person (their own rows only), as plain JSON. */
export async function exportMyData(
  db: Db,
  user: Pick<SessionUser, "id">,
  { now = new Date() }: { now?: Date } = {},
) {
  const [profile] = await db.select().from(users).where(eq(users.id, user.id));
  const myBookings = await db
    .select()
    .from(bookings)
    .where(eq(bookings.customerId, user.id))
    .orderBy(desc(bookings.startsAt));
  const bookingIds = myBookings.map((b) => b.id);
  const items = bookingIds.length
    ? await db.select().from(bookingItems).where(inArray(bookingItems.bookingId, bookingIds))
    : [];
  const myPayments = bookingIds.length
    ? await db.select().from(payments).where(inArray(payments.bookingId, bookingIds))
    : [];
  const myRefunds = myPayments.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            myPayments.map((p) => p.id),
          ),
        )
    : [];
  const sent = await db
    .select({
      to: emails.to,
      subject: emails.subject,
      template: emails.template,
      status: emails.status,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(eq(emails.userId, user.id))
    .orderBy(desc(emails.createdAt));
  return {
    exportedAt: now.toISOString(),
    profile: profile && {
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      phone: profile.phone,
      createdAt: profile.createdAt,
      notificationPreferences: {
        bookingEmails: profile.notifyBookingEmails,
        reminders: profile.notifyReminders,
      },
    },
    consents: {
      marketing: profile?.marketingConsent ?? false,
      marketingConsentAt: profile?.marketingConsentAt ?? null,
    },
    vehicles: await db.select().from(vehicles).where(eq(vehicles.ownerId, user.id)),
    addresses: await db.select().from(addresses).where(eq(addresses.ownerId, user.id)),
    bookings: myBookings.map((b) => ({
      reference: b.reference,
      status: b.status,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      currency: b.currency,
      totalMinor: b.totalMinor,
      amountPaidMinor: b.amountPaidMinor,
      amountRefundedMinor: b.amountRefundedMinor,
      vehicle: b.vehicleSnapshot,
      address: b.addressSnapshot,
      notes: b.customerNotes,
      items: items
        .filter((i) => i.bookingId === b.id)
        .map((i) => ({ name: i.name, priceMinor: i.priceMinor, minutes: i.minutes })),
      createdAt: b.createdAt,
    })),
    payments: myPayments.map((p) => ({
      booking: myBookings.find((b) => b.id === p.bookingId)?.reference,
      provider: p.provider,
      kind: p.kind,
      method: p.method,
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt,
      refunds: myRefunds
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({ amountMinor: r.amountMinor, status: r.status, createdAt: r.createdAt })),
    })),
    emailsSent: sent,
    // Before and after photos of their jobs (ADR 0053): each one's address works while signed in.
    jobPhotos: (
      await db
        .select({
          id: jobPhotos.id,
          bookingId: jobPhotos.bookingId,
          kind: jobPhotos.kind,
          takenAt: jobPhotos.createdAt,
        })
        .from(jobPhotos)
        .where(
          inArray(
            jobPhotos.bookingId,
            bookingIds.length ? bookingIds : ["00000000-0000-0000-0000-000000000000"],
          ),
        )
    ).map((p) => ({
      booking: myBookings.find((b) => b.id === p.bookingId)?.reference,
      kind: p.kind,
      takenAt: p.takenAt,
      url: new URL(routes.jobPhoto(p.id), getEnv().APP_URL).toString(),
    })),
  };
}
