import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { type TransitionInput, transitionBooking } from "@/modules/bookings/server/transition-booking";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, bookingEvents, bookings, emails, liveEvents } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, type DbKind, type TestDatabase } from "../support/db";

// What the booking-lifecycle test files share: a business with one team, a customer and an admin,
// bookings in any status on their own slots, and a snapshot of everything a change may write.

export const DAY_MS = 24 * 60 * 60_000;
export const NOW = new Date();

export type Lifecycle = {
  t: TestDatabase;
  teamId: string;
  customer: { id: string; email: string };
  admin: { id: string; role: "admin" };
  asCustomer: { id: string; role: "customer" };
  /** A booking in `status` on its own slot, with its allocation mirroring it. */
  bookingIn: (status: BookingStatus, holdMinutes?: number) => ReturnType<typeof insertBooking>;
  snapshot: (bookingId: string) => Promise<Snapshot>;
  /** One change in its own transaction, at NOW. */
  run: (input: Omit<TransitionInput, "now">) => ReturnType<typeof transitionBooking>;
};

async function takeSnapshot(t: TestDatabase, bookingId: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [allocation] = await t.db
    .select()
    .from(allocations)
    .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));
  const events = await t.db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  const mail = await t.db.select().from(emails).where(eq(emails.bookingId, bookingId));
  const live = await t.db
    .select()
    .from(liveEvents)
    .where(sql`${liveEvents.payload} ->> 'bookingId' = ${bookingId}`);
  const schedule = await t.db
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(eq(liveEvents.type, "schedule.changed"));
  return { booking, allocation, events, mail, live, scheduleEvents: schedule.length };
}

export type Snapshot = Awaited<ReturnType<typeof takeSnapshot>>;

/** Registers the database's set-up and tear-down; the fields are filled in before the first test. */
export function useLifecycle(kind: DbKind): Lifecycle {
  let slot = 0;
  const l = {
    bookingIn: (status: BookingStatus, holdMinutes = 30) => {
      const startsAt = new Date(
        Math.ceil((NOW.getTime() + 3 * DAY_MS) / 3_600_000) * 3_600_000 + slot++ * 4 * 3_600_000,
      );
      return insertBooking(l.t.db, {
        customerId: l.customer.id,
        teamId: l.teamId,
        startsAt,
        status,
        holdExpiresAt: status === "pending_payment" ? new Date(NOW.getTime() + holdMinutes * 60_000) : null,
      });
    },
    snapshot: (bookingId: string) => takeSnapshot(l.t, bookingId),
    run: (input: Omit<TransitionInput, "now">) =>
      l.t.db.transaction((tx) => transitionBooking(tx, { ...input, now: NOW })),
  } as Lifecycle;

  beforeAll(async () => {
    l.t = await createTestDatabase(kind);
    setDatabaseForProcess(l.t);
    await insertSettings(l.t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
      timeZone: "Europe/London",
    });
    l.teamId = (await insertTeam(l.t.db)).id;
    l.customer = await insertUser(l.t.db, { name: "Ada Guest" });
    const owner = await insertUser(l.t.db, { name: "Owner", email: "owner@shine.test", role: "admin" });
    l.admin = { id: owner.id, role: "admin" };
    l.asCustomer = { id: l.customer.id, role: "customer" };
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await l.t.drop();
  });
  return l;
}
