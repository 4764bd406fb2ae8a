import "server-only";
import { releaseRequestHold, publishScheduleFreed } from "@/modules/availability/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError } from "@/server/errors";
import { isOffer } from "../domain/reschedule-rules";
import type {
  CounterOfferInput,
  DeclineRescheduleInput,
  RescheduleRequestIdInput,
} from "../reschedule-schemas";
import { type Booking } from "@/modules/bookings/server";
import { moveBookingToHeldTime } from "@/modules/booking-moves/server";
import { decideRequest, type RescheduleRequestRow as Request } from "./reschedule-expiry";
import { faultPoint } from "@/server/fault-point";
import type { RescheduleOutcome } from "./request-kit";
import {
  OFFER_NOT_YOURS,
  announce,
  assertOpen,
  heldAllocation,
  holdRequest,
  labels,
  lockRequest,
  tellCustomer,
  timeline,
} from "./request-kit";

// The business's answers to a reschedule request (PRODUCT.md §3.3): approve (the held time becomes the
// booking's through the admin's move path), decline with a reason, or offer another time, held the same way.
// Lock order and refusals as in reschedule-requests.ts.

export async function moveApproved(
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

/**
 * The business answers a customer's request in one transaction: the request locked (booking first), still
 * open, and not an offer of its own (only the customer answers those).
 */
async function answerRequest(
  db: DbOrTx,
  actor: Actor,
  requestId: string,
  now: Date,
  answer: (tx: Tx, request: Request, booking: Booking, settings: Settings) => Promise<RescheduleOutcome>,
): Promise<RescheduleOutcome> {
  const settings = await getSettingsOrThrow(db);
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const { request, booking } = await lockRequest(tx, requestId, null);
    assertOpen(request, now);
    if (isOffer(request)) throw new AppError("CONFLICT", OFFER_NOT_YOURS);
    return answer(tx, request, booking, settings);
  });
}

/** Approve: the booking moves, in this transaction, to the time the request holds. */
export async function approveReschedule(
  db: DbOrTx,
  actor: Actor,
  input: RescheduleRequestIdInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RescheduleOutcome> {
  return answerRequest(db, actor, input.requestId, now, async (tx, request, booking, settings) => {
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
  return answerRequest(db, actor, input.requestId, now, async (tx, request, booking, settings) => {
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
  return answerRequest(db, actor, input.requestId, now, async (tx, request, booking, settings) => {
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
