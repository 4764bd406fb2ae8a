import "server-only";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { addDays, localDateOf, localToInstant } from "@/lib/dates";
import {
  findWeatherDay,
  insertWeatherDay,
  liftWeatherDayClosure,
  publishScheduleFreed,
  releaseRequestHold,
} from "@/modules/availability/server";
import { getEnv } from "@/env";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { bookings, weatherDayBookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { pastWeatherDateError } from "../domain/weather-rules";
import { bookingPageUrl } from "@/modules/bookings/links";
import type { WeatherDayInput, WeatherLiftInput } from "../weather-schemas";
import {
  bookingContext,
  enqueueCustomerEmail,
  recordBookingEvents,
  type Booking,
  lockBooking,
  announceBooking,
} from "@/modules/bookings/server";
import { MOVABLE_STATUSES, whenLabel } from "@/modules/booking-moves/server";
import { decideRequest } from "./reschedule-expiry";

import { offerTimes } from "./weather-offers";
import { lockOffer } from "./weather-answers";
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
        await enqueueCustomerEmail(tx, { booking, customer, view }, "weather-lifted", {
          when: whenLabel(booking.startsAt, booking.endsAt, settings.timeZone),
          hadTimes,
          url: bookingPageUrl("success", booking, getEnv().APP_URL),
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
