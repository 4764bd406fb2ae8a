import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import type { BookingStatus, PaymentMethod } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { balanceDue } from "@/modules/bookings/domain/payment-status";
import { bookingPageUrl } from "@/modules/bookings/links";
import {
  addToBookingLedger,
  announceBooking,
  assertBookingAdmin,
  type Booking,
  bookingContext,
  lockBooking,
  recordBookingEvents,
  staleMessage,
  tellCustomerBookingEnded,
  transitionBooking,
} from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { payments, refunds } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { CancelWithRefundInput, RecordPaymentInput, RefundInput } from "../admin-money-schemas";
import { MANUAL_METHOD_LABELS } from "../domain/money";
import { cancelOpenCheckouts, expireCheckoutsQuietly, type OpenCheckout } from "./checkout";
import { enqueuePaymentAlert, enqueuePaymentReceipt } from "./payment-emails";
import { issueRefund } from "./refunds";

// The money buttons of /admin/bookings/{id} (issue 12): record a payment taken by the business, refund
// through the provider the money came in by, and cancel with the refund the policy gives. Each is one
// transaction on the locked booking row (lock order everywhere: booking, then its payments); a page that
// showed another status, or other refundable money, than the booking has now is refused and nothing is
// written. Providers are called after the commit, with the refund row's id as the idempotency key.

type Options = { now?: Date };

/** Money can be recorded against a booking that is still happening or has happened. */
const PAYABLE: readonly BookingStatus[] = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "completed",
];

export type RefundablePayment = {
  id: string;
  provider: "stripe" | "test" | "manual";
  method: PaymentMethod;
  refundableMinor: number;
};

/** The booking's settled payments, newest first, with what each can still refund (net of refunds). */
export async function refundablePayments(db: DbOrTx, bookingId: string): Promise<RefundablePayment[]> {
  const [rows, taken] = await Promise.all([
    db
      .select({
        id: payments.id,
        provider: payments.provider,
        method: payments.method,
        amountMinor: payments.amountMinor,
      })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded")))
      .orderBy(desc(payments.settledAt), desc(payments.createdAt), desc(payments.id)),
    // Refunds sent or done count against their payment; a failed one gave nothing back.
    db
      .select({ paymentId: refunds.paymentId, minor: sql<number>`sum(${refunds.amountMinor})::int` })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(payments.bookingId, bookingId), inArray(refunds.status, ["pending", "succeeded"])))
      .groupBy(refunds.paymentId),
  ]);
  const refunded = new Map(taken.map((r) => [r.paymentId, Number(r.minor)]));
  return rows
    .map((r) => ({
      id: r.id,
      provider: r.provider,
      method: r.method,
      refundableMinor: r.amountMinor - (refunded.get(r.id) ?? 0),
    }))
    .filter((r) => r.refundableMinor > 0);
}

const sum = (rows: { refundableMinor: number }[]) => rows.reduce((s, r) => s + r.refundableMinor, 0);

/** Refuses a page whose refundable amount is not the booking's now: another refund got there first. */
function assertShownRefundable(booking: Booking, shownMinor: number, nowMinor: number): void {
  if (shownMinor !== nowMinor)
    throw new AppError(
      "CONFLICT",
      `This booking's payments changed: ${formatMoney(nowMinor, booking.currency)} can be refunded now.`,
    );
}

function assertRefundWithin(booking: Booking, amountMinor: number, refundableMinor: number): void {
  if (amountMinor > refundableMinor)
    throw new AppError("VALIDATION", undefined, {
      amount: [
        refundableMinor > 0
          ? `At most ${formatMoney(refundableMinor, booking.currency)} can be refunded: what was paid, less refunds.`
          : "Nothing paid is left to refund.",
      ],
    });
}

type WrittenRefunds = { online: string[]; parts: { paymentId: string; amountMinor: number }[] };

/**
 * Writes the refund rows for `amountMinor`, split across the payments newest first. A manual payment's
 * refund is money the business hands back itself: it is done as it is recorded. An online one is
 * pending until its provider accepts it (issueRefund, after the commit).
 */
