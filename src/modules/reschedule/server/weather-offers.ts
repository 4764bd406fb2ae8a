import "server-only";
import { and, eq } from "drizzle-orm";
import { addDays, formatDateTime, localDateOf } from "@/lib/dates";
import { computeSlots, withoutOwnTime } from "@/modules/availability/domain/slots";
import { ownTimeOf } from "@/lib/day-parts";
import { loadSlotContext, reserve, slotQuery, extendRequestHold } from "@/modules/availability/server";
import { type Settings } from "@/modules/settings/server";
import type { Tx } from "@/server/db";
import { allocations, rescheduleRequests, weatherDayBookings } from "@/server/db/schema";
import {
  pickOfferTimes,
  WEATHER_OFFER_COUNT,
  WEATHER_SEARCH_DAYS,
  weatherOfferExpiry,
} from "../domain/weather-rules";
import {
  bookingContext,
  enqueueCustomerEmail,
  recordBookingEvents,
  type Booking,
  bookingHoldExpiry,
  announceBooking,
} from "@/modules/bookings/server";
import { jobShapeOf, whenLabel } from "@/modules/booking-moves/server";
import { expireRequest } from "./reschedule-expiry";
import { insertRequest, requestHold } from "./request-kit";
import { weatherOfferUrl } from "./weather-links";

// A weather day's offer to one booking (ADR 0036): the nearest free times, held for it under one pending
// reschedule row, and the email with a one-click link per time.

type HeldTime = { start: Date; end: Date; teamId: string };
type Offer = { offerId: string | null; held: HeldTime[] };

/** One booking: its pending request closed, up to three times held under one offer row, the email. */
export async function offerTimes(
  tx: Tx,
  booking: Booking,
  weatherDayId: string,
  message: string,
  settings: Settings,
  now: Date,
): Promise<HeldTime[]> {
  // One pending request per booking: a request of theirs (or an earlier offer) gives way to this offer.
  const pending = await tx
    .select({ id: rescheduleRequests.id, bookingId: rescheduleRequests.bookingId })
    .from(rescheduleRequests)
    .where(and(eq(rescheduleRequests.bookingId, booking.id), eq(rescheduleRequests.status, "pending")))
    .for("update");
  for (const p of pending)
    await expireRequest(tx, p, now, "Replaced by the business's weather-day offer.", "released");

  const offer = await holdNearestTimes(tx, booking, { weatherDayId, message }, settings, now);
  const expires = offer.offerId
    ? weatherOfferExpiry(
        offer.held.map((h) => h.start),
        settings,
        now,
      )
    : null;
  if (offer.offerId && expires) {
    await tx
      .update(rescheduleRequests)
      .set({ expiresAt: expires })
      .where(eq(rescheduleRequests.id, offer.offerId));
    await extendRequestHold(tx, offer.offerId, expires);
  }
  const [entry] = await tx
    .insert(weatherDayBookings)
    .values({ weatherDayId, bookingId: booking.id, offerId: offer.offerId, createdAt: now })
    .returning({ id: weatherDayBookings.id });
  if (!entry) throw new Error("weather day booking insert returned nothing");

  const labels = offer.held.map((h) => whenLabel(h.start, h.end, settings.timeZone));
  await recordBookingEvents(tx, [
    {
      bookingId: booking.id,
      actorId: null,
      type: "reschedule_decided",
      toValue: "weather_offer",
      data: { weatherDayId, offerId: offer.offerId, offered: labels, reason: message || null },
    },
  ]);
  await emailOffer(tx, booking, { entryId: entry.id, offerId: offer.offerId, message, expires }, settings);
  await announceBooking(tx, booking);
  return offer.held;
}

/**
 * The nearest free times for the booking's job (its own time aside), each held in turn under one offer
 * row, up to WEATHER_OFFER_COUNT: a later booking of this weather day sees the earlier ones' holds.
 */
async function holdNearestTimes(
  tx: Tx,
  booking: Booking,
  day: { weatherDayId: string; message: string },
  settings: Settings,
  now: Date,
): Promise<Offer> {
  const shape = await jobShapeOf(tx, booking);
  const own = ownTimeOf(booking);
  const today = localDateOf(now, settings.timeZone);
  const ctx = await loadSlotContext(
    tx,
    { from: today, to: addDays(localDateOf(booking.startsAt, settings.timeZone), WEATHER_SEARCH_DAYS) },
    now,
  );
  const free = computeSlots(
    slotQuery(
      {
        ...ctx,
        held: withoutOwnTime(ctx.held, own),
      },
      shape,
    ),
  );
  const candidates = pickOfferTimes(
    [...free.values()].flatMap((slots) => slots.map((s) => s.start)),
    booking.startsAt,
  );

  const provisional = new Date(now.getTime() + settings.rescheduleRequestExpiryHours * 3_600_000);
  let offerId: string | null = null;
  const held: HeldTime[] = [];
  for (const start of candidates) {
    // A visit over several days is offered one time: its parts are the offer's rows (ADR 0056).
    if (held.length >= (booking.dayParts ? 1 : WEATHER_OFFER_COUNT)) break;
    const result = await reserve(tx, {
      ...shape,
      start,
      now,
      ownTime: own,
      holdExpiry: bookingHoldExpiry,
      createOwner: async (sp, slot) => {
        let id = offerId;
        if (!id) {
          const fields = { reason: day.message, weatherDayId: day.weatherDayId, expiresAt: provisional };
          id = (await insertRequest(sp, booking, slot, fields, now)).id;
        }
        return { owner: id, allocation: requestHold(booking, id, provisional) };
      },
    });
    if (!result.ok) continue;
    offerId = result.owner;
    held.push({ start: result.start, end: result.end, teamId: result.teamId });
  }
  return { offerId, held };
}

/** The customer's email: each held time a one-click link, and "none of these work". */
async function emailOffer(
  tx: Tx,
  booking: Booking,
  offer: { entryId: string; offerId: string | null; message: string; expires: Date | null },
  settings: Settings,
): Promise<void> {
  const { customer, view } = await bookingContext(tx, booking.id);
  if (!customer) return;
  const tz = settings.timeZone;
  const { offerId, entryId } = offer;
  const holds = offerId
    ? await tx
        .select({ id: allocations.id, during: allocations.during })
        .from(allocations)
        .where(
          and(eq(allocations.rescheduleRequestId, offerId), eq(allocations.status, "pending_reschedule")),
        )
    : [];
  holds.sort((a, b) => a.during.start.getTime() - b.during.start.getTime());
  await enqueueCustomerEmail(tx, { booking, customer, view }, "weather-offer", {
    current: whenLabel(booking.startsAt, booking.endsAt, tz),
    message: offer.message,
    times: holds.map((h) => ({
      label: whenLabel(h.during.start, h.during.end, tz),
      url: weatherOfferUrl(entryId, h.id),
    })),
    expires: offer.expires ? formatDateTime(offer.expires, tz) : null,
    anotherUrl: weatherOfferUrl(entryId, "another"),
  });
}
