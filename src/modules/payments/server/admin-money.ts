import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getEnv } from "@/env";
import type { PaymentMethod, RefundReason } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { afterRefund, isClosedForMoney } from "@/lib/booking/booking-money";
import { bookingPageUrl } from "@/modules/bookings/links";
import {
  addToBookingLedger,
  announceBooking,
  assertBookingAdmin,
  type Booking,
  bookingContext,
  lockBooking,
  recordBookingEvents,
  setBookingCharge,
} from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { bookingAdjustments, refunds } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { REFUND_REASON_CHOICES, type RefundInput } from "../admin-money-schemas";
import { REFUND_SEND_LEASE_MS, splitRefund } from "../domain/refund-plan";
import { MANUAL_METHOD_LABELS } from "../domain/money";
import { enqueuePaymentAlert } from "./payment-emails";
import { issueRefund } from "./refunds/refunds";
import { issueCreditNoteIfDue } from "./tax-documents/tax-documents";
import {
  moneyWithPendingRefunds,
  type RefundablePayment,
  refundablePayments,
  refundLimits,
  refundReasonsFor,
  sum,
} from "./refunds/refund-limits";

// The money buttons of /admin/bookings/{id} (issue 12): record a payment taken by the business, refund
// through the provider the money came in by, and cancel with the refund the policy gives. Each is one
// transaction on the locked booking row (lock order everywhere: booking, then its payments); a page that
// showed another status, or other refundable money, than the booking has now is refused and nothing is
// written. Providers are called after the commit, with the refund row's id as the idempotency key.

export type Options = { now?: Date };

/** Refuses a page whose refundable amount is not the booking's now: another refund got there first. */
export function assertShownRefundable(booking: Booking, shownMinor: number, nowMinor: number): void {
  if (shownMinor !== nowMinor)
    throw new AppError(
      "CONFLICT",
      `This booking's payments changed: ${formatMoney(nowMinor, booking.currency)} can be refunded now.`,
    );
}

export function assertRefundWithin(booking: Booking, amountMinor: number, refundableMinor: number): void {
  if (amountMinor > refundableMinor)
    throw new AppError("VALIDATION", undefined, {
      amount: [
        refundableMinor > 0
          ? `At most ${formatMoney(refundableMinor, booking.currency)} can be refunded: what was paid, less refunds.`
          : "Nothing paid is left to refund.",
      ],
    });
}

type WrittenRefunds = {
  online: string[];
  /** The refund rows written, in order (a refund split across payments has several). */
  parts: { refundId: string; paymentId: string; amountMinor: number; method: PaymentMethod }[];
  /** Money the business took itself that it has yet to hand back (a customer's cancellation). */
  owedMinor: number;
};

export type RefundWriting = {
  /**
   * A manual payment's part: `handed_back` — the admin says it was given back (done as it is recorded);
   * `owed` — the customer cancelled, so the business has yet to hand it back: nothing is marked refunded,
   * the task goes on the timeline (the admin's Needs-you queue reads it) and into the business's alert.
   */
  manual: "handed_back" | "owed";
  /** The business alert's sentence about the refund. */
  alert: (amount: string) => string;
};

export const BY_ADMIN: RefundWriting = {
  manual: "handed_back",
  alert: (amount) => `A refund of ${amount} was made by the business.`,
};

/**
 * Writes the refund rows for `amountMinor`, split across the payments newest first. A manual payment's
 * refund is money the business hands back itself (see RefundWriting). An online one is pending until its
 * provider accepts it (issueRefund, after the commit); until then the retry job may send it after a
 * lease, so a send lost with the process is never lost with it.
 */
export async function writeRefunds(
  tx: Tx,
  actor: Actor,
  booking: Booking,
  available: RefundablePayment[],
  amountMinor: number,
  reason: string,
  reasonKind: RefundReason,
  now: Date,
  how: RefundWriting = BY_ADMIN,
): Promise<WrittenRefunds> {
  const written: WrittenRefunds = { online: [], parts: [], owedMinor: 0 };
  for (const { payment: p, amountMinor: part } of splitRefund(available, amountMinor)) {
    const manual = p.provider === "manual";
    const label = MANUAL_METHOD_LABELS[p.method];
    if (manual && how.manual === "owed") {
      written.owedMinor += part;
      await recordBookingEvents(tx, [
        {
          bookingId: booking.id,
          actorId: actor.id,
          type: "refund",
          toValue: "owed",
          at: sql`clock_timestamp()`,
          data: {
            paymentId: p.id,
            amountMinor: part,
            currency: booking.currency,
            method: p.method,
            reasonKind,
            reason: `${reason} (paid to the business: ${label} — hand it back, then record the refund)`,
          },
        },
      ]);
      continue;
    }
    const id = randomUUID();
    await tx.insert(refunds).values({
      id,
      paymentId: p.id,
      amountMinor: part,
      reason,
      reasonKind,
      method: p.method,
      createdBy: actor.id,
      ...(manual
        ? { status: "succeeded", providerReference: `manual_${id}`, settledAt: now }
        : { retryAt: new Date(now.getTime() + REFUND_SEND_LEASE_MS) }),
    });
    if (manual) await addToBookingLedger(tx, booking.id, { refundedMinor: part });
    else written.online.push(id);
    written.parts.push({ refundId: id, paymentId: p.id, amountMinor: part, method: p.method });
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
          method: p.method,
          reasonKind,
          reason: manual ? `${reason} (handed back by the business: ${label})` : reason,
        },
      },
    ]);
  }
  const money = (m: number) => formatMoney(m, booking.currency);
  const refundedMinor = amountMinor - written.owedMinor;
  await enqueuePaymentAlert(tx, {
    bookingId: booking.id,
    kind: written.owedMinor > 0 ? "refund_owed" : "refund_made",
    amountMinor,
    currency: booking.currency,
    detail: [
      refundedMinor > 0 ? how.alert(money(refundedMinor)) : null,
      written.owedMinor > 0
        ? `${money(written.owedMinor)} of the refund was paid to the business directly (cash, card terminal or bank transfer): hand it back to the customer, then record it with Refund on the booking's page.`
        : null,
      `Reason: ${REFUND_REASON_CHOICES[reasonKind]} — ${reason}`,
    ]
      .filter(Boolean)
      .join(" "),
  });
  return written;
}

