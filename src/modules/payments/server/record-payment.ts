import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type BookingStatus, isIn, WORK_STATUSES } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { bookingMoney } from "@/lib/booking/booking-money";
import {
  addToBookingLedger,
  announceBooking,
  assertBookingAdmin,
  assertCrewMayAct,
  lockBooking,
  recordBookingEvents,
  staleMessage,
  transitionBooking,
} from "@/modules/bookings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { payments } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { RecordPaymentInput } from "../admin-money-schemas";
import { MANUAL_METHOD_LABELS, canRecordPayment } from "../domain/money";
import { cancelOpenCheckouts, expireCheckoutsQuietly, type OpenCheckout } from "./checkout/checkout";
import { enqueuePaymentReceipt } from "./payment-emails";
import { issueInvoiceIfDue } from "./tax-documents/tax-documents";

// Recording money the business took itself against a booking (split from admin-money.ts): one transaction
// on the locked booking row, refused when the page showed another status.

type Options = { now?: Date };

/**
 * A technician records what they took at the door — cash, or the card terminal — on a job that is
 * happening (confirmed, started or done), and never more than is due: a bank transfer, an overpayment or
 * money for a booking still waiting for its online payment is the office's to record.
 */
function assertStaffMayRecord(
  booking: { status: BookingStatus; currency: string } & Parameters<typeof bookingMoney>[0],
  input: RecordPaymentInput,
): void {
  if (!isIn(WORK_STATUSES, booking.status))
    throw new AppError("CONFLICT", "Money for this booking is recorded by the office.");
  if (input.method === "bank_transfer")
    throw new AppError("VALIDATION", undefined, { method: ["Record cash or card money taken on the day."] });
  const due = bookingMoney(booking).dueMinor;
  if (input.amountMinor > due)
    throw new AppError("VALIDATION", undefined, {
      amount: [
        due > 0
          ? `That is more than the ${formatMoney(due, booking.currency)} due. Ask the office to record more.`
          : "Nothing is due on this job.",
      ],
    });
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
    const booking = await lockBooking(tx, input.bookingId);
    if (!booking) {
      await assertBookingAdmin(tx, actor);
      throw new AppError("NOT_FOUND");
    }
    // The admin, or a technician of the job's team taking money on the day (ADR 0053).
    const role = await assertCrewMayAct(tx, actor, booking, now);
    if (booking.status !== input.from) throw new AppError("CONFLICT", staleMessage(booking));
    if (role === "staff") assertStaffMayRecord(booking, input);
    if (!canRecordPayment(booking.status))
      throw new AppError("CONFLICT", "This booking has ended: no payment can be recorded on it.");
    const due = bookingMoney(booking).dueMinor;
    if (input.amountMinor > due && !input.moreThanDue)
      throw new AppError("VALIDATION", undefined, {
        amount: [
          due > 0
            ? `That is more than the ${formatMoney(due, booking.currency)} due. Tick "more than is due" to record it anyway.`
            : `Nothing is due on this booking. Tick "more than is due" to record it anyway.`,
        ],
      });
    const paidBefore = bookingMoney(booking).netPaidMinor;
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
    await issueInvoiceIfDue(tx, booking.id, now);
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
