import "server-only";
import { releaseRequestHold, loadClosures } from "@/modules/availability/server";
import { and, eq, isNull } from "drizzle-orm";
import { formatDateTime } from "@/lib/dates";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type Actor } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { rescheduleRequests, weatherDayBookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { canRequestReschedule, isLapsed, isOffer } from "../domain/reschedule-rules";
import type {
  AnswerOfferInput,
  RequestRescheduleInput,
  RescheduleRequestIdInput,
} from "../reschedule-schemas";
import { adminAddress, bookingContext, lockBooking } from "@/modules/bookings/server";
import { decideRequest, expireRequest } from "./reschedule-expiry";
import type { RescheduleOutcome } from "./request-kit";
import {
  IS_AN_OFFER,
  NOT_AN_OFFER,
  announce,
  assertOpen,
  holdRequest,
  labels,
  lockRequest,
  queueUrl,
  timeline,
} from "./request-kit";
import { moveApproved } from "./reschedule-decisions";

// Reschedule requests (PRODUCT.md §3.3, issue 14). The customer asks for a new time for a confirmed
// booking before the cut-off; the time is held for a team (reserve(), in the same transaction as the
// request row) so that approval cannot fail for capacity; the business approves (the admin's move path,
// with the hold becoming the booking's allocation), declines with a reason, or offers another time (held
// the same way), which the customer accepts (→ moved) or declines (→ the booking stays).
// Every use case locks the booking, then the request (the one lock order), re-checks the request's status
// and expiry under those locks (a lapsed one is refused, as the expiry job would have closed it), and
// publishes live events last. A refusal is a CONFLICT a person can act on and writes nothing.

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
