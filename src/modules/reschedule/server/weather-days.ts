import "server-only";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { addDays, formatDateTime, localDateOf, localToInstant } from "@/lib/dates";
import { computeSlots } from "@/modules/availability/domain/slots";
import {
  findWeatherDay,
  insertWeatherDay,
  liftWeatherDayClosure,
  loadSlotContext,
  publishScheduleFreed,
  reserve,
  slotQuery,
  extendRequestHold,
  releaseRequestHold,
} from "@/modules/availability/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { getEnv } from "@/env";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, bookings, rescheduleRequests, weatherDayBookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { alreadyDecidedMessage, isLapsed } from "../domain/reschedule-rules";
import {
  LIFTED_MESSAGE,
  pastWeatherDateError,
  pickOfferTimes,
  WEATHER_OFFER_COUNT,
  WEATHER_SEARCH_DAYS,
  weatherOfferExpiry,
} from "../domain/weather-rules";
import { bookingPageUrl } from "@/modules/bookings/links";
import type {
  WeatherAcceptInput,
  WeatherAnotherInput,
  WeatherDayInput,
  WeatherLiftInput,
} from "../weather-schemas";
import {
  bookingContext,
  recordBookingEvents,
  type Booking,
  lockBooking,
  bookingHoldExpiry,
  jobShapeOf,
  MOVABLE_STATUSES,
  moveBookingToHeldTime,
  whenLabel,
  announceBooking,
} from "@/modules/bookings/server";
import { decideRequest, expireRequest } from "./reschedule-expiry";
import { verifyWeatherToken, weatherOfferUrl } from "./weather-links";

// Weather days (issue 17, ADR 0036). The admin marks a period of one date (some teams, or all) as
// unworkable. In one transaction: the closure is written (availability subtracts it from every slot
// list and from reserve(), so nothing new lands in it); each booking in it is offered the nearest free
// times, each held for it (reschedule_hold allocations of one pending reschedule row marked with the
// weather day), and emailed; the admin's status list reads weather_day_bookings. The customer takes one
// time (the move path, as accepting a counter-offer: no charge, no refund, the price unchanged) or asks
// for another time. Lock order as everywhere: the booking, then its request.

const DAY = 1440;

export type WeatherWindow = { date: string; startsAt: Date; endsAt: Date; teamIds: string[] | null };

/**
 * The instants of the period asked for (the whole local day without times). A past date is refused here,
 * so the preview and the mark both say so on the date field.
 */
export function weatherWindow(input: WeatherDayInput, timeZone: string, now: Date): WeatherWindow {
  const past = pastWeatherDateError(input.date, localDateOf(now, timeZone));
  if (past) throw new AppError("VALIDATION", undefined, { date: [past] });
  const startsAt = localToInstant(input.date, input.from ?? 0, timeZone);
  const endsAt =
    input.to === undefined || input.to >= DAY
      ? localToInstant(addDays(input.date, 1), 0, timeZone)
      : localToInstant(input.date, input.to, timeZone);
  if (!startsAt || !endsAt || startsAt >= endsAt)
    throw new AppError("VALIDATION", undefined, { date: ["Choose a date and times that exist."] });
  return { date: input.date, startsAt, endsAt, teamIds: input.teamIds.length ? input.teamIds : null };
}

/** Bookings still to happen whose time overlaps the period (on its teams), earliest first. */
export async function bookingsInWindow(db: DbOrTx, w: WeatherWindow, now: Date): Promise<Booking[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        inArray(bookings.status, [...MOVABLE_STATUSES]),
        lt(bookings.startsAt, w.endsAt),
        gt(bookings.endsAt, w.startsAt),
        gt(bookings.endsAt, now),
        w.teamIds ? inArray(bookings.teamId, w.teamIds) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

export type MarkWeatherDayResult = {
  weatherDayId: string;
  bookings: number;
  offered: number;
  /** Bookings without any free time nearby: emailed, and shown as "needs a phone call". */
  withoutTimes: number;
};

/** Marks the period unworkable, offers every booking in it the nearest free times, emails them. */
export async function markWeatherDay(
  db: DbOrTx,
  actor: Actor,
  input: WeatherDayInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<MarkWeatherDayResult> {
  const settings = await getSettingsOrThrow(db);
  const w = weatherWindow(input, settings.timeZone, now);
  if (w.endsAt <= now)
    throw new AppError("VALIDATION", undefined, { date: ["That period is over: choose a date to come."] });
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const day = await insertWeatherDay(tx, { ...w, message: input.message, createdBy: actor.id });
    const affected = await bookingsInWindow(tx, w, now);
    let offered = 0;
    for (const found of affected) {
      const booking = await lockBooking(tx, found.id);
      if (!booking || !MOVABLE_STATUSES.includes(booking.status)) continue;
      const held = await offerTimes(tx, booking, day.id, input.message, settings, now);
      if (held.length) offered++;
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "weather_day.mark",
      entity: "weather_day",
      entityId: day.id,
      summary: {
        date: w.date,
        from: w.startsAt.toISOString(),
        to: w.endsAt.toISOString(),
        teamIds: w.teamIds,
        bookings: affected.length,
        offered,
      },
    });
    await publishScheduleFreed(tx, [w.startsAt, w.endsAt]);
    return {
      weatherDayId: day.id,
      bookings: affected.length,
      offered,
      withoutTimes: affected.length - offered,
    };
  });
}

