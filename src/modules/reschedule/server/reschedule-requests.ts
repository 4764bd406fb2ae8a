import "server-only";
import {
  releaseRequestHold,
  loadClosures,
  publishScheduleFreed,
  reserve,
} from "@/modules/availability/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { formatDateTime } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, rescheduleRequests, weatherDayBookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  alreadyDecidedMessage,
  canRequestReschedule,
  isLapsed,
  isOffer,
  rescheduleExpiry,
} from "../domain/reschedule-rules";
import { weatherOfferExpiry } from "../domain/weather-rules";
import type {
  AnswerOfferInput,
  CounterOfferInput,
  DeclineRescheduleInput,
  RequestRescheduleInput,
  RescheduleRequestIdInput,
} from "../reschedule-schemas";
import {
  adminAddress,
  bookingContext,
  recordBookingEvents,
  type Booking,
  lockBooking,
  bookingHoldExpiry,
  jobShapeOf,
  moveBookingToHeldTime,
  whenLabel,
  announceBooking,
} from "@/modules/bookings/server";
import { decideRequest, expireRequest, type RescheduleRequestRow as Request } from "./reschedule-expiry";
import { faultPoint } from "@/server/fault-point";

// Reschedule requests (PRODUCT.md §3.3, issue 14). The customer asks for a new time for a confirmed
// booking before the cut-off; the time is held for a team (reserve(), in the same transaction as the
// request row) so that approval cannot fail for capacity; the business approves (the admin's move path,
// with the hold becoming the booking's allocation), declines with a reason, or offers another time (held
// the same way), which the customer accepts (→ moved) or declines (→ the booking stays).
// Every use case locks the booking, then the request (the one lock order), re-checks the request's status
// and expiry under those locks (a lapsed one is refused, as the expiry job would have closed it), and
// publishes live events last. A refusal is a CONFLICT a person can act on and writes nothing.

export type RescheduleOutcome = { requestId: string; status: Request["status"] };

const dashboardBookingUrl = (bookingId: string) =>
  new URL(`${routes.myBookings}/${bookingId}`, getEnv().APP_URL).toString();
const queueUrl = () => new URL(routes.adminRescheduleRequests, getEnv().APP_URL).toString();

const OFFER_NOT_YOURS = "This is the business's offer to the customer: only the customer can answer it.";
const NOT_AN_OFFER = "This is your own request: withdraw it instead.";
const IS_AN_OFFER = "This is the business's offer: accept it or decline it.";

/** The request and its booking, both locked (booking first). The customer sees only their own. */
async function lockRequest(
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
function assertOpen(request: Request, now: Date): void {
  if (request.status !== "pending") throw new AppError("CONFLICT", alreadyDecidedMessage(request.status));
  if (isLapsed(request, now)) throw new AppError("CONFLICT", alreadyDecidedMessage("expired"));
}

async function heldAllocation(tx: Tx, request: Request) {
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
    allocationId: hold.id,
    requestId: request.id,
    teamId: hold.teamId,
    start: request.requestedStartsAt,
    end: request.requestedEndsAt,
  };
}

