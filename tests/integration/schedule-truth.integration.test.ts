import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localDateOf } from "@/lib/dates";
import { getCalendar, loadHeld } from "@/modules/availability/server";
import { changeBookingAsAdmin } from "@/modules/bookings/server/admin/admin-booking-actions";
import { checkAdminSlot } from "@/modules/booking-moves/server";
import { freeRemainingTime, NOTHING_TO_FREE } from "@/modules/bookings/server/admin/free-remaining-time";
import { allocations, auditLog, settings } from "@/server/db/schema";
import { insertBooking } from "@tests/factories";
import { dbKinds } from "../support/db";
import { useLifecycle } from "./booking-lifecycle-fixture";

// Issue 27, items 1 and 2 (ADR 0043): a job in progress, completed or missed keeps its time for every
// reader — the slot engine, the counter-offer picker, the schedule calendar and the overlap guard; ending
// a job early frees nothing until the owner says so (audited); Start respects the business's lead.

const MIN = 60_000;
const TZ = "Europe/London";

describe.each(dbKinds)("the schedule tells the truth, on %s", (kind) => {
  const l = useLifecycle(kind);
  const admin = () => ({ id: l.admin.id, ip: "203.0.113.9" });
  const at = (d: Date, minutes: number) => new Date(d.getTime() + minutes * MIN);
  const allocationOf = async (bookingId: string) => {
    const [row] = await l.t.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));
    return row;
  };
  const heldOnTeam = async (start: Date, end: Date, now: Date) =>
    (await loadHeld(l.t.db, start, end, now)).filter((h) => h.teamId === l.teamId);
  const audits = (bookingId: string, action: string) =>
    l.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, action)));
  const counterOffer = (start: Date, now: Date) =>
    checkAdminSlot(l.t.db, {
      teamId: l.teamId,
      start,
      now,
      durationMinutes: 60,
      zoneBufferMinutes: 0,
      ignoreRules: true,
    });

  it.each([
    ["in_progress", "start"],
    ["completed", "complete"],
    ["no_show", "no_show"],
  ] as const)("a job %s keeps its time: slot engine, counter-offer, calendar and guard", async (to, verb) => {
    const booking = await l.bookingIn("confirmed");
    const now = at(booking.startsAt, 5);
    await changeBookingAsAdmin(l.t.db, admin(), verb, { bookingId: booking.id, from: "confirmed" }, { now });
    const allocation = await allocationOf(booking.id);
    expect(allocation?.status).toBe(to);
    expect(allocation?.during).toEqual({ start: booking.startsAt, end: booking.endsAt });
    // The slot engine: the whole booked range is still held.
    expect(await heldOnTeam(booking.startsAt, booking.endsAt, now)).toEqual([
      { teamId: l.teamId, start: booking.startsAt.getTime(), end: booking.endsAt.getTime() },
    ]);
    // The counter-offer / reschedule picker: the time later that day is not offered as free.
    expect(await counterOffer(at(booking.startsAt, 60), now)).toMatchObject({ ok: false, reason: "taken" });
    // The schedule calendar's day view shows it, with its status.
    const calendar = await getCalendar({ view: "day", date: localDateOf(booking.startsAt, TZ) }, l.t.db);
    expect(calendar.items.find((i) => i.bookingId === booking.id)).toMatchObject({ status: to });
    // The overlap guard refuses another booking on top of it.
    await expect(
      insertBooking(l.t.db, {
        customerId: l.customer.id,
        teamId: l.teamId,
        startsAt: at(booking.startsAt, 60),
      }),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
  });

  it("completing a job early frees nothing; the owner's explicit choice frees the rest, audited", async () => {
    const booking = await l.bookingIn("confirmed");
    await changeBookingAsAdmin(
      l.t.db,
      admin(),
      "start",
      { bookingId: booking.id, from: "confirmed" },
      { now: at(booking.startsAt, -30) },
    );
    const done = at(booking.startsAt, 45);
    await changeBookingAsAdmin(
      l.t.db,
      admin(),
      "complete",
      { bookingId: booking.id, from: "in_progress" },
      { now: done },
    );
    expect((await allocationOf(booking.id))?.during).toEqual({
      start: booking.startsAt,
      end: booking.endsAt,
    });
    expect(await counterOffer(at(booking.startsAt, 90), done)).toMatchObject({ ok: false, reason: "taken" });

    const freeAt = at(booking.startsAt, 50);
    const result = await freeRemainingTime(
      l.t.db,
      admin(),
      { bookingId: booking.id, from: "completed" },
      { now: freeAt },
    );
    expect(result.freedMinutes).toBe((booking.endsAt.getTime() - freeAt.getTime()) / MIN);
    const allocation = await allocationOf(booking.id);
    expect(allocation).toMatchObject({
      status: "completed",
      during: { start: booking.startsAt, end: freeAt },
    });
    // The time worked stays taken; the rest is offered again.
    expect(await counterOffer(at(booking.startsAt, -10), freeAt)).toMatchObject({
      ok: false,
      reason: "taken",
    });
    // (the business's 30-minute buffer still applies after the cut)
    expect(await counterOffer(at(booking.startsAt, 90), freeAt)).toEqual({ ok: true });
    const snap = await l.snapshot(booking.id);
    expect(snap.events.at(-1)).toMatchObject({ type: "time_freed", actorId: l.admin.id });
    const [audit] = await audits(booking.id, "booking.free_time");
    expect(audit).toMatchObject({ actorId: l.admin.id, ip: "203.0.113.9" });
    expect(audit?.summary).toMatchObject({
      freedFrom: freeAt.toISOString(),
      freedTo: booking.endsAt.toISOString(),
    });
  });

  it("refuses to free time that is past, not a done job's, or asked by a customer — writing nothing", async () => {
    const done = await l.bookingIn("completed");
    const live = await l.bookingIn("confirmed");
    const before = await l.snapshot(done.id);
    // After the booked end there is nothing left to free.
    await expect(
      freeRemainingTime(
        l.t.db,
        admin(),
        { bookingId: done.id, from: "completed" },
        { now: at(done.endsAt, 1) },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", message: NOTHING_TO_FREE });
    // Before its time began, neither (the job's time is not "past" yet).
    await expect(
      freeRemainingTime(
        l.t.db,
        admin(),
        { bookingId: done.id, from: "completed" },
        { now: at(done.startsAt, -5) },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // A job still to happen: the page's status is refused.
    await expect(
      freeRemainingTime(
        l.t.db,
        admin(),
        { bookingId: live.id, from: "completed" },
        { now: at(live.startsAt, 5) },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    // A customer (even the booking's own) gets what a missing booking gets.
    await expect(
      freeRemainingTime(
        l.t.db,
        { id: l.customer.id, ip: null },
        { bookingId: done.id, from: "completed" },
        { now: at(done.startsAt, 5) },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await l.snapshot(done.id)).toEqual(before);
    expect(await audits(done.id, "booking.free_time")).toEqual([]);
  });

  it("refuses Start days before the job without a reason, and allows it with one, audited", async () => {
    const booking = await l.bookingIn("confirmed");
    const now = at(booking.startsAt, -3 * 24 * 60);
    const before = await l.snapshot(booking.id);
    const refused = changeBookingAsAdmin(
      l.t.db,
      admin(),
      "start",
      { bookingId: booking.id, from: "confirmed" },
      { now },
    );
    await expect(refused).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        overrideReason: [
          expect.stringMatching(
            /^This job starts on .+ \(in 3 days\)\. Starting more than 1 h before it needs a reason\.$/,
          ),
        ],
      },
    });
    expect(await l.snapshot(booking.id)).toEqual(before);
    expect(await audits(booking.id, "booking.start")).toEqual([]);

    await changeBookingAsAdmin(
      l.t.db,
      admin(),
      "start",
      { bookingId: booking.id, from: "confirmed", overrideReason: "The customer asked us to come early." },
      { now },
    );
    const after = await l.snapshot(booking.id);
    expect(after.booking?.status).toBe("in_progress");
    expect(after.events.at(-1)).toMatchObject({
      type: "status_changed",
      toValue: "in_progress",
      actorId: l.admin.id,
      data: {
        reason: "Started early: The customer asked us to come early.",
        earlyStart: true,
        overrideReason: "The customer asked us to come early.",
        leadMinutes: 60,
      },
    });
    const [audit] = await audits(booking.id, "booking.start");
    expect(audit?.summary).toMatchObject({
      earlyStart: true,
      overrideReason: "The customer asked us to come early.",
      startsAt: booking.startsAt.toISOString(),
    });
  });

  it("opens Start at the business's lead: 60 minutes by default, as set in settings", async () => {
    const a = await l.bookingIn("confirmed");
    await changeBookingAsAdmin(
      l.t.db,
      admin(),
      "start",
      { bookingId: a.id, from: "confirmed" },
      { now: at(a.startsAt, -60) },
    );
    expect((await l.snapshot(a.id)).booking?.status).toBe("in_progress");

    const b = await l.bookingIn("confirmed");
    await expect(
      changeBookingAsAdmin(
        l.t.db,
        admin(),
        "start",
        { bookingId: b.id, from: "confirmed" },
        { now: at(b.startsAt, -61) },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    await l.t.db.update(settings).set({ startLeadMinutes: 180 });
    try {
      await changeBookingAsAdmin(
        l.t.db,
        admin(),
        "start",
        { bookingId: b.id, from: "confirmed" },
        { now: at(b.startsAt, -170) },
      );
      expect((await l.snapshot(b.id)).booking?.status).toBe("in_progress");
    } finally {
      await l.t.db.update(settings).set({ startLeadMinutes: 60 });
    }
  });

  it("completes only after Start; a past job nobody started completes in one step", async () => {
    const future = await l.bookingIn("confirmed");
    const before = await l.snapshot(future.id);
    await expect(
      changeBookingAsAdmin(
        l.t.db,
        admin(),
        "complete",
        { bookingId: future.id, from: "confirmed" },
        { now: at(future.startsAt, -30) },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/start it first/) });
    expect(await l.snapshot(future.id)).toEqual(before);

    const past = await l.bookingIn("confirmed");
    await changeBookingAsAdmin(
      l.t.db,
      admin(),
      "complete",
      { bookingId: past.id, from: "confirmed" },
      { now: at(past.startsAt, 2 * 24 * 60) },
    );
    const after = await l.snapshot(past.id);
    expect(after.events.filter((e) => e.type === "status_changed").map((e) => e.toValue)).toEqual([
      "in_progress",
      "completed",
    ]);
    expect(after.allocation).toMatchObject({
      status: "completed",
      during: { start: past.startsAt, end: past.endsAt },
    });
  });

  it("refuses Start, Complete and freeing time to a customer (per role)", async () => {
    const booking = await l.bookingIn("confirmed");
    const customer = { id: l.customer.id, ip: null };
    for (const verb of ["start", "complete"] as const)
      await expect(
        changeBookingAsAdmin(
          l.t.db,
          customer,
          verb,
          { bookingId: booking.id, from: "confirmed" },
          { now: at(booking.startsAt, 5) },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("has one definition of taken time in SQL: the guard's function answers as the list does", async () => {
    const { ALLOCATION_STATUSES, ALLOCATION_HOLDING_STATUSES, BOOKING_STATUSES, takesTime } =
      await import("@/lib/enums");
    for (const s of ALLOCATION_STATUSES) {
      const rows = await l.t.db.execute<{ holds: boolean }>(
        sql`SELECT allocation_holds_time(${s}::allocation_status) AS holds`,
      );
      expect([s, rows.rows[0]?.holds]).toEqual([
        s,
        (ALLOCATION_HOLDING_STATUSES as readonly string[]).includes(s),
      ]);
    }
    for (const s of BOOKING_STATUSES) {
      const rows = await l.t.db.execute<{ takes: boolean }>(
        sql`SELECT booking_takes_time(${s}::booking_status) AS takes`,
      );
      expect([s, rows.rows[0]?.takes]).toEqual([s, takesTime(s)]);
    }
  });
});
