import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import type { PgTable } from "drizzle-orm/pg-core";
import { allocationStatusFor } from "@/modules/bookings/domain/booking-status";
import { normaliseRegistration } from "@/lib/registration";
import type { Tx } from "@/server/db";
import {
  addresses,
  allocations,
  bookingAdjustments,
  bookingEvents,
  bookingItems,
  bookings,
  payments,
  refunds,
  rescheduleRequests,
  users,
  vehicles,
} from "@/server/db/schema";
import type { DemoHistoryPlan } from "./demo-history";

// Writes a planned history (demo-history.ts) in a few multi-row statements per table: 500 bookings one
// use case at a time would take far longer than the seed's 5-second budget. The rows are the ones the
// use cases write (a booking's record, its allocation mirroring its status, its timeline, its payments,
// refunds and adjustments); demo-history.integration.test.ts checks them against the product's rules.

// A statement's rows: 1,000 rows of at most ~40 columns stay under PostgreSQL's 65,535 parameters.
const CHUNK = 1000;
const DAY_MS = 86_400_000;

async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(table).values(rows.slice(i, i + CHUNK));
}

export type HistoryContext = {
  teamIds: readonly string[];
  adminId: string;
  sizeIds: Readonly<Record<string, { id: string; name: string }>>;
  serviceIds: ReadonlyMap<string, string>;
  now: Date;
};

export async function writeDemoHistory(tx: Tx, plan: DemoHistoryPlan, ctx: HistoryContext): Promise<void> {
  const customerIds = plan.customers.map(() => randomUUID());
  const vehicleIds = plan.customers.map(() => randomUUID());
  const addressIds = plan.customers.map(() => randomUUID());
  await insertAll(
    tx,
    users,
    plan.customers.map((c, i) => ({
      id: customerIds[i] as string,
      name: c.name,
      email: c.email,
      emailVerified: true,
      phone: c.phone,
      role: "customer" as const,
      marketingConsent: c.marketingOptIn,
      marketingConsentAt: c.marketingOptIn ? c.createdAt : null,
      createdAt: c.createdAt,
    })),
  );
  await insertAll(
    tx,
    vehicles,
    plan.customers.map((c, i) => ({
      id: vehicleIds[i] as string,
      ownerId: customerIds[i] as string,
      vehicleSizeId: ctx.sizeIds[c.vehicle.size]?.id as string,
      make: c.vehicle.make,
      model: c.vehicle.model,
      year: c.vehicle.year,
      colour: c.vehicle.colour,
      registration: normaliseRegistration(c.vehicle.registration),
      isDefault: true,
      createdAt: c.createdAt,
    })),
  );
  await insertAll(
    tx,
    addresses,
    plan.customers.map((c, i) => ({
      id: addressIds[i] as string,
      ownerId: customerIds[i] as string,
      label: "Home",
      line1: c.address.line1,
      town: c.address.town,
      postcode: c.address.postcode,
      accessNotes: c.address.accessNotes,
      hasWater: c.address.hasWater,
      hasPower: c.address.hasWater,
      isDefault: true,
      createdAt: c.createdAt,
    })),
  );

  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const itemRows: (typeof bookingItems.$inferInsert)[] = [];
  const allocationRows: (typeof allocations.$inferInsert)[] = [];
  const eventRows: (typeof bookingEvents.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const refundRows: (typeof refunds.$inferInsert)[] = [];
  const adjustmentRows: (typeof bookingAdjustments.$inferInsert)[] = [];
  const requestRows: (typeof rescheduleRequests.$inferInsert)[] = [];
  const holdRows: (typeof allocations.$inferInsert)[] = [];

  for (const b of plan.bookings) {
    const id = randomUUID();
    const c = plan.customers[b.customer];
    if (!c) throw new Error("planned booking without its customer");
    const customerId = customerIds[b.customer] as string;
    const teamId = ctx.teamIds[b.team] as string;
    bookingRows.push({
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
      itemRows.push({
        bookingId: id,
        kind: it.kind,
        serviceId: it.slug ? (ctx.serviceIds.get(it.slug) ?? null) : null,
        name: it.name,
        priceMinor: it.priceMinor,
        minutes: it.minutes,
        position,
      }),
    );
    allocationRows.push({
      teamId,
      during: { start: b.startsAt, end: b.endsAt },
      kind: "booking",
      status: allocationStatusFor(b.status),
      bookingId: id,
      holdExpiresAt: b.holdExpiresAt,
      releasedAt: b.cancelledAt,
      createdAt: b.createdAt,
    });
    eventRows.push({
      bookingId: id,
      actorId: b.source === "admin" ? ctx.adminId : customerId,
      type: "created",
      toValue: b.history[0]?.from ?? b.status,
      at: b.createdAt,
    });
    const paymentIds = b.payments.map(() => randomUUID());
    b.payments.forEach((p, i) => {
      paymentRows.push({
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
      eventRows.push({
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
    for (const h of b.history)
      eventRows.push({
        bookingId: id,
        actorId: h.byAdmin ? ctx.adminId : customerId,
        type: "status_changed",
        fromValue: h.from,
        toValue: h.to,
        at: h.at,
      });
    const refundIds = b.refunds.map(() => randomUUID());
    b.refunds.forEach((r, i) => {
      const paymentId = paymentIds[r.payment] as string;
      const payment = b.payments[r.payment];
      refundRows.push({
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
      eventRows.push({
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
      adjustmentRows.push({
        bookingId: id,
        kind: a.kind,
        amountMinor: a.amountMinor,
        reason: a.reason,
        refundId: a.refund === undefined ? null : (refundIds[a.refund] ?? null),
        createdBy: ctx.adminId,
        createdAt: a.at,
      });
    const r = b.reschedule;
    if (r) {
      const requestId = randomUUID();
      requestRows.push({
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
      eventRows.push({
        bookingId: id,
        actorId: customerId,
        type: "reschedule_requested",
        toValue: "pending",
        data: { requestId, reason: r.reason },
        at: r.createdAt,
      });
      if (r.decidedAt)
        eventRows.push({
          bookingId: id,
          actorId: ctx.adminId,
          type: "reschedule_decided",
          toValue: r.status,
          data: { requestId, message: r.adminResponse },
          at: r.decidedAt,
        });
      // An open request holds the time it asks for until it expires (as requestReschedule does).
      if (r.status === "pending")
        holdRows.push({
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
  await insertAll(tx, bookings, bookingRows);
  await insertAll(tx, bookingItems, itemRows);
  await insertAll(tx, allocations, allocationRows);
  await insertAll(tx, payments, paymentRows);
  await insertAll(tx, refunds, refundRows);
  await insertAll(tx, bookingAdjustments, adjustmentRows);
  await insertAll(tx, rescheduleRequests, requestRows);
  await insertAll(tx, allocations, holdRows);
  await insertAll(tx, bookingEvents, eventRows);
}
