import "server-only";
import { eq } from "drizzle-orm";
import { addDays, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { getDb } from "@/server/db";
import { insertBooking, insertUser } from "@/testing/factories";
import { users } from "@/server/db/schema";
import { reserve } from "./reserve";
import { getDaySlots } from "./slots";

// For the reserve() stress run (scripts/bench/reserve-stress.ts) against a server started with
// ENABLE_TEST_ROUTES=1: find the last free interval of a day, then reserve it many times at once.

const JOB = { durationMinutes: 60, zoneBufferMinutes: 0 };
const STRESS_EMAIL = "stress-customer@forecourt.test";

/** The last bookable start of the first day, from `daysAhead` on, that has one. */
export async function lastFreeInterval(daysAhead: number) {
  const db = await getDb();
  const tz = (await getSettingsOrThrow(db)).timeZone;
  let date = addDays(localDateOf(new Date(), tz), daysAhead);
  for (let i = 0; i < 60; i++, date = addDays(date, 1)) {
    const slots = await getDaySlots(db, { ...JOB, date });
    const last = slots.at(-1);
    if (last) return { date, start: last.start.toISOString(), freeTeams: last.teamIds.length };
  }
  return null;
}

async function stressCustomer(): Promise<string> {
  const db = await getDb();
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, STRESS_EMAIL));
  if (found) return found.id;
  return (
    await insertUser(db, { email: STRESS_EMAIL, name: "Stress Test" }).catch(async () => {
      const [again] = await db.select().from(users).where(eq(users.email, STRESS_EMAIL));
      if (!again) throw new Error("could not create the stress customer");
      return again;
    })
  ).id;
}

export async function reserveForStress(start: Date) {
  const db = await getDb();
  const customerId = await stressCustomer();
  const holdExpiresAt = new Date(Date.now() + 30 * 60_000);
  return reserve(db, {
    ...JOB,
    start,
    createOwner: async (tx, slot) => {
      const booking = await insertBooking(tx, {
        customerId,
        teamId: slot.teamId,
        startsAt: slot.start,
        endsAt: slot.end,
        status: "pending_payment",
        holdExpiresAt,
        withAllocation: false,
        items: [{ kind: "package", name: "Stress test", priceMinor: 1000, minutes: JOB.durationMinutes }],
      });
      return {
        owner: booking.reference,
        allocation: { kind: "booking", status: "pending_payment", bookingId: booking.id, holdExpiresAt },
      };
    },
  });
}
