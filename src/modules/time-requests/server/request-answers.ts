import "server-only";
import { eq } from "drizzle-orm";
import { lockBooking, transitionBooking } from "@/modules/bookings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, Tx } from "@/server/db";
import { timeRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { WITHDRAWABLE } from "../domain/time-request-rules";
import type { CloseTimeRequestInput, TimeRequestIdInput } from "../time-request-schemas";
import { assertCustomerActor } from "./ask-for-time";
import { stepTimeRequest } from "./request-status";
import { enqueueBusinessNotice, enqueueClosed } from "./time-request-emails";

// The answers to a request after it is made: the customer declines a proposed time (the request goes back
// to the business) or withdraws the request; the business closes one it can't arrange. A proposal's held
// time is released through the bookings module's one transition path (the booking is cancelled, as the
// customer's Cancel on its page would), in the same transaction. Someone else's request answers NOT_FOUND.

const NOT_PROPOSED = "There is no proposed time to decline now. Refresh the page.";
const NOT_WITHDRAWABLE = "This request can't be withdrawn now. Refresh the page.";
const NOT_CLOSABLE = "This request can't be closed now: a time is proposed, or it is over. Refresh the page.";

type LockedRequest = typeof timeRequests.$inferSelect;

/**
 * The customer's own request, locked — after its proposal's booking, if it has one: a payment confirming
 * that booking locks the booking first and then steps the request (the transition hook), so every path takes
 * them in that order and none waits on the other in a circle.
 */
async function lockOwnRequest(tx: Tx, customerId: string, requestId: string): Promise<LockedRequest> {
  const [peek] = await tx
    .select({ customerId: timeRequests.customerId, bookingId: timeRequests.bookingId })
    .from(timeRequests)
    .where(eq(timeRequests.id, requestId));
  if (!peek || peek.customerId !== customerId) throw new AppError("NOT_FOUND");
  if (peek.bookingId) await lockBooking(tx, peek.bookingId);
  const [row] = await tx.select().from(timeRequests).where(eq(timeRequests.id, requestId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Releases the proposal's held time: its booking cancelled by the customer, through the one path. */
async function releaseProposal(tx: Tx, bookingId: string, customerId: string, why: string, now: Date) {
  await transitionBooking(tx, {
    bookingId,
    to: "cancelled",
    from: ["pending_payment"],
    actor: { role: "customer", id: customerId },
    reason: why,
    now,
  });
}

type CustomerAnswer = (
  db: Db,
  actor: Actor,
  input: TimeRequestIdInput,
  options?: { now?: Date },
) => Promise<void>;

/**
 * A customer's answer to their own request: they are checked as a customer, then one transaction with
 * their request locked (lockOwnRequest) does what `answer` says with it.
 */
function customerAnswer(
  answer: (tx: Tx, request: LockedRequest, customerId: string, now: Date) => Promise<void>,
): CustomerAnswer {
  return async (db, actor, input, { now = new Date() } = {}) => {
    const customer = await assertCustomerActor(db, actor);
    await db.transaction(async (tx) => {
      const request = await lockOwnRequest(tx, customer.id, input.requestId);
      await answer(tx, request, customer.id, now);
    });
  };
}

export const declineProposal = customerAnswer(async (tx, request, customerId, now) => {
  if (request.status !== "proposed" || !request.bookingId) throw new AppError("CONFLICT", NOT_PROPOSED);
  await stepTimeRequest(tx, request.id, { to: "declined", now, by: customerId, refusal: NOT_PROPOSED });
  await releaseProposal(tx, request.bookingId, customerId, "The customer declined the proposed time.", now);
  await enqueueBusinessNotice(tx, request.id, "declined");
});

export const withdrawTimeRequest = customerAnswer(async (tx, request, customerId, now) => {
  if (!WITHDRAWABLE.includes(request.status)) throw new AppError("CONFLICT", NOT_WITHDRAWABLE);
  await stepTimeRequest(tx, request.id, { to: "withdrawn", now, by: customerId, refusal: NOT_WITHDRAWABLE });
  if (request.status === "proposed" && request.bookingId)
    await releaseProposal(tx, request.bookingId, customerId, "The customer withdrew their request.", now);
  await enqueueBusinessNotice(tx, request.id, "withdrawn");
});

export async function closeTimeRequest(
  db: Db,
  actor: Actor,
  input: CloseTimeRequestInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await assertAdminActor(db, actor);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(timeRequests)
      .where(eq(timeRequests.id, input.requestId))
      .for("update");
    if (!request) throw new AppError("NOT_FOUND");
    await stepTimeRequest(tx, request.id, {
      to: "closed",
      now,
      by: actor.id,
      response: input.reason,
      refusal: NOT_CLOSABLE,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "time_request.close",
      entity: "time_request",
      entityId: request.id,
      summary: { from: request.status, reason: input.reason },
    });
    await enqueueClosed(tx, request, input.reason);
  });
}
