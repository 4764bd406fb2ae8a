import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { allocationStatusFor } from "@/modules/bookings/domain/booking-status";
import { vehiclePositionOf } from "@/modules/bookings/server";
import { normaliseRegistration } from "@/lib/registration";
import type { Tx } from "@/server/db";
import {
  allocations,
  bookingAdjustments,
  bookingEvents,
  bookingItems,
  bookings,
  payments,
  refunds,
  rescheduleRequests,
} from "@/server/db/schema";
import type { DemoHistoryPlan } from "./demo-history";
import { type HistoryContext, insertAll, writeDemoCustomers } from "./demo-history-customers";

// Writes a planned history (demo-history.ts) in a few multi-row statements per table: 500 bookings one
// use case at a time would take far longer than the seed's 5-second budget. The rows are the ones the
// use cases write (a booking's record, its allocation mirroring its status, its timeline, its payments,
// refunds and adjustments); demo-history.integration.test.ts checks them against the product's rules.

export type { HistoryContext } from "./demo-history-customers";

const DAY_MS = 86_400_000;

export async function writeDemoHistory(tx: Tx, plan: DemoHistoryPlan, ctx: HistoryContext): Promise<void> {
  const ids = await writeDemoCustomers(tx, plan, ctx);
  const rows: HistoryRows = {
    booking: [],
    item: [],
    allocation: [],
    event: [],
    payment: [],
    refund: [],
    adjustment: [],
    request: [],
    hold: [],
  };
  for (const b of plan.bookings) {
    const id = randomUUID();
    const customerId = ids.customerIds[b.customer] as string;
    addBookingRows(rows, b, { id, customerId, ids }, plan, ctx);
    const paymentIds = addPaymentRows(rows, b, id, ctx);
    for (const h of b.history)
      rows.event.push({
        bookingId: id,
        actorId: h.byAdmin ? ctx.adminId : customerId,
        type: "status_changed",
        fromValue: h.from,
        toValue: h.to,
        at: h.at,
      });
    addRefundRows(rows, b, { id, paymentIds }, ctx);
    addRescheduleRows(rows, b, { id, customerId }, ctx);
  }
  await insertAll(tx, bookings, rows.booking);
  await insertAll(tx, bookingItems, rows.item);
  await insertAll(tx, allocations, rows.allocation);
  await insertAll(tx, payments, rows.payment);
  await insertAll(tx, refunds, rows.refund);
  await insertAll(tx, bookingAdjustments, rows.adjustment);
  await insertAll(tx, rescheduleRequests, rows.request);
  await insertAll(tx, allocations, rows.hold);
  await insertAll(tx, bookingEvents, rows.event);
}

type HistoryRows = {
  booking: (typeof bookings.$inferInsert)[];
  item: (typeof bookingItems.$inferInsert)[];
  allocation: (typeof allocations.$inferInsert)[];
  event: (typeof bookingEvents.$inferInsert)[];
  payment: (typeof payments.$inferInsert)[];
  refund: (typeof refunds.$inferInsert)[];
  adjustment: (typeof bookingAdjustments.$inferInsert)[];
  request: (typeof rescheduleRequests.$inferInsert)[];
  hold: (typeof allocations.$inferInsert)[];
};
type PlannedRow = DemoHistoryPlan["bookings"][number];
type CustomerIds = Awaited<ReturnType<typeof writeDemoCustomers>>;

