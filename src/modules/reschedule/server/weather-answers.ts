import "server-only";
import { and, eq } from "drizzle-orm";
import { findWeatherDay, publishScheduleFreed, releaseRequestHold } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, rescheduleRequests, weatherDayBookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { alreadyDecidedMessage, isLapsed } from "../domain/reschedule-rules";
import { LIFTED_MESSAGE } from "../domain/weather-rules";
import type { WeatherAcceptInput, WeatherAnotherInput } from "../weather-schemas";
import { recordBookingEvents, type Booking, lockBooking, announceBooking } from "@/modules/bookings/server";
import { MOVABLE_STATUSES, moveBookingToHeldTime } from "@/modules/booking-moves/server";
import { transitionRequest } from "./request-transition";
import { verifyWeatherToken } from "./weather-links";

// The customer's answers to a weather-day offer, through the signed link (ADR 0036): one of the held
// times, or "none of these work".

type Entry = typeof weatherDayBookings.$inferSelect;

/** The entry a token opens, with its booking, both locked (booking first). */
async function lockEntry(tx: Tx, token: string): Promise<{ entry: Entry; booking: Booking }> {
  const entryId = verifyWeatherToken(token);
  if (!entryId) throw new AppError("NOT_FOUND");
  const [found] = await tx
    .select({ bookingId: weatherDayBookings.bookingId })
    .from(weatherDayBookings)
    .where(eq(weatherDayBookings.id, entryId));
  if (!found) throw new AppError("NOT_FOUND");
  const booking = await lockBooking(tx, found.bookingId);
  if (!booking) throw new AppError("NOT_FOUND");
  const [entry] = await tx
    .select()
    .from(weatherDayBookings)
    .where(eq(weatherDayBookings.id, entryId))
    .for("update");
  if (!entry) throw new AppError("NOT_FOUND");
  if (entry.answer === "accepted")
    throw new AppError("CONFLICT", "You already chose a new time: your booking has moved.");
  if (entry.answer === "asked_another")
    throw new AppError("CONFLICT", "You already asked for another time: we'll be in touch.");
  if ((await findWeatherDay(tx, entry.weatherDayId))?.liftedAt)
    throw new AppError("CONFLICT", LIFTED_MESSAGE);
  return { entry, booking };
}

export async function lockOffer(tx: Tx, entry: Entry) {
  if (!entry.offerId) return null;
  const [offer] = await tx
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.id, entry.offerId))
    .for("update");
  return offer ?? null;
}

export type WeatherAnswerResult = {
  bookingId: string;
  reference: string;
  answer: "accepted" | "asked_another";
};

/** One click on the answer page: the booking moves to the chosen held time; the other times are freed. */
export async function acceptWeatherOffer(
  db: DbOrTx,
  input: WeatherAcceptInput,
  { now = new Date(), ip = null }: { now?: Date; ip?: string | null } = {},
): Promise<WeatherAnswerResult> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    const { entry, booking } = await lockEntry(tx, input.token);
    const offer = await lockOffer(tx, entry);
    if (!offer)
      throw new AppError("CONFLICT", "We couldn't hold a time for you: ask for another time or call us.");
    if (offer.status !== "pending" || isLapsed(offer, now))
      throw new AppError(
        "CONFLICT",
        offer.status === "approved"
          ? alreadyDecidedMessage("approved")
          : "These times are no longer held for you: ask for another time or call us.",
      );
    if (!MOVABLE_STATUSES.includes(booking.status))
      throw new AppError("CONFLICT", "This booking no longer goes ahead, so it can't be moved.");
    const [hold] = await tx
      .select({ id: allocations.id, teamId: allocations.teamId, during: allocations.during })
      .from(allocations)
      .where(
        and(
          eq(allocations.id, input.allocationId),
          eq(allocations.rescheduleRequestId, offer.id),
          eq(allocations.status, "pending_reschedule"),
        ),
      );
    if (!hold) throw new AppError("CONFLICT", "That time is no longer held for you. Choose another one.");
    if (hold.during.start <= now) throw new AppError("CONFLICT", "That time has begun. Choose another one.");

    const actor = { id: booking.customerId, ip };
    await transitionRequest(tx, offer.id, {
      to: "approved",
      by: booking.customerId,
      now,
      refusal: "This offer was answered meanwhile. Refresh the page.",
    });
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: booking.customerId,
        type: "reschedule_decided",
        toValue: "approved",
        data: { requestId: offer.id, offer: true, weatherDayId: entry.weatherDayId },
      },
    ]);
    const moved = await moveBookingToHeldTime(
      tx,
      actor,
      {
        booking,
        hold: { requestId: offer.id, teamId: hold.teamId, ...heldSpan(hold, offer) },
        reason: "Weather day: the customer chose this time.",
        audit: "weather_day.accept_offer",
        answer: "accepted",
      },
      { now, timeZone: settings.timeZone },
    );
    // The times not chosen stop holding.
    const freed = await releaseRequestHold(tx, offer.id, "released", now);
    await tx
      .update(weatherDayBookings)
      .set({ answer: "accepted", answeredAt: now })
      .where(eq(weatherDayBookings.id, entry.id));
    await publishScheduleFreed(tx, freed);
    await announceBooking(tx, moved);
    return { bookingId: booking.id, reference: booking.reference, answer: "accepted" };
  });
}

/**
 * "None of these work": the held times are freed and the admin sees the booking as asking for another
 * time (with the customer's note and phone). The customer can also pick a time on their booking page,
 * which becomes an ordinary reschedule request (the cut-off does not apply to a weather-day booking).
 */
export async function askAnotherWeatherTime(
  db: DbOrTx,
  input: WeatherAnotherInput,
  { now = new Date(), ip = null }: { now?: Date; ip?: string | null } = {},
): Promise<WeatherAnswerResult> {
  return db.transaction(async (tx) => {
    const { entry, booking } = await lockEntry(tx, input.token);
    const offer = await lockOffer(tx, entry);
    let freed: [Date, Date] | null = null;
    if (offer && offer.status === "pending") {
      await transitionRequest(tx, offer.id, { to: "declined", by: booking.customerId, now });
      freed = await releaseRequestHold(tx, offer.id, "released", now);
    }
    await tx
      .update(weatherDayBookings)
      .set({ answer: "asked_another", note: input.note || null, answeredAt: now })
      .where(eq(weatherDayBookings.id, entry.id));
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: booking.customerId,
        type: "reschedule_decided",
        toValue: "weather_asked_another",
        data: { weatherDayId: entry.weatherDayId, requestId: offer?.id ?? null, reason: input.note || null },
      },
    ]);
    await writeAudit(tx, {
      actorId: booking.customerId,
      ip,
      action: "weather_day.ask_another",
      entity: "booking",
      entityId: booking.id,
      summary: { reference: booking.reference, weatherDayId: entry.weatherDayId, note: input.note || null },
    });
    await publishScheduleFreed(tx, freed);
    await announceBooking(tx, booking);
    return { bookingId: booking.id, reference: booking.reference, answer: "asked_another" };
  });
}

/**
 * The span of the time chosen: the row's own for a visit of one day; for a visit over several (ADR 0056)
 * the offer holds one time, its parts in several rows, from the request's start to its end.
 */
function heldSpan(
  hold: { during: { start: Date; end: Date } },
  offer: { requestedStartsAt: Date; requestedEndsAt: Date },
): { start: Date; end: Date } {
  return hold.during.start.getTime() === offer.requestedStartsAt.getTime()
    ? { start: offer.requestedStartsAt, end: offer.requestedEndsAt }
    : hold.during;
}
