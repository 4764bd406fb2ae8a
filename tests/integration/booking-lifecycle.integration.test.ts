import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import {
  allocationStatusFor,
  BOOKING_TRANSITIONS,
  canTransition,
  mayTransition,
  TRANSITION_ROLES,
} from "@/modules/bookings/domain/booking-status";
import { expireHolds } from "@/modules/bookings/server/hold-expiry";
import type { TransitionActor } from "@/modules/bookings/server/transition-booking";
import { allocations, bookings, liveEvents, rescheduleRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { dbKinds } from "../support/db";
import { DAY_MS, NOW, useLifecycle } from "./booking-lifecycle-fixture";

// The one transition path (ADR 0014), row by row of the table in domain/booking-status.ts: each change
// writes the status, mirrors the allocation, adds the timeline event, queues that change's emails and
// publishes the live events — and a refused change writes nothing at all.

const TABLE = (Object.keys(BOOKING_TRANSITIONS) as BookingStatus[]).flatMap((from) =>
  BOOKING_TRANSITIONS[from].map((to) => [from, to] as const),
);

describe.each(dbKinds)("the booking lifecycle on %s", (kind) => {
  const l = useLifecycle(kind);
  const { bookingIn, snapshot, run } = l;

  /** The admin where an admin may make the change, else the one actor that may (the job, the provider). */
  const actorFor = (from: BookingStatus, to: BookingStatus): TransitionActor =>
    mayTransition(from, to, "admin")
      ? l.admin
      : { role: TRANSITION_ROLES[from][to]?.[0] as "system" | "payment" };
  const idOf = (actor: TransitionActor) => ("id" in actor ? actor.id : null);

  it.each(TABLE)("%s → %s through the one path", async (from, to) => {
    const booking = await bookingIn(from);
    const before = await snapshot(booking.id);
    const actor = actorFor(from, to);
    const result = await run({ bookingId: booking.id, to, actor, reason: `Testing ${to}.` });
    expect(result).toMatchObject({ from, steps: [to] });
    const after = await snapshot(booking.id);

    expect(after.booking?.status).toBe(to);
    expect(after.allocation?.status).toBe(allocationStatusFor(to));
    if (to !== "pending_payment") expect(after.booking?.holdExpiresAt).toBeNull();
    if (to === "confirmed") expect(after.booking?.confirmedAt).toEqual(NOW);
    if (to === "completed") expect(after.booking?.completedAt).toEqual(NOW);
    if (to === "cancelled")
      expect(after.booking).toMatchObject({
        cancelledAt: NOW,
        cancelledBy: l.admin.id,
        cancellationReason: `Testing ${to}.`,
      });
    // A job that ends done or missed keeps its time (ADR 0043); the ones that will not happen free it.
    if (["cancelled", "declined", "expired"].includes(to)) expect(after.allocation?.releasedAt).toEqual(NOW);
    if (["completed", "no_show"].includes(to))
      expect(after.allocation).toMatchObject({ status: to, releasedAt: null });

    const added = after.events.slice(before.events.length);
    // A booking that ends cancelled or expired is reported to the business (issue 12): an alert on the
    // timeline — unless it never got past waiting for payment online, which the business never heard of
    // (issue 17).
    const alerted = (to === "cancelled" || to === "expired") && from !== "pending_payment";
    expect(added).toEqual([
      expect.objectContaining({
        type: "status_changed",
        fromValue: from,
        toValue: to,
        actorId: idOf(actor),
        data: { reason: `Testing ${to}.` },
      }),
      ...(alerted ? [expect.objectContaining({ type: "email_sent", toValue: "business" })] : []),
    ]);

    const newLive = after.live.slice(before.live.length);
    expect(newLive.map((e) => [e.type, e.audience, e.userId])).toEqual([
      ["booking.updated", "admins", null],
      ["booking.updated", "user", l.customer.id],
    ]);
    expect(newLive.every((e) => (e.payload as { status: string }).status === to)).toBe(true);
    expect(after.scheduleEvents).toBe(before.scheduleEvents + 1);

    // Confirming is the change that tells the l.customer (with the calendar file) and, once, the business.
    const templates = after.mail.slice(before.mail.length).map((m) => m.template);
    if (to === "confirmed") {
      expect(templates).toEqual(["booking-confirmed", "booking-new-admin"]);
      const confirmation = after.mail.find((m) => m.template === "booking-confirmed");
      expect(confirmation?.to).toBe(l.customer.email);
    } else expect(templates).toEqual(alerted ? ["payment-alert-admin"] : []);
  });

  it.each(
    BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => !canTransition(from, to)).map((to) => [from, to] as const),
    ),
  )("refuses %s → %s and changes nothing", async (from, to) => {
    const booking = await bookingIn(from);
    const before = await snapshot(booking.id);
    const err = await run({
      bookingId: booking.id,
      to,
      actor: l.asCustomer,
      reason: "No.",
    })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "CONFLICT" });
    expect((err as Error).message).toMatch(/can't be changed/);
    const after = await snapshot(booking.id);
    expect(after).toEqual(before);
  });

  it("refuses a change from a status the caller did not expect", async () => {
    const booking = await bookingIn("confirmed");
    const before = await snapshot(booking.id);
    await expect(
      run({ bookingId: booking.id, to: "cancelled", from: ["pending_payment"], actor: l.admin, reason: "x" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await snapshot(booking.id)).toEqual(before);
    await expect(
      run({ bookingId: crypto.randomUUID(), to: "cancelled", actor: l.admin, reason: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("runs the caller's side effects inside the change, before the live events", async () => {
    const booking = await bookingIn("pending_payment");
    let seenStatus: string | null = null;
    let liveBefore = -1;
    await run({
      bookingId: booking.id,
      to: "cancelled",
      actor: l.asCustomer,
      reason: "Abandoned.",
      effects: async (tx, b) => {
        seenStatus = b.status;
        const rows = await tx
          .select({ id: liveEvents.id })
          .from(liveEvents)
          .where(sql`${liveEvents.payload} ->> 'bookingId' = ${booking.id}`);
        liveBefore = rows.length;
      },
    });
    expect(seenStatus).toBe("cancelled");
    expect(liveBefore).toBe(0);
    // A failing side effect rolls the whole change back.
    const other = await bookingIn("pending_payment");
    const before = await snapshot(other.id);
    await expect(
      run({
        bookingId: other.id,
        to: "cancelled",
        actor: l.asCustomer,
        reason: "x",
        effects: async () => {
          throw new Error("provider bookkeeping failed");
        },
      }),
    ).rejects.toThrow("provider bookkeeping failed");
    expect(await snapshot(other.id)).toEqual(before);
  });

  it("frees the time a pending reschedule holds when the booking stops happening, and only then", async () => {
    let spot = 0;
    const holdFor = async (bookingId: string, hours: number) => {
      const start = new Date(NOW.getTime() + 40 * DAY_MS + hours * 3_600_000 + spot++ * 4 * 3_600_000);
      const end = new Date(start.getTime() + 3_600_000);
      const [request] = await l.t.db
        .insert(rescheduleRequests)
        .values({
          bookingId,
          teamId: l.teamId,
          requestedStartsAt: start,
          requestedEndsAt: end,
          expiresAt: new Date(NOW.getTime() + DAY_MS),
        })
        .returning();
      await l.t.db.insert(allocations).values({
        teamId: l.teamId,
        during: { start, end },
        kind: "reschedule_hold",
        status: "pending_reschedule",
        bookingId,
        rescheduleRequestId: request?.id,
        holdExpiresAt: new Date(NOW.getTime() + DAY_MS),
      });
    };
    const holdOf = async (bookingId: string) =>
      (
        await l.t.db
          .select()
          .from(allocations)
          .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "reschedule_hold")))
      )[0];

    const started = await bookingIn("confirmed");
    await holdFor(started.id, 0);
    await run({ bookingId: started.id, to: "in_progress", actor: l.admin, reason: "On site." });
    expect((await holdOf(started.id))?.status).toBe("pending_reschedule");

    const cancelled = await bookingIn("confirmed");
    await holdFor(cancelled.id, 1);
    await run({ bookingId: cancelled.id, to: "cancelled", actor: l.admin, reason: "Weather." });
    expect(await holdOf(cancelled.id)).toMatchObject({ status: "released", releasedAt: NOW });
    // The booking's own allocation is released too, and the request closes as expired.
    const [own] = await l.t.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.bookingId, cancelled.id), eq(allocations.kind, "booking")));
    expect(own?.status).toBe("released");
    const [request] = await l.t.db
      .select()
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.bookingId, cancelled.id));
    expect(request?.status).toBe("expired");
    const [started_] = await l.t.db
      .select()
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.bookingId, started.id));
    expect(started_?.status).toBe("pending");
  });

  // On PGlite the two run one after the other; the real race, behind a held row lock, is PostgreSQL's in
  // booking-lifecycle-races.integration.test.ts.
  it("lets exactly one of two parallel changes from the same status win", async () => {
    for (const [a, b] of [
      ["cancelled", "in_progress"],
      ["no_show", "no_show"],
    ] as const) {
      const booking = await bookingIn("confirmed");
      const results = await Promise.allSettled([
        run({ bookingId: booking.id, to: a, actor: l.admin, reason: "first" }),
        run({ bookingId: booking.id, to: b, actor: l.admin, reason: "second" }),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT" });
      const after = await snapshot(booking.id);
      const winner = (won[0] as PromiseFulfilledResult<{ booking: { status: BookingStatus } }>).value;
      expect(after.booking?.status).toBe(winner.booking.status);
      expect(after.events.filter((e) => e.type === "status_changed")).toHaveLength(1);
      expect(after.allocation?.status).toBe(allocationStatusFor(winner.booking.status));
    }
  });

  it("expires lapsed payment holds through the same path, announcing them once", async () => {
    const lapsed = await bookingIn("pending_payment", -5);
    const live = await bookingIn("pending_payment", 30);
    const expired = await expireHolds(l.t.db, { now: NOW });
    expect(expired.bookingIds).toEqual([lapsed.id]);
    const gone = await snapshot(lapsed.id);
    expect(gone.booking).toMatchObject({ status: "expired", holdExpiresAt: null });
    expect(gone.allocation).toMatchObject({ status: "expired", releasedAt: NOW });
    expect(gone.events.at(-1)).toMatchObject({
      type: "status_changed",
      fromValue: "pending_payment",
      toValue: "expired",
      actorId: null,
    });
    // An abandoned online checkout was never announced to the business, so its expiry isn't either.
    expect(gone.events.at(-1)).toMatchObject({ type: "status_changed", toValue: "expired" });
    expect(gone.mail.map((m) => m.template)).not.toContain("payment-alert-admin");
    expect(gone.live.map((e) => [e.type, e.audience])).toEqual([
      ["booking.updated", "admins"],
      ["booking.updated", "user"],
    ]);
    const [kept] = await l.t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, live.id), eq(bookings.status, "pending_payment")));
    expect(kept).toBeDefined();
    // Run again: nothing left to expire.
    expect((await expireHolds(l.t.db, { now: NOW })).bookingIds).toEqual([]);
  });
});
