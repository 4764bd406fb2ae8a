import "server-only";
import { formatCalendarDate, localDateOf } from "@/lib/dates";
import { type BookingStatus, STANDING_STATUSES } from "@/lib/enums";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { loadSlotContext, slotQuery } from "@/modules/availability/server";
import { computeSlots } from "@/modules/availability/domain/slots";
import { jobShapeOf } from "@/modules/booking-moves/server";
import { type Booking, lockBooking, findBooking } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError, type FieldErrors } from "@/server/errors";
import type { PaymentMode } from "@/lib/enums";
import { findAccountTerms } from "@/modules/accounts/server";
import { seriesPaymentSentence } from "@/modules/settings/domain/policy-facts";
import {
  heldFromDate,
  horizonEnd,
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
  /** Inside the booking horizon: held when the series is made. Beyond it: held by the daily job. */
  heldNow: boolean;
  /** Beyond the horizon: the day the daily job holds it (when the horizon reaches its date). */
  heldFrom: string | null;
  fits: boolean;
  /** When it doesn't: the nearest free times that day. */
  alternatives: Date[];
};

export type SeriesPlan = {
  bookingId: string;
  intervalWeeks: number;
  until: string;
  openEnded: boolean;
  occurrences: PlannedOccurrence[];
  /** Each visit's price: a copy of the first visit's, lines and prices as booked. */
  priceMinor: number;
  currency: string;
  /** How the visits are paid, in a sentence (the payment mode, or the customer's account). */
  payment: string;
  /** The rule gave more dates than one repeat booking makes (MAX_OCCURRENCES). */
  cut: boolean;
};

export type SeriesInput = { bookingId: string; intervalWeeks: number; until: string; openEnded?: boolean };
export type SeriesChoice = { date: string; start: Date | null };

/** One date checked against the schedule now: the rule's time, whether it is free, the nearest free times. */
export type CheckedDate = { date: string; start: Date | null; fits: boolean; alternatives: Date[] };

/** Statuses a booking can start a series from. */
export const REPEATABLE: readonly BookingStatus[] = ["confirmed"];
/** The occurrences ending a series cancels: still to come, not started. */
export const ENDABLE: readonly BookingStatus[] = STANDING_STATUSES;

export const invalid = (errors: FieldErrors) => new AppError("VALIDATION", undefined, errors);

/** The booking a series starts from, for this actor: their own (a customer) or anyone's (an admin). */
export async function baseBooking(
  db: DbOrTx,
  actor: SeriesActor,
  bookingId: string,
  now: Date,
  tx?: Tx,
): Promise<Booking> {
  const seen = await findBooking(db, bookingId);
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

/** The series' last date: the one asked for, or (until it is ended) its rolling window's end. */
export function lastDateOf(input: { until: string; openEnded?: boolean }, from: string): string {
  const latest = latestUntil(from);
  if (input.openEnded) return latest;
  if (input.until > latest)
    throw invalid({ until: [`Choose a last date up to ${formatCalendarDate(latest)}.`] });
  return input.until;
}

/**
 * Each date checked with the slot engine against the schedule now, at `minutes` after local midnight: free
 * or not, and when not the nearest free times that day. Shared by the plan, the daily job and a customer
 * choosing a time for a date the job couldn't hold.
 */
export async function checkDates(
  db: DbOrTx,
  template: Booking,
  dates: readonly string[],
  minutes: number,
  timeZone: string,
  now: Date,
): Promise<CheckedDate[]> {
  if (dates.length === 0) return [];
  const job = await jobShapeOf(db, template);
  const sorted = [...dates].sort();
  const ctx = await loadSlotContext(db, { from: sorted[0] as string, to: sorted.at(-1) as string }, now);
  const slots = computeSlots(slotQuery(ctx, job));
  return dates.map((date) => {
    const start = occurrenceStart(date, minutes, timeZone);
    const starts = (slots.get(date) ?? []).map((s) => s.start);
    const fits = start !== null && starts.some((s) => s.getTime() === start.getTime());
    // A time that doesn't exist that day (a clock change) is offered the day's times around midday.
    const alternatives = fits ? [] : nearestStarts(starts, start ?? new Date(`${date}T12:00:00Z`));
    return { date, start, fits, alternatives };
  });
}

/** The times a customer may choose for a date: the rule's own when it is free, else the nearest free ones. */
export const timesOffered = (c: CheckedDate): Date[] => (c.fits && c.start ? [c.start] : c.alternatives);

export async function planFor(db: DbOrTx, base: Booking, input: SeriesInput, now: Date): Promise<SeriesPlan> {
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  const first = localDateOf(base.startsAt, tz);
  const until = lastDateOf(input, first);
  const dates = occurrenceDates(first, input.intervalWeeks, until);
  if (dates.length === 0)
    throw invalid({
      until: [`No visit falls by then: choose a date at least ${input.intervalWeeks} weeks after the first.`],
    });
  // Inside the horizon, held now as any booking; beyond it, the daily job holds each as the horizon reaches it.
  const reach = horizonEnd(localDateOf(now, tz), settings.horizonDays);
  const minutes = minutesOfDay(base.startsAt, tz);
  const checked = new Map(
    (
      await checkDates(
        db,
        base,
        dates.filter((d) => d <= reach),
        minutes,
        tz,
        now,
      )
    ).map((c) => [c.date, c]),
  );
  const occurrences = dates.map((date): PlannedOccurrence => {
    const c = checked.get(date);
    if (c) return { ...c, heldNow: true, heldFrom: null };
    const start = occurrenceStart(date, minutes, tz);
    return {
      date,
      start,
      heldNow: false,
      heldFrom: heldFromDate(date, settings.horizonDays),
      fits: true,
      alternatives: [],
    };
  });
  const terms = await findAccountTerms(db, base.customerId);
  return {
    bookingId: base.id,
    intervalWeeks: input.intervalWeeks,
    until,
    openEnded: input.openEnded ?? false,
    occurrences,
    priceMinor: base.totalMinor,
    currency: base.currency,
    payment: visitsPaymentSentence(settings, terms?.onAccount === true),
    cut: occurrenceCount(first, input.intervalWeeks, until) > MAX_OCCURRENCES,
  };
}

/** How a series' visits are paid: on account, or the policy's sentence for repeat bookings. */
export function visitsPaymentSentence(settings: { paymentMode: PaymentMode }, onAccount: boolean): string {
  return onAccount
    ? "Each visit is on your account, invoiced when it is confirmed."
    : seriesPaymentSentence(settings);
}
