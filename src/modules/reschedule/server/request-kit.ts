import "server-only";
import { publishScheduleFreed, reserve } from "@/modules/availability/server";
import { and, eq, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatDateTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { type Settings } from "@/modules/settings/server";
import type { Tx } from "@/server/db";
import { allocations, rescheduleRequests } from "@/server/db/schema";
import { AppError, slotTaken } from "@/server/errors";
import { alreadyDecidedMessage, isLapsed, rescheduleExpiry } from "../domain/reschedule-rules";
import { weatherOfferExpiry } from "../domain/weather-rules";
import { ownTimeOf } from "@/lib/day-parts";
import {
  bookingContext,
  enqueueCustomerEmail,
  recordBookingEvents,
  type Booking,
  lockBooking,
  bookingHoldExpiry,
  announceBooking,
} from "@/modules/bookings/server";
import { jobShapeOf, whenLabel } from "@/modules/booking-moves/server";
import { type RescheduleRequestRow as Request } from "./reschedule-expiry";

// What the reschedule use cases share (reschedule-requests.ts for the customer, reschedule-decisions.ts for
// the business): the one lock order (booking, then request), the open check, the held time, the timeline
// line and the live events.

export type RescheduleOutcome = { requestId: string; status: Request["status"] };

const dashboardBookingUrl = (bookingId: string) =>
  new URL(`${routes.myBookings}/${bookingId}`, getEnv().APP_URL).toString();

export const queueUrl = () => new URL(routes.adminRescheduleRequests, getEnv().APP_URL).toString();

export const OFFER_NOT_YOURS =
  "This is the business's offer to the customer: only the customer can answer it.";

export const NOT_AN_OFFER = "This is your own request: withdraw it instead.";

export const IS_AN_OFFER = "This is the business's offer: accept it or decline it.";

/** The request and its booking, both locked (booking first). The customer sees only their own. */
export async function lockRequest(
  tx: Tx,
  requestId: string,
  customerId: string | null,
): Promise<{ request: Request; booking: Booking }> {
  const [found] = await tx
    .select({ bookingId: rescheduleRequests.bookingId })
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.id, requestId));
  if (!found) throw new AppError("NOT_FOUND");
  const booking = await lockBooking(tx, found.bookingId);
  if (!booking || (customerId !== null && booking.customerId !== customerId)) throw new AppError("NOT_FOUND");
  const [request] = await tx
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.id, requestId))
    .for("update");
  if (!request) throw new AppError("NOT_FOUND");
  return { request, booking };
}

/** Still pending and not past its expiry; otherwise a CONFLICT saying what happened to it. */
export function assertOpen(request: Request, now: Date): void {
  if (request.status !== "pending") throw new AppError("CONFLICT", alreadyDecidedMessage(request.status));
  if (isLapsed(request, now)) throw new AppError("CONFLICT", alreadyDecidedMessage("expired"));
}

export async function heldAllocation(tx: Tx, request: Request) {
  const [hold] = await tx
    .select({ id: allocations.id, teamId: allocations.teamId })
    .from(allocations)
    .where(
      and(
        eq(allocations.rescheduleRequestId, request.id),
        eq(allocations.status, "pending_reschedule"),
        // A weather offer holds several times (ADR 0036): the row's own time is the one answered here.
        sql`lower(${allocations.during}) = ${request.requestedStartsAt.toISOString()}::timestamptz`,
      ),
    );
  if (!hold) throw new AppError("CONFLICT", "The held time was released meanwhile. Refresh the page.");
  return {
    requestId: request.id,
    teamId: hold.teamId,
    start: request.requestedStartsAt,
    end: request.requestedEndsAt,
  };
}

export async function timeline(
  tx: Tx,
  bookingId: string,
  actorId: string | null,
  type: "reschedule_requested" | "reschedule_decided" | "email_sent",
  toValue: string,
  data: Record<string, unknown>,
): Promise<void> {
  await recordBookingEvents(tx, [
    {
      bookingId,
      actorId,
      type,
      toValue,
      data,
    },
  ]);
}