type HeldTime = { start: Date; end: Date; teamId: string };

/** One booking: its pending request closed, up to three times held under one offer row, the email. */
async function offerTimes(
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

  const shape = await jobShapeOf(tx, booking);
  const own = { teamId: booking.teamId, start: booking.startsAt, end: booking.endsAt };
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
        held: ctx.held.filter(
          (h) => !(h.teamId === own.teamId && h.start === own.start.getTime() && h.end === own.end.getTime()),
        ),
      },
      shape,
    ),
  );
  const candidates = pickOfferTimes(
    [...free.values()].flatMap((slots) => slots.map((s) => s.start)),
    booking.startsAt,
  );

  // Each time held in turn: a later booking of this weather day sees the earlier ones' holds.
  const provisional = new Date(now.getTime() + settings.rescheduleRequestExpiryHours * 3_600_000);
  let offerId: string | null = null;
  const held: HeldTime[] = [];
  for (const start of candidates) {
    if (held.length >= WEATHER_OFFER_COUNT) break;
    const result = await reserve(tx, {
      ...shape,
      start,
      now,
      ownTime: own,
      holdExpiry: bookingHoldExpiry,
      createOwner: async (sp, slot) => {
        let id = offerId;
        if (!id) {
          const [row] = await sp
            .insert(rescheduleRequests)
            .values({
              bookingId: booking.id,
              requestedStartsAt: slot.start,
              requestedEndsAt: slot.end,
              teamId: slot.teamId,
              reason: message,
              weatherDayId,
              expiresAt: provisional,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: rescheduleRequests.id });
          if (!row) throw new Error("weather offer insert returned nothing");
          id = row.id;
        }
        return {
          owner: id,
          allocation: {
            kind: "reschedule_hold",
            status: "pending_reschedule",
            bookingId: booking.id,
            rescheduleRequestId: id,
            holdExpiresAt: provisional,
          },
        };
      },
    });
    if (!result.ok) continue;
    offerId = result.owner;
    held.push({ start: result.start, end: result.end, teamId: result.teamId });
  }

  let expires: Date | null = null;
  if (offerId) {
    expires = weatherOfferExpiry(
      held.map((h) => h.start),
      settings,
      now,
    );
    await tx.update(rescheduleRequests).set({ expiresAt: expires }).where(eq(rescheduleRequests.id, offerId));
    await extendRequestHold(tx, offerId, expires);
  }
  const [entry] = await tx
    .insert(weatherDayBookings)
    .values({ weatherDayId, bookingId: booking.id, offerId, createdAt: now })
    .returning({ id: weatherDayBookings.id });
  if (!entry) throw new Error("weather day booking insert returned nothing");

  const tz = settings.timeZone;
  const labels = held.map((h) => whenLabel(h.start, h.end, tz));
  await recordBookingEvents(tx, [
    {
      bookingId: booking.id,
      actorId: null,
      type: "reschedule_decided",
      toValue: "weather_offer",
      data: { weatherDayId, offerId, offered: labels, reason: message || null },
    },
  ]);

  const { customer, view } = await bookingContext(tx, booking.id);
  if (customer) {
    const holds = offerId
      ? await tx
          .select({ id: allocations.id, during: allocations.during })
          .from(allocations)
          .where(
            and(eq(allocations.rescheduleRequestId, offerId), eq(allocations.status, "pending_reschedule")),
          )
      : [];
    holds.sort((a, b) => a.during.start.getTime() - b.during.start.getTime());
    await enqueueEmail(tx, {
      to: customer.email,
      template: "weather-offer",
      bookingId: booking.id,
      userId: customer.id,
      data: {
        name: customer.name,
        reference: booking.reference,
        title: view.title,
        current: whenLabel(booking.startsAt, booking.endsAt, tz),
        message,
        times: holds.map((h) => ({
          label: whenLabel(h.during.start, h.during.end, tz),
          url: weatherOfferUrl(entry.id, h.id),
        })),
        expires: expires ? formatDateTime(expires, tz) : null,
        anotherUrl: weatherOfferUrl(entry.id, "another"),
      },
    });
  }
  await announceBooking(tx, booking);
  return held;
}

export type LiftWeatherDayResult = {
  /** Bookings that keep their time (told so by email). */
  stand: number;
  /** Bookings that had moved already (left as they are). */
  moved: number;
};