async function writeRefunds(
  tx: Tx,
  actor: Actor,
  booking: Booking,
  available: RefundablePayment[],
  amountMinor: number,
  reason: string,
  now: Date,
): Promise<WrittenRefunds> {
  const written: WrittenRefunds = { online: [], parts: [] };
  let left = amountMinor;
  for (const p of available) {
    if (left <= 0) break;
    const part = Math.min(left, p.refundableMinor);
    left -= part;
    const id = randomUUID();
    const manual = p.provider === "manual";
    await tx.insert(refunds).values({
      id,
      paymentId: p.id,
      amountMinor: part,
      reason,
      createdBy: actor.id,
      ...(manual ? { status: "succeeded", providerReference: `manual_${id}`, settledAt: now } : {}),
    });
    if (manual) await addToBookingLedger(tx, booking.id, { refundedMinor: part });
    else written.online.push(id);
    written.parts.push({ paymentId: p.id, amountMinor: part });
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: actor.id,
        type: "refund",
        toValue: manual ? "succeeded" : "pending",
        // The wall clock keeps it after the status change of the same transaction on the timeline.
        at: sql`clock_timestamp()`,
        data: {
          refundId: id,
          paymentId: p.id,
          amountMinor: part,
          reason: manual
            ? `${reason} (handed back by the business: ${MANUAL_METHOD_LABELS[p.method]})`
            : reason,
        },
      },
    ]);
  }
  await enqueuePaymentAlert(tx, {
    bookingId: booking.id,
    kind: "refund_made",
    amountMinor,
    currency: booking.currency,
    detail: `A refund of ${formatMoney(amountMinor, booking.currency)} was made by the business. Reason: ${reason}`,
  });
  return written;
}

/** After the commit: sends the online refunds to their providers (a failure is recorded and alerted). */
async function sendRefunds(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  for (const id of ids) await issueRefund(db as Db, id, {}, now);
}

/** Record a payment the business took itself: cash, card terminal or bank transfer. */
export async function recordPayment(
  db: DbOrTx,
  actor: Actor,
  input: RecordPaymentInput,
  { now = new Date() }: Options = {},
): Promise<{ status: BookingStatus; paymentId: string }> {
  let closed: OpenCheckout[] = [];
  const result = await db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
    if (!PAYABLE.includes(booking.status))
      throw new AppError("CONFLICT", "This booking has ended: no payment can be recorded on it.");
    const due = balanceDue({
      totalMinor: booking.totalMinor,
      paidMinor: booking.amountPaidMinor,
      refundedMinor: booking.amountRefundedMinor,
    });
    if (input.amountMinor > due && !input.moreThanDue)
      throw new AppError("VALIDATION", undefined, {
        amount: [
          due > 0
            ? `That is more than the ${formatMoney(due, booking.currency)} due. Tick "more than is due" to record it anyway.`
            : `Nothing is due on this booking. Tick "more than is due" to record it anyway.`,
        ],
      });
    const paidBefore = booking.amountPaidMinor - booking.amountRefundedMinor;
    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      bookingId: booking.id,
      provider: "manual",
      kind: paidBefore > 0 ? "balance" : input.amountMinor >= booking.totalMinor ? "full" : "deposit",
      method: input.method,
      amountMinor: input.amountMinor,
      currency: booking.currency,
      status: "succeeded",
      recordedBy: actor.id,
      settledAt: now,
    });
    await addToBookingLedger(tx, booking.id, { paidMinor: input.amountMinor });
    const label = MANUAL_METHOD_LABELS[input.method];
    await recordBookingEvents(tx, [
      {
        bookingId: booking.id,
        actorId: actor.id,
        type: "payment",
        toValue: "recorded",
        at: sql`clock_timestamp()`,
        data: {
          paymentId,
          provider: "manual",
          method: input.method,
          amountMinor: input.amountMinor,
          currency: booking.currency,
          reference: input.reference,
          reason: input.reference ? `${label} · reference ${input.reference}` : label,
        },
      },
    ]);
    // A booking waiting for its online payment is covered once what was due is paid: it confirms.
    const covered =
      booking.status === "pending_payment" &&
      paidBefore + input.amountMinor >= Math.max(booking.depositDueMinor, 1);
    let status = booking.status;
    if (covered) {
      const changed = await transitionBooking(tx, {
        bookingId: booking.id,
        to: "confirmed",
        from: ["pending_payment"],
        actor: { role: "admin", id: actor.id },
        reason: `Payment recorded by the business (${label}).`,
        now,
        refusal: staleMessage(booking),
        effects: async (etx) => {
          closed = await cancelOpenCheckouts(etx, booking.id);
          await enqueuePaymentReceipt(etx, paymentId);
        },
      });
      status = changed.booking.status;
    } else {
      await enqueuePaymentReceipt(tx, paymentId);
      await announceBooking(tx, booking);
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.record_payment",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        paymentId,
        method: input.method,
        amountMinor: input.amountMinor,
        paymentReference: input.reference ?? null,
        moreThanDue: input.amountMinor > due,
        confirmed: covered,
      },
    });
    return { status, paymentId };
  });
  await expireCheckoutsQuietly(closed);
  return result;
}