/** Live: every admin screen and the customer's pages; the freed hold on the schedule. */
export async function announce(tx: Tx, booking: Booking, freed: [Date, Date] | null): Promise<void> {
  await publishScheduleFreed(tx, freed);
  await announceBooking(tx, booking);
}

export function labels(
  booking: Booking,
  request: Pick<Request, "requestedStartsAt" | "requestedEndsAt">,
  s: Settings,
) {
  return {
    current: whenLabel(booking.startsAt, booking.endsAt, s.timeZone),
    requested: whenLabel(request.requestedStartsAt, request.requestedEndsAt, s.timeZone),
  };
}

/**
 * A new pending request row for the time `reserve` found (a customer's request, the business's offer or a
 * weather offer), written in reserve's savepoint.
 */
export async function insertRequest(
  sp: Tx,
  booking: Booking,
  slot: { teamId: string; start: Date; end: Date },
  fields: { reason: string; counterToId?: string | null; weatherDayId?: string; expiresAt: Date },
  now: Date,
): Promise<Request> {
  const [row] = await sp
    .insert(rescheduleRequests)
    .values({
      bookingId: booking.id,
      requestedStartsAt: slot.start,
      requestedEndsAt: slot.end,
      teamId: slot.teamId,
      ...fields,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("reschedule request insert returned nothing");
  return row;
}

/** The allocation that holds a request's time for the booking until the request lapses. */
export function requestHold(booking: Booking, requestId: string, holdExpiresAt: Date) {
  return {
    kind: "reschedule_hold" as const,
    status: "pending_reschedule" as const,
    bookingId: booking.id,
    rescheduleRequestId: requestId,
    holdExpiresAt,
  };
}

/** Holds `start` for the booking (any free team, or only `teamIds`) with a new pending request row. */
export async function holdRequest(
  tx: Tx,
  booking: Booking,
  input: { start: Date; teamIds?: string[]; reason: string; counterToId: string | null; weather?: boolean },
  settings: Settings,
  now: Date,
): Promise<Request> {
  const shape = await jobShapeOf(tx, booking);
  // A weather-day booking's own start is in the bad weather: the request lapses by the time it asks for.
  const expiresAt = input.weather
    ? weatherOfferExpiry([input.start], settings, now)
    : rescheduleExpiry(booking.startsAt, settings, now);
  const result = await reserve(tx, {
    ...shape,
    start: input.start,
    now,
    ...(input.teamIds ? { teamIds: input.teamIds } : {}),
    ownTime: ownTimeOf(booking),
    holdExpiry: bookingHoldExpiry,
    createOwner: async (sp, slot) => {
      const row = await insertRequest(
        sp,
        booking,
        slot,
        { reason: input.reason, counterToId: input.counterToId, expiresAt },
        now,
      );
      return { owner: row, allocation: requestHold(booking, row.id, expiresAt) };
    },
  });
  if (!result.ok) throw slotTaken(result.message);
  return result.owner;
}

// ——— The customer ———

export async function tellCustomer(
  tx: Tx,
  booking: Booking,
  request: Request,
  settings: Settings,
  template: "reschedule-declined" | "reschedule-offer",
  message: string,
  offer: Request | null,
): Promise<void> {
  const { view, customer } = await bookingContext(tx, booking.id);
  if (!customer) return;
  const { current, requested } = labels(booking, request, settings);
  await enqueueCustomerEmail(tx, { booking, customer, view }, template, {
    current,
    requested,
    message,
    offered: offer ? whenLabel(offer.requestedStartsAt, offer.requestedEndsAt, settings.timeZone) : null,
    expires: offer ? formatDateTime(offer.expiresAt, settings.timeZone) : null,
    url: dashboardBookingUrl(booking.id),
  });
}