/** After the commit: sends the online refunds to their providers (a failure is recorded and alerted). */
export async function sendRefunds(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  for (const id of ids) await issueRefund(db as Db, id, {}, now);
}

/**
 * Refund for a reason (ADR 0040), up to what that reason allows (refundLimit, with refunds on their way
 * counted) and what the payments can return, through the provider each payment came in by. One
 * transaction on the locked booking, read top to bottom: who asks → the refund checked against what the
 * page showed and the reason's limit → the refund rows → a goodwill refund lowers the charge → the customer's
 * email, the audit row, the live update. After the commit the online refunds go to their providers.
 */
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
    const { available, money } = await checkRefund(tx, booking, input);
    const w = await writeRefunds(
      tx,
      actor,
      booking,
      available,
      input.amountMinor,
      input.reason,
      input.reasonKind,
      now,
    );
    if (input.reasonKind === "goodwill")
      await lowerChargeByGoodwill(tx, actor, booking, money, input, w, now);
    await tellCustomerOfRefund(tx, booking, input, w);
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "booking.refund",
      entity: "booking",
      entityId: booking.id,
      summary: {
        reference: booking.reference,
        amountMinor: input.amountMinor,
        reasonKind: input.reasonKind,
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

/** The refund holds on the locked booking: the money the page showed, the reason for its status, its limit. */
async function checkRefund(tx: Tx, booking: Booking, input: RefundInput) {
  const available = await refundablePayments(tx, booking.id);
  const refundable = sum(available);
  assertShownRefundable(booking, input.refundableMinor, refundable);
  if (!refundReasonsFor(booking.status).includes(input.reasonKind))
    throw new AppError("VALIDATION", undefined, {
      reasonKind: [
        isClosedForMoney(booking.status)
          ? "This booking has ended: choose a cancellation or goodwill refund."
          : "A cancellation refund is only for a booking that has ended: choose another reason.",
      ],
    });
  const money = await moneyWithPendingRefunds(tx, booking);
  assertReasonWithin(
    booking,
    input.reasonKind,
    input.amountMinor,
    refundLimits(money, refundable)[input.reasonKind],
  );
  return { available, money };
}

/**
 * A goodwill refund lowers the charge by as much: an adjustment row, and the booking's adjustments (or a
 * closed booking's fee) as afterRefund derives them; a VAT invoice already issued is credited (ADR 0040).
 */
async function lowerChargeByGoodwill(
  tx: Tx,
  actor: Actor,
  booking: Booking,
  money: Awaited<ReturnType<typeof moneyWithPendingRefunds>>,
  input: RefundInput,
  w: WrittenRefunds,
  now: Date,
): Promise<void> {
  const next = afterRefund(money, "goodwill", input.amountMinor);
  const refundId = w.parts[0]?.refundId;
  const [adjustment] = await tx
    .insert(bookingAdjustments)
    .values({
      bookingId: booking.id,
      kind: "goodwill",
      amountMinor: input.amountMinor,
      reason: input.reason,
      refundId: refundId ?? null,
      createdBy: actor.id,
    })
    .returning({ id: bookingAdjustments.id });
  await setBookingCharge(tx, booking.id, { adjustmentMinor: next.adjustmentMinor, feeMinor: next.feeMinor });
  await issueCreditNoteIfDue(tx, {
    bookingId: booking.id,
    refundId,
    adjustmentId: adjustment?.id,
    amountMinor: input.amountMinor,
    reason: `Goodwill refund: ${input.reason}`,
    now,
  });
}

/** The customer hears of it (a refund with a cancellation is in the cancellation's email instead). */
async function tellCustomerOfRefund(tx: Tx, booking: Booking, input: RefundInput, w: WrittenRefunds) {
  const { customer } = await bookingContext(tx, booking.id);
  if (!customer) return;
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
      reasonKind: input.reasonKind,
      method: w.parts[0]?.method ?? "online",
      url: bookingPageUrl("success", booking, getEnv().APP_URL),
    },
  });
}

const LIMIT_WORDS: Record<RefundReason, string> = {
  goodwill: "a goodwill refund can return at most what was paid towards the price",
  overpayment: "an overpayment refund can return at most what was paid above the price",
  cancellation: "a cancellation refund can return at most what was paid above the fee kept",
};

function assertReasonWithin(
  booking: Booking,
  reasonKind: RefundReason,
  amountMinor: number,
  limitMinor: number,
): void {
  if (amountMinor <= limitMinor) return;
  const money = (m: number) => formatMoney(m, booking.currency);
  throw new AppError("VALIDATION", undefined, {
    amount: [
      limitMinor > 0
        ? `At most ${money(limitMinor)} can be refunded: ${LIMIT_WORDS[reasonKind]} (refunds on their way count).`
        : `Nothing can be refunded as ${REFUND_REASON_CHOICES[reasonKind].toLowerCase()} on this booking now.`,
    ],
  });
}