/** The booking row, its lines, its allocation and its "created" event. */
function addBookingRows(
  rows: HistoryRows,
  b: PlannedRow,
  k: { id: string; customerId: string; ids: CustomerIds },
  plan: DemoHistoryPlan,
  ctx: HistoryContext,
): void {
  const { id, customerId } = k;
  const { vehicleIds, addressIds } = k.ids;
  const c = plan.customers[b.customer];
  if (!c) throw new Error("planned booking without its customer");
  const teamId = ctx.teamIds[b.team] as string;
  rows.booking.push({
    id,
    reference: b.reference,
    accessToken: randomBytes(32).toString("base64url"),
    customerId,
    status: b.status,
    source: b.source,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    teamId,
    currency: "GBP",
    totalMinor: b.totalMinor,
    depositDueMinor: b.depositDueMinor,
    amountPaidMinor: b.amountPaidMinor,
    amountRefundedMinor: b.amountRefundedMinor,
    adjustmentMinor: b.adjustmentMinor,
    feeMinor: b.feeMinor,
    vehicleId: vehicleIds[b.customer] as string,
    vehicleSnapshot: {
      make: c.vehicle.make,
      model: c.vehicle.model,
      year: c.vehicle.year,
      colour: c.vehicle.colour,
      registration: normaliseRegistration(c.vehicle.registration),
      sizeName: ctx.sizeIds[c.vehicle.size]?.name ?? c.vehicle.size,
    },
    addressId: addressIds[b.customer] as string,
    addressSnapshot: {
      label: "Home",
      line1: c.address.line1,
      line2: null,
      town: c.address.town,
      postcode: c.address.postcode,
      accessNotes: c.address.accessNotes,
      hasWater: c.address.hasWater,
      hasPower: c.address.hasWater,
      hasCoveredSpace: false,
    },
    customerNotes: b.customerNotes,
    jobNotes: b.jobNotes,
    confirmedAt: b.confirmedAt,
    completedAt: b.completedAt,
    cancelledAt: b.cancelledAt,
    cancellationReason: b.cancellationReason,
    cancelledBy: b.cancelledAt ? (b.cancelledByCustomer ? customerId : ctx.adminId) : null,
    holdExpiresAt: b.holdExpiresAt,
    // A reminder was sent for every job that has begun (the reminder sweep would otherwise send them now).
    reminderSentAt:
      b.startsAt.getTime() - DAY_MS < ctx.now.getTime() ? new Date(b.startsAt.getTime() - DAY_MS) : null,
    createdAt: b.createdAt,
    updatedAt: b.completedAt ?? b.cancelledAt ?? b.createdAt,
  });
  b.items.forEach((it, position) =>
    rows.item.push({
      bookingId: id,
      kind: it.kind,
      serviceId: it.slug ? (ctx.serviceIds.get(it.slug) ?? null) : null,
      name: it.name,
      priceMinor: it.priceMinor,
      minutes: it.minutes,
      position,
      vehiclePosition: vehiclePositionOf(it.kind),
    }),
  );
  rows.allocation.push({
    teamId,
    during: { start: b.startsAt, end: b.endsAt },
    kind: "booking",
    status: allocationStatusFor(b.status),
    bookingId: id,
    holdExpiresAt: b.holdExpiresAt,
    releasedAt: b.cancelledAt,
    createdAt: b.createdAt,
  });
  rows.event.push({
    bookingId: id,
    actorId: b.source === "admin" ? ctx.adminId : customerId,
    type: "created",
    toValue: b.history[0]?.from ?? b.status,
    at: b.createdAt,
  });
}

/** The payments taken, each with its timeline line; their ids, for the refunds. */
function addPaymentRows(rows: HistoryRows, b: PlannedRow, id: string, ctx: HistoryContext): string[] {
  const paymentIds = b.payments.map(() => randomUUID());
  b.payments.forEach((p, i) => {
    rows.payment.push({
      id: paymentIds[i] as string,
      bookingId: id,
      provider: p.provider,
      kind: p.kind,
      method: p.method,
      amountMinor: p.amountMinor,
      currency: "GBP",
      status: "succeeded",
      providerReference: `demo_${b.reference}_${i + 1}`,
      recordedBy: p.provider === "manual" ? ctx.adminId : null,
      createdAt: p.at,
      settledAt: p.at,
    });
    rows.event.push({
      bookingId: id,
      actorId: p.provider === "manual" ? ctx.adminId : null,
      type: "payment",
      toValue: "succeeded",
      data: {
        paymentId: paymentIds[i],
        provider: p.provider,
        method: p.method,
        kind: p.kind,
        amountMinor: p.amountMinor,
        currency: "GBP",
      },
      at: new Date(p.at.getTime() + 1000),
    });
  });
  return paymentIds;
}

