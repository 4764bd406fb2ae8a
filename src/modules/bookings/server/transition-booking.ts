import "server-only";
import { port } from "@/server/ports";
import { allocationHoldsTime } from "@/server/db/time-taken";
import { and, eq, sql } from "drizzle-orm";
import { type BookingStatus, takesTime } from "@/lib/enums";
import type { Tx } from "@/server/db";
import { allocations, bookingEvents, bookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { publish } from "@/server/realtime/publish";
import { allocationStatusFor, isLive, transitionSteps } from "../domain/booking-status";
import {
  bookingMoney,
  type CLOSED_MONEY_STATUSES,
  closingFee,
  isClosedForMoney,
} from "@/lib/booking/booking-money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { staffTeamIds } from "@/modules/accounts/server";
import { enqueueJobDoneEmail } from "./crew/job-done-email";
import { enqueueBookingEmails, enqueueBusinessAlert, hasEmail } from "./booking-emails";
import { type Booking, lockBooking } from "./booking-records";
import type { ReceiptSection } from "@/modules/notifications/templates/booking";

// The one path by which a booking changes status (ADR 0014), in the caller's transaction:
// lock the row → check the transition table for who asks (domain/booking-status.ts) → compare-and-swap
// on the status it was locked in → mirror the allocation → timeline event per step → the emails of that
// change → the caller's side effects (other modules' writes, passed in) → live events last.
// A refused change is a CONFLICT with a message a person can act on, and writes nothing.

/**
 * Who asks (domain/booking-status.ts says who may make which change): a person — an admin, or the
 * customer the booking belongs to — or the system (a job) or the payment provider (its webhook or the
 * return page), which have no id.
 */
export type TransitionActor =
  { id: string; role: "admin" | "customer" | "staff" } | { role: "system" | "payment" };

export const SYSTEM_ACTOR: TransitionActor = { role: "system" };
export const PAYMENT_ACTOR: TransitionActor = { role: "payment" };

const actorId = (actor: TransitionActor): string | null => ("id" in actor ? actor.id : null);

export type TransitionInput = {
  bookingId: string;
  /** The row as the caller locked it in this transaction (lockBooking): it is not read and locked again. */
  locked?: Booking;
  to: BookingStatus;
  actor: TransitionActor;
  /** Shown on the timeline (and stored as the cancellation reason when cancelling). */
  reason: string;
  now: Date;
  /** Only from these statuses: a screen acting on what it showed refuses anything else. */
  from?: readonly BookingStatus[];
  /** Who cancelled, when it is not the actor (a token holder acting for the customer). */
  cancelledBy?: string | null;
  /** More facts for the status event. */
  data?: Record<string, unknown>;
  /** Writes owned by other modules that belong to this change; they run before the live events. */
  effects?: (tx: Tx, booking: Booking) => Promise<void>;
  /** The caller publishes the live events itself (a batch of expiries announces one freed span). */
  deferLive?: boolean;
  /** The message for a refused change. */
  refusal?: string;
  /** On confirmation by a payment: the receipt, as a section of the customer's confirmation email. */
  receipt?: ReceiptSection | null;
  /** On completion: what was done and noticed, for the vehicle's service history. */
  jobNotes?: string | null;
  /** On cancellation: the refund made with it, so the fee kept is what was paid less it (ADR 0040). */
  refundMinor?: number;
  /** On cancellation: net paid with the refunds still on their way counted (payments knows them). */
  netPaidMinor?: number;
  /** Cancelling: a fee owed beyond what was paid (on account, the late fee is invoiced). */
  feeOwedMinor?: number;
  /** The caller tells the business once for a batch (a repeat booking ended, ADR 0052): no alert each. */
  quiet?: boolean;
  /** On cancellation: a visit paused with its repeat booking (ADR 0052), which reads "Paused". */
  paused?: boolean;
};

export type TransitionResult = { booking: Booking; from: BookingStatus; steps: BookingStatus[] };

/** A change of status that lowered the booking's charge (a closing keeps only its fee), in its transaction. */
export type ChargeFall = {
  bookingId: string;
  fallMinor: number;
  to: BookingStatus;
  reason: string;
  now: Date;
};
export type ChargeFallListener = (tx: Tx, fall: ChargeFall) => Promise<void>;

/** A booking stopped happening (cancelled, expired…), in its transaction. */
export type BookingEndedListener = (tx: Tx, bookingId: string, now: Date) => Promise<void>;

/**
 * What other modules do inside a booking's transition, handed in by the composition root (ADR 0044), so
 * that bookings imports neither of them: payments credits a VAT invoice already issued by as much as the
 * charge fell (ADR 0040) on every closing — cancel, decline, no-show, by any path; reschedule closes the
 * pending request of a booking that no longer goes ahead and frees the time it held; a booking confirmed on
 * account gets its invoice before its confirmation email is written.
 */
export type TransitionHooks = {
  chargeFall: ChargeFallListener;
  bookingEnded: BookingEndedListener;
  /** The booking became confirmed (made confirmed, or approved): payments invoices one on account (ADR 0051). */
  bookingConfirmed: BookingEndedListener;
};

declare module "@/server/ports" {
  interface Ports {
    transitionHooks: TransitionHooks;
  }
}

export const TRANSITION_REFUSED =
  "This booking can't be changed that way any more. Refresh to see where it is.";

export async function transitionBooking(tx: Tx, input: TransitionInput): Promise<TransitionResult> {
  const current =
    input.locked?.id === input.bookingId ? input.locked : await lockBooking(tx, input.bookingId);
  // A customer acts on their own bookings only; anyone else's is not there for them.
  if (!current || (input.actor.role === "customer" && input.actor.id !== current.customerId))
    throw new AppError("NOT_FOUND");
  // A technician acts on their own teams' jobs only (ADR 0053).
  if (input.actor.role === "staff" && !(await staffTeamIds(tx, input.actor.id)).includes(current.teamId))
    throw new AppError("NOT_FOUND");
  const allowedFrom = !input.from || input.from.includes(current.status);
  const steps = allowedFrom ? transitionSteps(current.status, input.to, input.actor.role) : null;
  if (!steps) throw new AppError("CONFLICT", input.refusal ?? TRANSITION_REFUSED);

  let booking = current;
  for (const step of steps) booking = await applyStep(tx, booking, step, input);
  await mirrorAllocation(tx, booking, input.now);
  const fallMinor = bookingMoney(current).chargeMinor - bookingMoney(booking).chargeMinor;
  if (fallMinor > 0)
    await port("transitionHooks").chargeFall(tx, {
      bookingId: booking.id,
      fallMinor,
      to: booking.status,
      reason: input.reason,
      now: input.now,
    });
  // A booking that stops happening holds no requested reschedule time either.
  if (!isLive(booking.status)) await port("transitionHooks").bookingEnded(tx, booking.id, input.now);
  if (booking.status === "confirmed" && current.status !== "confirmed")
    await port("transitionHooks").bookingConfirmed(tx, booking.id, input.now);
  if (booking.status === "confirmed")
    await enqueueBookingEmails(tx, booking.id, "confirmed", { receipt: input.receipt });
  // A job done with photos: the customer is pointed to them (issue 32).
  if (booking.status === "completed" && current.status !== "completed")
    await enqueueJobDoneEmail(tx, booking.id);
  // A booking that never got past waiting for payment was never announced to the business: its end
  // (an abandoned checkout expiring, the customer cancelling it unpaid) is no news to them either.
  if (
    !input.quiet &&
    (booking.status === "cancelled" || booking.status === "expired") &&
    (current.status !== "pending_payment" || (await hasEmail(tx, booking.id, "booking-new-admin")))
  )
    await tellBusiness(tx, booking, input);
  await input.effects?.(tx, booking);
  if (!input.deferLive) await announceBooking(tx, booking);
  return { booking, from: current.status, steps };
}

const WHO: Record<TransitionActor["role"], string> = {
  admin: "the business",
  customer: "the customer",
  staff: "a technician",
  system: "the system",
  payment: "the payment provider",
};

/** The business hears of every booking that ends unpaid or cancelled, by whoever (issue 12). */
async function tellBusiness(tx: Tx, booking: Booking, input: TransitionInput): Promise<void> {
  const netPaid = bookingMoney(booking).netPaidMinor;
  const paid = netPaid > 0 ? "Money was paid: see the booking for its refund." : "Nothing was paid.";
  await enqueueBusinessAlert(tx, {
    bookingId: booking.id,
    kind: booking.status === "cancelled" ? "booking_cancelled" : "booking_expired",
    amountMinor: Math.max(0, netPaid),
    currency: booking.currency,
    detail:
      booking.status === "cancelled"
        ? `Cancelled by ${WHO[input.actor.role]}. Reason: ${input.reason} ${paid}`
        : `The payment hold lapsed before the booking was paid, and its time was released. ${paid}`,
  });
}

async function applyStep(tx: Tx, booking: Booking, to: BookingStatus, input: TransitionInput) {
  const { now } = input;
  const set: Partial<typeof bookings.$inferInsert> = { status: to };
  if (to !== "pending_payment") set.holdExpiresAt = null;
  if (to === "confirmed") set.confirmedAt = now;
  if (to === "completed") {
    set.completedAt = now;
    if (input.jobNotes !== undefined) set.jobNotes = input.jobNotes;
  }
  // A closing sets the fee the booking keeps, which is its charge from now on (ADR 0040).
  if (isClosedForMoney(to) && !isClosedForMoney(booking.status)) {
    const noShowFeePercent = to === "no_show" ? (await getSettingsOrThrow(tx)).noShowFeePercent : 0;
    set.feeMinor = closingFee(booking, to as (typeof CLOSED_MONEY_STATUSES)[number], {
      refundMinor: input.refundMinor,
      netPaidMinor: input.netPaidMinor,
      feeOwedMinor: input.feeOwedMinor,
      noShowFeePercent,
    });
  } else if (!isClosedForMoney(to)) set.feeMinor = null;
  if (to === "cancelled") {
    set.cancelledAt = now;
    set.cancelledBy = input.cancelledBy !== undefined ? input.cancelledBy : actorId(input.actor);
    set.cancellationReason = input.reason;
    set.paused = input.paused ?? false;
  }
  // The lock makes this certain; the status in the WHERE keeps it certain for a caller without one.
  const [updated] = await tx
    .update(bookings)
    .set(set)
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!updated) throw new AppError("CONFLICT", input.refusal ?? TRANSITION_REFUSED);
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    actorId: actorId(input.actor),
    type: "status_changed",
    fromValue: booking.status,
    toValue: to,
    data: { reason: input.reason, ...input.data },
    // now() is the transaction's start: every event of one transaction would tie. The wall clock keeps
    // the steps of one change (and anything the caller wrote before it) in order on the timeline.
    at: sql`clock_timestamp()`,
  });
  return updated;
}