/**
 * The weather cleared: the closure is lifted (new bookings may land in the period again), every offer
 * still waiting is withdrawn and its held times released, and each booking that didn't move is told it
 * goes ahead as booked. A booking that moved stays moved. Nothing is charged or refunded.
 */
export async function liftWeatherDay(
  db: DbOrTx,
  actor: Actor,
  input: WeatherLiftInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<LiftWeatherDayResult> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const day = await findWeatherDay(tx, input.weatherDayId);
    if (!day) throw new AppError("NOT_FOUND");
    if (day.liftedAt) throw new AppError("CONFLICT", "This weather day was lifted already.");
    if (day.endsAt <= now)
      throw new AppError("CONFLICT", "This weather day is over: there is nothing left to reopen.");
    // The closure goes first, under the day's row lock: a second admin lifting meanwhile waits, then finds
    // it lifted (and nothing is told twice).
    if (!(await liftWeatherDayClosure(tx, day.id, actor.id, now)))
      throw new AppError("CONFLICT", "This weather day was lifted already.");
    const entries = await tx
      .select({ id: weatherDayBookings.id, bookingId: weatherDayBookings.bookingId })
      .from(weatherDayBookings)
      .where(eq(weatherDayBookings.weatherDayId, day.id))
      .orderBy(asc(weatherDayBookings.createdAt), asc(weatherDayBookings.id));
    let freedFrom = day.startsAt;
    let freedTo = day.endsAt;
    const result: LiftWeatherDayResult = { stand: 0, moved: 0 };
    for (const { id, bookingId } of entries) {
      // Lock order as everywhere: the booking, then its entry and request (read again under the locks: a
      // customer's answer may have landed since the list was read).
      const booking = await lockBooking(tx, bookingId);
      if (!booking) continue;
      const [e] = await tx
        .select()
        .from(weatherDayBookings)
        .where(eq(weatherDayBookings.id, id))
        .for("update");
      if (!e) continue;
      const offer = await lockOffer(tx, e);
      if (e.answer === "accepted" || offer?.status === "approved") {
        result.moved++;
        continue;
      }
      let hadTimes = false;
      if (offer && offer.status === "pending") {
        await decideRequest(
          tx,
          offer,
          "withdrawn",
          actor.id,
          now,
          "The weather cleared: your booking goes ahead at its time.",
        );
        const range = await releaseRequestHold(tx, offer.id, "released", now);
        if (range) {
          if (range[0] < freedFrom) freedFrom = range[0];
          if (range[1] > freedTo) freedTo = range[1];
        }
        hadTimes = true;
      }
      if (!MOVABLE_STATUSES.includes(booking.status) || booking.endsAt <= now) continue;
      // Moved out of the period another way (by hand on its page): nothing to tell, it has moved.
      if (booking.startsAt >= day.endsAt || booking.endsAt <= day.startsAt) {
        result.moved++;
        continue;
      }
      result.stand++;
      await recordBookingEvents(tx, [
        {
          bookingId: booking.id,
          actorId: actor.id,
          type: "reschedule_decided",
          toValue: "weather_lifted",
          data: { weatherDayId: day.id, requestId: offer?.id ?? null },
        },
      ]);
      const { customer, view } = await bookingContext(tx, booking.id);
      if (customer)
        await enqueueEmail(tx, {
          to: customer.email,
          template: "weather-lifted",
          bookingId: booking.id,
          userId: customer.id,
          data: {
            name: customer.name,
            reference: booking.reference,
            title: view.title,
            when: whenLabel(booking.startsAt, booking.endsAt, settings.timeZone),
            hadTimes,
            url: bookingPageUrl("success", booking, getEnv().APP_URL),
          },
        });
      await announceBooking(tx, booking);
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "weather_day.lift",
      entity: "weather_day",
      entityId: day.id,
      summary: { date: day.date, stand: result.stand, moved: result.moved },
    });
    await publishScheduleFreed(tx, [freedFrom, freedTo]);
    return result;
  });
}

// ——— The customer's answers (through the signed link) ———

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

async function lockOffer(tx: Tx, entry: Entry) {
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
    const [decided] = await tx
      .update(rescheduleRequests)
      .set({ status: "approved", decidedBy: booking.customerId, decidedAt: now, updatedAt: now })
      .where(and(eq(rescheduleRequests.id, offer.id), eq(rescheduleRequests.status, "pending")))
      .returning({ id: rescheduleRequests.id });
    if (!decided) throw new AppError("CONFLICT", "This offer was answered meanwhile. Refresh the page.");
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
        hold: {
          allocationId: hold.id,
          requestId: offer.id,
          teamId: hold.teamId,
          start: hold.during.start,
          end: hold.during.end,
        },
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
      await tx
        .update(rescheduleRequests)
        .set({ status: "declined", decidedBy: booking.customerId, decidedAt: now, updatedAt: now })
        .where(eq(rescheduleRequests.id, offer.id));
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
