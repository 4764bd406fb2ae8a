import "server-only";
import { sqlState, SQLSTATE } from "@/server/errors";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { BOOKING_STATUSES } from "@/lib/enums";
import { getDb } from "@/server/db";
import { teams, users } from "@/server/db/schema";
import { insertBooking } from "@/testing/factories";

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
});

export async function createTestBooking(input: z.infer<typeof testBookingInput>) {
  const db = await getDb();
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.customerEmail));
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.name, input.teamName));
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
        ...(input.totalMinor !== undefined
          ? {
              items: [
                { kind: "package" as const, name: "Full Valet", priceMinor: input.totalMinor, minutes: 180 },
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
