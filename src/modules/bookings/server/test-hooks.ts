import "server-only";
import { sqlState, SQLSTATE } from "@/server/errors";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { BOOKING_STATUSES } from "@/lib/enums";
import { getDb } from "@/server/db";
import { teams, users } from "@/server/db/schema";
import { insertBooking } from "@/testing/factories";
import { createTeam, setTeamActive } from "@/modules/availability/server";

// End-to-end tests of the admin's booking page (ENABLE_TEST_ROUTES=1 only): a booking in the status a
// test needs, for a customer and a team of the demo business, at a time no other test uses.

export const testBookingInput = z.object({
  status: z.enum(BOOKING_STATUSES),
  customerEmail: z.email(),
  teamName: z.string().min(1),
  startsAt: z.iso.datetime(),
  /** Already paid online through the test provider, in minor units (the money tests). */
  paidMinor: z.number().int().min(0).optional(),
  /** The price of its one line (default the factory's £85.00 full valet). */
  totalMinor: z.number().int().min(0).optional(),
  /** When it was booked (default now): a booking made days ago is due its reminder (ADR 0027). */
  bookedAt: z.iso.datetime().optional(),
  /** The length of its one line in minutes (default the factory's; 180 with `totalMinor`). */
  minutes: z.number().int().min(5).max(600).optional(),
  /**
   * A team of the test's own, made on first use and inactive: it offers no times and is outside the demo's
   * history, so a test that needs a job at a given time (now, say) always has it (ADR 0043).
   */
  ownTeam: z.boolean().optional(),
});

export async function createTestBooking(input: z.infer<typeof testBookingInput>) {
  const db = await getDb();
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.customerEmail));
  const [found] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, input.teamName));
  const team = found ?? (input.ownTeam ? await ownTestTeam(input.teamName) : undefined);
  if (!customer || !team) return null;
  // One transaction: a time the team already has is refused by the overlap guard, and nothing of the
  // booking stays behind (a booking row without its allocation would show as the customer's next one).
  const booking = await db
    .transaction((tx) =>
      insertBooking(tx, {
        customerId: customer.id,
        teamId: team.id,
        startsAt: new Date(input.startsAt),
        status: input.status,
        customerNotes: "Please ring the bell twice.",
        paidMinor: input.paidMinor,
        ...(input.totalMinor !== undefined || input.minutes !== undefined
          ? {
              items: [
                {
                  kind: "package" as const,
                  name: "Full Valet",
                  priceMinor: input.totalMinor ?? 8500,
                  minutes: input.minutes ?? 180,
                },
              ],
            }
          : {}),
        ...(input.bookedAt ? { createdAt: new Date(input.bookedAt) } : {}),
      }),
    )
    .catch((err: unknown) => {
      if (sqlState(err) === SQLSTATE.exclusionViolation) return null;
      throw err;
    });
  if (!booking) return null;
  return { id: booking.id, reference: booking.reference, accessToken: booking.accessToken };
}

/** The test's own team, made through availability's use cases (by the first admin) and made inactive. */
async function ownTestTeam(name: string): Promise<{ id: string } | undefined> {
  const db = await getDb();
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!admin) return undefined;
  const id = await createTeam(db, admin, { name, colour: "#475569" });
  await setTeamActive(db, admin, { id, isActive: false });
  return { id };
}
