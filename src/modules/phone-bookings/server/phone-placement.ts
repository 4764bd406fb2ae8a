import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { addDays, localDateOf, localDayStart } from "@/lib/dates";
import { jobOfQuote, RESERVE_LOCK_NAMESPACE, reserve } from "@/modules/availability/server";
import { checkAdminSlot, inTheWayMessage, whatIsInTheWay } from "@/modules/booking-moves/server";
import {
  type Booking,
  bookingHoldExpiry,
  insertBookingRecord,
  type newBookingRecord,
} from "@/modules/bookings/server";
import type { Tx } from "@/server/db";
import { teams } from "@/server/db/schema";
import { AppError, slotTaken, sqlState, SQLSTATE } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import type { PhoneBookingInput } from "../admin-phone-schemas";

// Where a phone booking's time is held (createAdminBooking): under the business's rules by reserve(), or,
// overridden with a reason, written directly where only the database's overlap guard decides.

/** The booking row's facts for a slot (createAdminBooking builds them from its plan). */
export type FactsOf = (
  slot: { teamId: string; start: Date; end: Date },
  withAllocation: boolean,
) => ReturnType<typeof newBookingRecord>;

/** What is done with the new booking in the same transaction (records, payment, announcement). */
export type Finish = (tx: Tx, made: Booking) => Promise<void>;

type Placing = { facts: FactsOf; finish: Finish; now: Date };

/** The job being placed: its quote, where it ends, the business's zone. */
type PlacedJob = {
  q: Parameters<typeof jobOfQuote>[0];
  end: Date;
  settings: { timeZone: string };
};

/** Under the business's rules: reserve() holds the time on the chosen team, or says why not. */
export async function reserveForPhone(
  tx: Tx,
  input: PhoneBookingInput,
  plan: PlacedJob,
  w: Placing,
): Promise<Booking> {
  const result = await reserve(tx, {
    start: input.start,
    ...jobOfQuote(plan.q),
    teamIds: [input.teamId],
    now: w.now,
    holdExpiry: bookingHoldExpiry,
    createOwner: async (sp, slot) => ({
      owner: await insertBookingRecord(sp, w.facts(slot, true)),
      allocation: null,
    }),
    afterReserve: (atx, { owner }) => w.finish(atx, owner),
  });
  if (result.ok) return result.owner;
  const check = await checkAdminSlot(tx, {
    ...jobOfQuote(plan.q),
    start: input.start,
    teamId: input.teamId,
    now: w.now,
  });
  throw slotTaken(check.ok ? result.message : check.message);
}

/** Overridden: only the overlap guard decides. Queued behind reserve() on that date all the same. */
export async function placeOverridden(
  tx: Tx,
  input: PhoneBookingInput,
  plan: PlacedJob,
  w: Placing,
): Promise<Booking> {
  const { timeZone } = plan.settings;
  const { end } = plan;
  const date = localDateOf(input.start, timeZone);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}, hashtext(${date}))`);
  const dayStart = localDayStart(date, timeZone);
  const dayEnd = localDayStart(addDays(date, 1), timeZone);
  const expired = await bookingHoldExpiry.expire(tx, w.now, { from: dayStart, to: dayEnd });
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, input.teamId), eq(teams.isActive, true)))
    .for("share");
  if (!team) throw new AppError("VALIDATION", undefined, { teamId: ["Choose an active team."] });
  let made: Booking;
  try {
    made = await tx.transaction((sp) =>
      insertBookingRecord(sp, w.facts({ teamId: input.teamId, start: input.start, end }, true)),
    );
  } catch (err) {
    if (sqlState(err) !== SQLSTATE.exclusionViolation) throw err;
    const inTheWay = await whatIsInTheWay(tx, { teamId: input.teamId, start: input.start, end, now: w.now });
    throw slotTaken(inTheWayMessage(inTheWay, timeZone));
  }
  await w.finish(tx, made);
  await bookingHoldExpiry.publish(tx, expired);
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    { from: input.start.toISOString(), to: end.toISOString(), teamId: input.teamId },
  );
  return made;
}