async function timeline(
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
async function announce(tx: Tx, booking: Booking, freed: [Date, Date] | null): Promise<void> {
  await publishScheduleFreed(tx, freed);
  await announceBooking(tx, booking);
}

function labels(
  booking: Booking,
  request: Pick<Request, "requestedStartsAt" | "requestedEndsAt">,
  s: Settings,
) {
  return {
    current: whenLabel(booking.startsAt, booking.endsAt, s.timeZone),
    requested: whenLabel(request.requestedStartsAt, request.requestedEndsAt, s.timeZone),
  };
}

/** Holds `start` for the booking (any free team, or only `teamIds`) with a new pending request row. */
async function holdRequest(
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
    ownTime: { teamId: booking.teamId, start: booking.startsAt, end: booking.endsAt },
    holdExpiry: bookingHoldExpiry,
    createOwner: async (sp, slot) => {
      const [row] = await sp
        .insert(rescheduleRequests)
        .values({
          bookingId: booking.id,
          requestedStartsAt: slot.start,
          requestedEndsAt: slot.end,
          teamId: slot.teamId,
          reason: input.reason,
          counterToId: input.counterToId,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("reschedule request insert returned nothing");
      return {
        owner: row,
        allocation: {
          kind: "reschedule_hold",
          status: "pending_reschedule",
          bookingId: booking.id,
          rescheduleRequestId: row.id,
          holdExpiresAt: expiresAt,
        },
      };
    },
  });
  if (!result.ok) throw new AppError("SLOT_TAKEN", result.message, { start: [result.message] });
  return result.owner;
}

// ——— The customer ———

/** The customer asks for a new time: checked, held, the business emailed. */
export async function requestReschedule(
  db: DbOrTx,
  actor: Actor,
  input: RequestRescheduleInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking || booking.customerId !== actor.id) throw new AppError("NOT_FOUND");
    let [pending] = await tx
      .select()
      .from(rescheduleRequests)
      .where(and(eq(rescheduleRequests.bookingId, booking.id), eq(rescheduleRequests.status, "pending")))
      .for("update");
    // A lapsed request the job has not closed yet is closed here, and no longer stands in the way.
    let freed: [Date, Date] | null = null;
    if (pending && isLapsed(pending, now)) {
      freed = await expireRequest(tx, pending, now);
      pending = undefined;
    }
    // A weather day's offer gives way to the time the customer picks themselves (ADR 0036): it is their
    // "none of these work", and the request they make is an ordinary one the business answers.
    if (pending?.weatherDayId) {
      await decideRequest(tx, pending, "declined", actor.id, now, null);
      freed = await releaseRequestHold(tx, pending.id, "released", now);
      await tx
        .update(weatherDayBookings)
        .set({ answer: "asked_another", answeredAt: now })
        .where(and(eq(weatherDayBookings.offerId, pending.id), isNull(weatherDayBookings.answer)));
      pending = undefined;
    }
    // A booking whose time the weather rules out may be moved whatever the cut-off.
    const weather = (await loadClosures(tx, booking.startsAt, booking.endsAt, [booking.teamId])).length > 0;
    const can = canRequestReschedule(booking, Boolean(pending), settings, now, { weather });
    if (!can.ok) throw new AppError("CONFLICT", can.message);
    if (input.start.getTime() === booking.startsAt.getTime())
      throw new AppError("VALIDATION", undefined, {
        start: ["Choose a time other than the booking's current one."],
      });

    const request = await holdRequest(
      tx,
      booking,
      { start: input.start, reason: input.reason, counterToId: null, weather },
      settings,
      now,
    );
    const { current, requested } = labels(booking, request, settings);
    await timeline(
      tx,
      booking.id,
      actor.id,
      "reschedule_requested",
      request.requestedStartsAt.toISOString(),
      {
        requestId: request.id,
        reason: input.reason,
        fromLabel: current,
        toLabel: requested,
      },
    );
    const { customer, view } = await bookingContext(tx, booking.id);
    const to = adminAddress(settings);
    await enqueueEmail(tx, {
      to,
      template: "reschedule-request-admin",
      bookingId: booking.id,
      data: {
        customerName: customer?.name ?? "A customer",
        reference: booking.reference,
        title: view.title,
        current,
        requested,
        reason: input.reason,
        expires: formatDateTime(request.expiresAt, settings.timeZone),
        url: queueUrl(),
      },
    });
    await timeline(tx, booking.id, null, "email_sent", "business", {
      template: "reschedule-request-admin",
      to,
      headline: "Reschedule request",
    });
    await announce(tx, booking, freed);
    return { requestId: request.id, status: request.status };
  });
}

/** The customer withdraws their own pending request: the held time is freed at once. */
export async function withdrawReschedule(
  db: DbOrTx,
  actor: Actor,
  input: RescheduleRequestIdInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  return db.transaction(async (tx) => {
    const { request, booking } = await lockRequest(tx, input.requestId, actor.id);
    assertOpen(request, now);
    if (isOffer(request)) throw new AppError("CONFLICT", IS_AN_OFFER);
    await decideRequest(tx, request, "withdrawn", actor.id, now, null);
    const freed = await releaseRequestHold(tx, request.id, "released", now);
    await timeline(tx, booking.id, actor.id, "reschedule_decided", "withdrawn", { requestId: request.id });
    await announce(tx, booking, freed);
    return { requestId: request.id, status: "withdrawn" };
  });
}

/** The customer accepts the business's counter-offer: the booking moves to the offered time. */
export async function acceptRescheduleOffer(
  db: DbOrTx,
  actor: Actor,
  input: AnswerOfferInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    const { request, booking } = await lockRequest(tx, input.requestId, actor.id);
    assertOpen(request, now);
    if (!isOffer(request)) throw new AppError("CONFLICT", NOT_AN_OFFER);
    await moveApproved(tx, actor, request, booking, settings, now, "accepted");
    return { requestId: request.id, status: "approved" };
  });
}

/** The customer declines the counter-offer: the booking stays as it is and the offered time is freed. */
export async function declineRescheduleOffer(
  db: DbOrTx,
  actor: Actor,
  input: AnswerOfferInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  return db.transaction(async (tx) => {
    const { request, booking } = await lockRequest(tx, input.requestId, actor.id);
    assertOpen(request, now);
    if (!isOffer(request)) throw new AppError("CONFLICT", NOT_AN_OFFER);
    await decideRequest(tx, request, "declined", actor.id, now, null);
    const freed = await releaseRequestHold(tx, request.id, "released", now);
    await timeline(tx, booking.id, actor.id, "reschedule_decided", "declined", {
      requestId: request.id,
      offer: true,
    });
    await announce(tx, booking, freed);
    return { requestId: request.id, status: "declined" };
  });
}

// ——— The business ———

