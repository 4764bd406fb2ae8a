import "server-only";
import { eq } from "drizzle-orm";
import { formatCalendarDate, localDateOf } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { loadSlotContext, slotQuery } from "@/modules/availability/server";
import { computeSlots } from "@/modules/availability/domain/slots";
import { jobShapeOf } from "@/modules/booking-moves/server";
import { type Booking, lockBooking } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { AppError, type FieldErrors } from "@/server/errors";
import {
  latestUntil,
  MAX_OCCURRENCES,
  minutesOfDay,
  nearestStarts,
  occurrenceCount,
  occurrenceDates,
  occurrenceStart,
} from "../domain/series-plan";

// Repeat bookings (issue 31, ADR 0052). A confirmed booking becomes the first visit of a series: the same
// job, vehicles, address and price every N weeks until a date, each occurrence a booking of its own whose
// time is held now through reserve() — never a promise the schedule can't keep. The customer (for their own
// booking) or the admin sees the plan first: each date at the first visit's time, or, where that time is
// taken, the nearest free times that day to choose from or skip. Making the series is one transaction: if
// any chosen time was taken meanwhile, nothing is written and the dates are named. Ending it cancels the
// visits still to come (through the bookings' transition path) and sends one email.

export type SeriesActor = { id: string; role: "admin" | "customer"; ip?: string | null };

export type PlannedOccurrence = {
  date: string;
  /** The first visit's wall-clock time that day (null: that time does not exist, a clock change). */
  start: Date | null;
  fits: boolean;
  /** When it doesn't: the nearest free times that day. */
  alternatives: Date[];
};

export type SeriesPlan = {
  bookingId: string;
  intervalWeeks: number;
  until: string;
  occurrences: PlannedOccurrence[];
  /** The rule gave more dates than one repeat booking makes (MAX_OCCURRENCES). */
  cut: boolean;
};

export type SeriesInput = { bookingId: string; intervalWeeks: number; until: string };
export type SeriesChoice = { date: string; start: Date | null };

/** Statuses a booking can start a series from. */
export const REPEATABLE: readonly BookingStatus[] = ["confirmed"];
/** The occurrences ending a series cancels: still to come, not started. */
export const ENDABLE: readonly BookingStatus[] = ["confirmed", "awaiting_approval"];

export const invalid = (errors: FieldErrors) => new AppError("VALIDATION", undefined, errors);

/** The booking a series starts from, for this actor: their own (a customer) or anyone's (an admin). */
export async function baseBooking(
  db: DbOrTx,
  actor: SeriesActor,
  bookingId: string,
  now: Date,
  tx?: Tx,
): Promise<Booking> {
  const [seen] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  // Whose it is is checked before anything is locked: someone else's booking is not there for them.
  if (!seen || (actor.role === "customer" && seen.customerId !== actor.id)) throw new AppError("NOT_FOUND");
  if (actor.role === "admin") await assertAdminActor(db, actor);
  // In the series' transaction the booking is locked, so two tabs can't make it the first of two series.
  const booking = tx ? await lockBooking(tx, bookingId) : seen;
  if (!booking) throw new AppError("NOT_FOUND");
  if (booking.seriesId) throw new AppError("CONFLICT", "This booking is already part of a repeat booking.");
  if (!REPEATABLE.includes(booking.status) || booking.startsAt <= now)
    throw new AppError("CONFLICT", "Only a confirmed booking still to come can be repeated.");
  return booking;
}

/** The dates and times a series would book, each checked against the schedule now. Writes nothing. */
export async function planSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesPlan> {
  const base = await baseBooking(db, actor, input.bookingId, now);
  return planFor(db, base, input, now);
}

export async function planFor(db: DbOrTx, base: Booking, input: SeriesInput, now: Date): Promise<SeriesPlan> {
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const first = localDateOf(base.startsAt, tz);
  const latest = latestUntil(first, localDateOf(now, tz), settings.horizonDays);
  if (input.until > latest)
    throw invalid({ until: [`Choose a last date up to ${formatCalendarDate(latest)}.`] });
  const dates = occurrenceDates(first, input.intervalWeeks, input.until);
  if (dates.length === 0)
    throw invalid({
      until: [`No visit falls by then: choose a date at least ${input.intervalWeeks} weeks after the first.`],
    });
  const job = await jobShapeOf(db, base);
  const ctx = await loadSlotContext(db, { from: dates[0] as string, to: dates.at(-1) as string }, now);
  const slots = computeSlots(slotQuery(ctx, job));
  const minutes = minutesOfDay(base.startsAt, tz);
  const occurrences = dates.map((date) => {
    const start = occurrenceStart(date, minutes, tz);
    const starts = (slots.get(date) ?? []).map((s) => s.start);
    const fits = start !== null && starts.some((s) => s.getTime() === start.getTime());
    // A time that doesn't exist that day (a clock change) is offered the day's times around midday.
    const alternatives = fits ? [] : nearestStarts(starts, start ?? new Date(`${date}T12:00:00Z`));
    return { date, start, fits, alternatives };
  });
  return {
    bookingId: base.id,
    intervalWeeks: input.intervalWeeks,
    until: input.until,
    occurrences,
    cut: occurrenceCount(first, input.intervalWeeks, input.until) > MAX_OCCURRENCES,
  };
}