/**
 * The booking's own allocation follows its status; one that already stopped holding is left alone. Its
 * range is never touched here: a job that ends (completed, missed) keeps the time it was booked for —
 * freeing the rest of it is the admin's explicit, audited `freeRemainingTime` (ADR 0043).
 */
async function mirrorAllocation(tx: Tx, booking: Booking, now: Date): Promise<void> {
  const holding = takesTime(booking.status);
  await tx
    .update(allocations)
    .set({
      status: allocationStatusFor(booking.status),
      holdExpiresAt: booking.status === "pending_payment" ? booking.holdExpiresAt : null,
      ...(holding ? {} : { releasedAt: now }),
    })
    .where(
      and(
        eq(allocations.bookingId, booking.id),
        eq(allocations.kind, "booking"),
        allocationHoldsTime(allocations.status),
      ),
    );
}

/** booking.updated for every admin and the booking's owner, and the changed time on the schedule. */
type LiveBooking = Pick<Booking, "id" | "reference" | "customerId" | "status">;

/** A booking changed: the admins' screens and its customer's pages reload it. */
export async function publishBookingUpdated(tx: Tx, booking: LiveBooking): Promise<void> {
  const live = { bookingId: booking.id, reference: booking.reference, status: booking.status };
  await publish(tx, "booking.updated", { audience: "admins" }, live);
  await publish(tx, "booking.updated", { audience: "user", userId: booking.customerId }, live);
}

export async function announceBooking(tx: Tx, booking: Booking): Promise<void> {
  await publishBookingUpdated(tx, booking);
  await publish(
    tx,
    "schedule.changed",
    { audience: "admins" },
    { from: booking.startsAt.toISOString(), to: booking.endsAt.toISOString(), teamId: booking.teamId },
  );
}