/** Refund up to what was paid (net of refunds), through the provider each payment came in by. */
export async function refundBooking(
  db: DbOrTx,
  actor: Actor,
  input: RefundInput,
  { now = new Date() }: Options = {},
): Promise<{ refundedMinor: number; sent: number }> {
  const written = await db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) throw new AppError("NOT_FOUND");
    const available = await refundablePayments(tx, booking.id);
    const refundable = sum(available);
    assertShownRefundable(booking, input.refundableMinor, refundable);
    assertRefundWithin(booking, input.amountMinor, refundable);
    const w = await writeRefunds(tx, actor, booking, available, input.amountMinor, input.reason, now);
    // The customer hears of it (a refund with a cancellation is in the cancellation's email instead).
    const { customer } = await bookingContext(tx, booking.id);
    if (customer)
      await enqueueEmail(tx, {
        to: customer.email,
        template: "refund-issued",
        bookingId: booking.id,
        userId: customer.id,
        data: {
          name: customer.name,
          reference: booking.reference,
          amount: formatMoney(input.amountMinor, booking.currency),
          reason: input.reason,
          url: bookingPageUrl("success", booking, getEnv().APP_URL),
        },
      });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.refund",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        amountMinor: input.amountMinor,
        reason: input.reason,
        parts: w.parts,
      },
    });
    await announceBooking(tx, booking);
    return w;
  });
  await sendRefunds(db, written.online, now);
  return { refundedMinor: input.amountMinor, sent: written.online.length };
}

/** Cancel, with the refund the admin settled on (the policy's by default), in one transaction. */
export async function cancelWithRefund(
  db: DbOrTx,
  actor: Actor,
  input: CancelWithRefundInput,
  { now = new Date() }: Options = {},
): Promise<{ status: BookingStatus; refundedMinor: number }> {
  let closed: OpenCheckout[] = [];
  let online: string[] = [];
  const status = await db.transaction(async (tx) => {
    await assertBookingAdmin(tx, actor);
    const current = await lockBooking(tx, input.bookingId);
    if (!current) throw new AppError("NOT_FOUND");
    if (current.status !== input.from) throw new AppError("CONFLICT", staleMessage(current));
    const available = await refundablePayments(tx, current.id);
    const refundable = sum(available);
    assertShownRefundable(current, input.refundableMinor, refundable);
    assertRefundWithin(current, input.refundMinor, refundable);
    const { booking } = await transitionBooking(tx, {
      bookingId: current.id,
      to: "cancelled",
      actor: { role: "admin", id: actor.id },
      from: [input.from],
      reason: input.reason,
      now,
      refusal: staleMessage(current),
      data: { refundMinor: input.refundMinor },
      effects: async (etx, changed) => {
        closed = await cancelOpenCheckouts(etx, changed.id);
        if (input.refundMinor > 0) {
          const w = await writeRefunds(etx, actor, changed, available, input.refundMinor, input.reason, now);
          online = w.online;
        }
        const refund =
          refundable > 0
            ? input.refundMinor > 0
              ? formatMoney(input.refundMinor, changed.currency)
              : "none"
            : null;
        await tellCustomerBookingEnded(etx, changed, "cancel", input.reason, refund);
      },
    });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.cancel",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        from: input.from,
        to: booking.status,
        reason: input.reason,
        refundMinor: input.refundMinor,
        refundableMinor: refundable,
      },
    });
    return booking.status;
  });
  await expireCheckoutsQuietly(closed);
  await sendRefunds(db, online, now);
  return { status, refundedMinor: input.refundMinor };
}