/** The refunds made and the price adjustments given. */
function addRefundRows(
  rows: HistoryRows,
  b: PlannedRow,
  k: { id: string; paymentIds: string[] },
  ctx: HistoryContext,
): void {
  const { id, paymentIds } = k;
  const refundIds = b.refunds.map(() => randomUUID());
  b.refunds.forEach((r, i) => {
    const paymentId = paymentIds[r.payment] as string;
    const payment = b.payments[r.payment];
    rows.refund.push({
      id: refundIds[i] as string,
      paymentId,
      amountMinor: r.amountMinor,
      reason: r.reason,
      reasonKind: r.reasonKind,
      method:
        payment?.provider === "manual"
          ? payment.method === "online"
            ? "bank_transfer"
            : payment.method
          : "online",
      status: "succeeded",
      providerReference: `demo_refund_${b.reference}_${i + 1}`,
      createdBy: ctx.adminId,
      createdAt: r.at,
      settledAt: r.at,
    });
    rows.event.push({
      bookingId: id,
      actorId: ctx.adminId,
      type: "refund",
      toValue: "succeeded",
      data: {
        refundId: refundIds[i],
        paymentId,
        amountMinor: r.amountMinor,
        currency: "GBP",
        reason: r.reasonKind,
      },
      at: new Date(r.at.getTime() + 2000),
    });
  });
  for (const a of b.adjustments)
    rows.adjustment.push({
      bookingId: id,
      kind: a.kind,
      amountMinor: a.amountMinor,
      reason: a.reason,
      refundId: a.refund === undefined ? null : (refundIds[a.refund] ?? null),
      createdBy: ctx.adminId,
      createdAt: a.at,
    });
}

/** A reschedule request, its timeline lines, and the time an open one holds. */
function addRescheduleRows(
  rows: HistoryRows,
  b: PlannedRow,
  k: { id: string; customerId: string },
  ctx: HistoryContext,
): void {
  const { id, customerId } = k;
  const r = b.reschedule;
  if (r) {
    const requestId = randomUUID();
    rows.request.push({
      id: requestId,
      bookingId: id,
      requestedStartsAt: r.startsAt,
      requestedEndsAt: r.endsAt,
      teamId: ctx.teamIds[r.team] as string,
      reason: r.reason,
      status: r.status,
      adminResponse: r.adminResponse,
      decidedBy: r.decidedAt ? ctx.adminId : null,
      decidedAt: r.decidedAt,
      expiresAt: r.expiresAt,
      createdAt: r.createdAt,
      updatedAt: r.decidedAt ?? r.createdAt,
    });
    rows.event.push({
      bookingId: id,
      actorId: customerId,
      type: "reschedule_requested",
      toValue: "pending",
      data: { requestId, reason: r.reason },
      at: r.createdAt,
    });
    if (r.decidedAt)
      rows.event.push({
        bookingId: id,
        actorId: ctx.adminId,
        type: "reschedule_decided",
        toValue: r.status,
        data: { requestId, message: r.adminResponse },
        at: r.decidedAt,
      });
    // An open request holds the time it asks for until it expires (as requestReschedule does).
    if (r.status === "pending")
      rows.hold.push({
        teamId: ctx.teamIds[r.team] as string,
        during: { start: r.startsAt, end: r.endsAt },
        kind: "reschedule_hold",
        status: "pending_reschedule",
        bookingId: id,
        rescheduleRequestId: requestId,
        holdExpiresAt: r.expiresAt,
        createdAt: r.createdAt,
      });
  }
}