async function moveApproved(
  tx: Tx,
  actor: Actor,
  request: Request,
  booking: Booking,
  settings: Settings,
  now: Date,
  answer: "approved" | "accepted",
): Promise<void> {
  if (booking.status !== "confirmed")
    throw new AppError("CONFLICT", "Only a confirmed booking can be moved. Refresh the page.");
  const hold = await heldAllocation(tx, request);
  await decideRequest(tx, request, "approved", actor.id, now, null);
  await timeline(tx, booking.id, actor.id, "reschedule_decided", "approved", {
    requestId: request.id,
    ...(answer === "accepted" ? { offer: true } : {}),
  });
  await moveBookingToHeldTime(
    tx,
    actor,
    {
      booking,
      hold,
      reason:
        answer === "approved"
          ? request.reason
            ? `At the customer's request: ${request.reason}`
            : "At the customer's request."
          : "The customer accepted the time the business offered.",
      audit: answer === "approved" ? "reschedule.approve" : "reschedule.accept_offer",
      answer,
    },
    { now, timeZone: settings.timeZone },
  );
  // A weather offer's other held times stop holding (none for any other request).
  await publishScheduleFreed(tx, await releaseRequestHold(tx, request.id, "released", now));
}

/** Approve: the booking moves, in this transaction, to the time the request holds. */
export async function approveReschedule(
  db: DbOrTx,
  actor: Actor,
  input: RescheduleRequestIdInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const { request, booking } = await lockRequest(tx, input.requestId, null);
    assertOpen(request, now);
    if (isOffer(request)) throw new AppError("CONFLICT", OFFER_NOT_YOURS);
    await moveApproved(tx, actor, request, booking, settings, now, "approved");
    faultPoint("reschedule:approving");
    return { requestId: request.id, status: "approved" };
  });
}

/** Decline with a reason (sent to the customer); the held time is freed and the booking stays. */
export async function declineReschedule(
  db: DbOrTx,
  actor: Actor,
  input: DeclineRescheduleInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const { request, booking } = await lockRequest(tx, input.requestId, null);
    assertOpen(request, now);
    if (isOffer(request)) throw new AppError("CONFLICT", OFFER_NOT_YOURS);
    await decideRequest(tx, request, "declined", actor.id, now, input.reason);
    const freed = await releaseRequestHold(tx, request.id, "released", now);
    await timeline(tx, booking.id, actor.id, "reschedule_decided", "declined", {
      requestId: request.id,
      reason: input.reason,
    });
    await tellCustomer(tx, booking, request, settings, "reschedule-declined", input.reason, null);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "reschedule.decline",
      entity: "booking",
      entityId: booking.id,
      summary: { reference: booking.reference, requestId: request.id, reason: input.reason },
    });
    await announce(tx, booking, freed);
    return { requestId: request.id, status: "declined" };
  });
}

/**
 * Offer another time: the customer's request is answered (declined, with the business's message) and the
 * offered time is held for the chosen team the same way, as a new pending request the customer answers.
 */
export async function counterOfferReschedule(
  db: DbOrTx,
  actor: Actor,
  input: CounterOfferInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const { request, booking } = await lockRequest(tx, input.requestId, null);
    assertOpen(request, now);
    if (isOffer(request)) throw new AppError("CONFLICT", OFFER_NOT_YOURS);
    if (input.start.getTime() === booking.startsAt.getTime())
      throw new AppError("VALIDATION", undefined, {
        start: ["That is the booking's current time: choose another."],
      });
    if (input.start.getTime() === request.requestedStartsAt.getTime())
      throw new AppError("VALIDATION", undefined, {
        start: ["That is the time the customer asked for: approve the request instead."],
      });
    await decideRequest(tx, request, "declined", actor.id, now, input.message);
    const freed = await releaseRequestHold(tx, request.id, "released", now);
    const offer = await holdRequest(
      tx,
      booking,
      { start: input.start, teamIds: [input.teamId], reason: input.message, counterToId: request.id },
      settings,
      now,
    );
    const { current, requested } = labels(booking, offer, settings);
    await timeline(tx, booking.id, actor.id, "reschedule_decided", "countered", {
      requestId: request.id,
      offerId: offer.id,
      reason: input.message,
      toLabel: requested,
    });
    await tellCustomer(tx, booking, request, settings, "reschedule-offer", input.message, offer);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "reschedule.counter_offer",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        requestId: request.id,
        offerId: offer.id,
        from: current,
        offered: requested,
      },
    });
    await announce(tx, booking, freed);
    return { requestId: offer.id, status: offer.status };
  });
}

async function tellCustomer(
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
  await enqueueEmail(tx, {
    to: customer.email,
    template,
    bookingId: booking.id,
    userId: customer.id,
    data: {
      name: customer.name,
      reference: booking.reference,
      title: view.title,
      current,
      requested,
      message,
      offered: offer ? whenLabel(offer.requestedStartsAt, offer.requestedEndsAt, settings.timeZone) : null,
      expires: offer ? formatDateTime(offer.expiresAt, settings.timeZone) : null,
      url: dashboardBookingUrl(booking.id),
    },
  });
}
