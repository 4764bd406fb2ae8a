import { and, asc, eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { deactivateStaff } from "@/modules/accounts/server/customers/staff-members";
import { changeBookingAsAdmin } from "@/modules/bookings/server/admin/admin-booking-actions";
import { assertBookingCrew, jobCrew, saveJobNotes } from "@/modules/bookings/server";
import { transitionBooking } from "@/modules/bookings/server/transition-booking";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { loadStaffDay } from "@/modules/staff/server/staff-day";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookingEvents, bookings, liveEvents, payments, weatherDays } from "@/server/db/schema";
import { canSee, type Viewer } from "@/server/realtime/events";
import { EventHub } from "@/server/realtime/hub";
import { publish } from "@/server/realtime/publish";
import { insertBooking, insertSettings, insertStaff, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The technician's day (ADR 0053): a technician sees today's and tomorrow's jobs of their own teams and
// works them — start, complete, cash or card taken at the door, notes — and nothing of another team's,
// nothing an admin alone may do; a deactivated one, or a customer, gets what a missing booking gets.

// A Wednesday in March: London is on GMT, so local times are UTC times.
const NOW = new Date("2031-03-12T09:30:00Z");
const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, 12 + day, hour));

describe.each(dbKinds)("the technician's day on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let tech: { id: string; ip: string; name: string };
  let otherTech: { id: string; ip: string };
  let customer: { id: string; ip: string };
  let vanA: string;
  let vanB: string;
  const jobs: Record<string, { id: string; reference: string }> = {};

  const job = (name: string) => jobs[name] as { id: string; reference: string };
  const statusOf = async (id: string) =>
    (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const paymentsOf = (id: string) => t.db.select().from(payments).where(eq(payments.bookingId, id));
  const book = (teamId: string, startsAt: Date, status: BookingStatus = "confirmed", paidMinor = 0) =>
    insertBooking(t.db, { customerId: customer.id, teamId, startsAt, status, paidMinor });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine Street",
      timeZone: "Europe/London",
      startLeadMinutes: 60,
    });
    vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    vanB = (await insertTeam(t.db, { name: "Van B" })).id;
    const a = await insertUser(t.db, { role: "admin", name: "Olive Owner" });
    admin = { id: a.id, ip: "203.0.113.40" };
    const s = await insertStaff(t.db, { name: "Tess Tech", teamIds: [vanA] });
    tech = { id: s.id, ip: "203.0.113.41", name: s.name };
    otherTech = {
      id: (await insertStaff(t.db, { name: "Bea Van", teamIds: [vanB] })).id,
      ip: "203.0.113.42",
    };
    customer = { id: (await insertUser(t.db, { name: "Cara Customer" })).id, ip: "203.0.113.43" };
    // Inserted out of time order on purpose.
    jobs.afternoon = await book(vanA, at(0, 14), "confirmed", 2000);
    jobs.morning = await book(vanA, at(0, 10));
    jobs.otherTeam = await book(vanB, at(0, 10));
    jobs.tomorrow = await book(vanA, at(1, 9));
    jobs.dayAfter = await book(vanA, at(2, 9));
    jobs.awaiting = await book(vanA, at(3, 10), "awaiting_approval");
    jobs.cancelled = await book(vanA, at(4, 10), "cancelled");
    await t.db.insert(weatherDays).values([
      { date: "2031-03-13", startsAt: at(1, 0), endsAt: at(2, 0), teamIds: [vanA], message: "Storm Ada." },
      { date: "2031-03-12", startsAt: at(0, 0), endsAt: at(1, 0), teamIds: [vanB], message: "Van B only." },
    ]);
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("shows today's and tomorrow's jobs of their own team only, in time order, with a weather day of theirs", async () => {
    const view = await loadStaffDay(t.db, tech, NOW);
    expect(view).toMatchObject({ teamNames: ["Van A"], timeZone: "Europe/London", loadedAt: "09:30 GMT" });
    expect(view.days.map((d) => [d.date, d.weather])).toEqual([
      ["2031-03-12", null],
      ["2031-03-13", "Storm Ada."],
    ]);
    const [today, tomorrow] = view.days;
    expect(today?.jobs.map((j) => [j.reference, j.time, j.workable, j.teamName])).toEqual([
      [job("morning").reference, "10:00 GMT", true, "Van A"],
      [job("afternoon").reference, "14:00 GMT", true, "Van A"],
    ]);
    expect(tomorrow?.jobs.map((j) => [j.reference, j.workable])).toEqual([
      [job("tomorrow").reference, false],
    ]);
    const everyRef = view.days.flatMap((d) => d.jobs.map((j) => j.reference));
    expect(everyRef).not.toContain(job("otherTeam").reference);
    expect(everyRef).not.toContain(job("dayAfter").reference);

    // The money on the card is what is due on the day, nothing else of the booking's prices.
    const afternoon = today?.jobs[1];
    expect(afternoon).toMatchObject({ dueMinor: 6500, due: "£65.00", customerName: "Cara Customer" });
    expect(today?.jobs[0]).toMatchObject({ dueMinor: 8500, isNext: true, startNeedsReason: false });
    for (const j of view.days.flatMap((d) => d.jobs)) {
      expect(j).not.toHaveProperty("totalMinor");
      expect(j).not.toHaveProperty("paymentStatus");
    }

    // Team B's technician sees team B's job, and team B's weather day, only.
    const other = await loadStaffDay(t.db, otherTech, NOW);
    expect(other.teamNames).toEqual(["Van B"]);
    expect(other.days.map((d) => d.jobs.map((j) => j.reference))).toEqual([[job("otherTeam").reference], []]);
    expect(other.days.map((d) => d.weather)).toEqual(["Van B only.", null]);

    // A customer or an admin has no technician's day.
    for (const viewer of [customer, admin])
      expect(await loadStaffDay(t.db, viewer, NOW)).toMatchObject({ teamNames: [], days: [] });
  });

  it("lets them start and complete a job of their team, on the timeline as theirs", async () => {
    const id = job("morning").id;
    expect(
      await changeBookingAsAdmin(t.db, tech, "start", { bookingId: id, from: "confirmed" }, { now: NOW }),
    ).toEqual({
      status: "in_progress",
    });
    const later = new Date(NOW.getTime() + 3 * 3600_000);
    expect(
      await changeBookingAsAdmin(
        t.db,
        tech,
        "complete",
        { bookingId: id, from: "in_progress" },
        { now: later },
      ),
    ).toEqual({ status: "completed" });
    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, "status_changed")))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
    expect(events.map((e) => [e.fromValue, e.toValue, e.actorId])).toEqual([
      ["confirmed", "in_progress", tech.id],
      ["in_progress", "completed", tech.id],
    ]);
    expect((await jobCrew(t.db, [id])).get(id)).toEqual({
      startedBy: "Tess Tech",
      completedBy: "Tess Tech",
      names: ["Tess Tech"],
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["booking.start", tech.id],
      ["booking.complete", tech.id],
    ]);
  });

  it("refuses another team's job and the admin's own verbs with NOT_FOUND, and changes nothing", async () => {
    const other = job("otherTeam").id;
    await expect(
      changeBookingAsAdmin(t.db, tech, "start", { bookingId: other, from: "confirmed" }, { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      t.db.transaction((tx) =>
        transitionBooking(tx, {
          bookingId: other,
          to: "in_progress",
          actor: { role: "staff", id: tech.id },
          reason: "Not my van.",
          now: NOW,
        }),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(other)).toBe("confirmed");

    const mine = job("afternoon").id;
    const later = new Date(NOW.getTime() + 6 * 3600_000);
    const refused = [
      ["cancel", mine, "confirmed"],
      ["no_show", mine, "confirmed"],
      ["approve", job("awaiting").id, "awaiting_approval"],
      ["decline", job("awaiting").id, "awaiting_approval"],
    ] as const;
    for (const [verb, bookingId, from] of refused)
      await expect(
        changeBookingAsAdmin(
          t.db,
          tech,
          verb,
          { bookingId, from, reason: "The customer asked." },
          { now: later },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await statusOf(mine)).toBe("confirmed");
    expect(await statusOf(job("awaiting").id)).toBe("awaiting_approval");
    // A missing booking answers the same.
    await expect(
      changeBookingAsAdmin(t.db, tech, "start", { bookingId: crypto.randomUUID(), from: "confirmed" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("records cash or card taken at the door up to what is due; refuses a bank transfer and more than due", async () => {
    const id = job("afternoon").id;
    const pay = (method: "cash" | "card" | "bank_transfer", amountMinor: number, moreThanDue = false) =>
      recordPayment(
        t.db,
        tech,
        {
          bookingId: id,
          from: "confirmed",
          method,
          amountMinor,
          reference: method === "cash" ? null : "T-1",
          moreThanDue,
        },
        { now: NOW },
      );
    const { paymentId } = await pay("cash", 3000);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({
      method: "cash",
      amountMinor: 3000,
      recordedBy: tech.id,
      status: "succeeded",
    });
    const before = (await paymentsOf(id)).length;

    await expect(pay("bank_transfer", 1000)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { method: ["Record cash or card money taken on the day."] },
    });
    // 3500 is due now: more is the office's to record, ticked box or not.
    for (const moreThanDue of [false, true])
      await expect(pay("card", 3600, moreThanDue)).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { amount: ["That is more than the £35.00 due. Ask the office to record more."] },
      });
    expect(await paymentsOf(id)).toHaveLength(before);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking?.amountPaidMinor).toBe(5000);

    // Another team's job, or one not happening, is not theirs to take money for.
    await expect(
      recordPayment(t.db, tech, {
        bookingId: job("otherTeam").id,
        from: "confirmed",
        method: "cash",
        amountMinor: 100,
        reference: null,
        moreThanDue: false,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      recordPayment(
        t.db,
        tech,
        {
          bookingId: job("awaiting").id,
          from: "awaiting_approval",
          method: "cash",
          amountMinor: 100,
          reference: null,
          moreThanDue: false,
        },
        { now: at(3, 8) },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await paymentsOf(job("otherTeam").id)).toHaveLength(0);
    expect(await paymentsOf(job("awaiting").id)).toHaveLength(0);
  });

  it("saves job notes on their own team's jobs only", async () => {
    const id = job("afternoon").id;
    await saveJobNotes(t.db, tech, { bookingId: id, notes: "  Wheel arches were caked.  " }, { now: NOW });
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking?.jobNotes).toBe("Wheel arches were caked.");
    const notes = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, "note")));
    expect(notes.map((n) => [n.actorId, n.data])).toEqual([
      [tech.id, { jobNotes: true, cleared: false, length: 24 }],
    ]);
    // Only the notes' audit row: the job's other rows (its start, a payment) are other tests'.
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audited.filter((a) => a.action.endsWith("_notes")).map((a) => [a.action, a.summary])).toEqual([
      [
        "booking.job_notes",
        { reference: booking?.reference, before: null, after: "Wheel arches were caked." },
      ],
    ]);
    const day = await loadStaffDay(t.db, tech, NOW);
    expect(day.days[0]?.jobs.find((j) => j.id === id)?.jobNotes).toBe("Wheel arches were caked.");

    await expect(
      saveJobNotes(t.db, tech, { bookingId: job("otherTeam").id, notes: "Not mine." }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      saveJobNotes(t.db, tech, { bookingId: job("cancelled").id, notes: "Too late." }, { now: at(4, 8) }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const [other] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, job("otherTeam").id));
    expect(other?.jobNotes).toBeNull();
  });

  it("gives a deactivated technician, and a customer, NOT_FOUND for every job use case", async () => {
    const gone = await insertStaff(t.db, { name: "Gus Gone", teamIds: [vanA] });
    await deactivateStaff(t.db, admin, gone.id);
    const id = job("tomorrow").id;
    const cash = {
      bookingId: id,
      from: "confirmed" as const,
      method: "cash" as const,
      amountMinor: 100,
      reference: null,
      moreThanDue: false,
    };
    // The customer whose booking it is too: working it is the crew's.
    for (const actor of [{ id: gone.id, ip: null }, customer]) {
      await expect(assertBookingCrew(t.db, actor, { teamId: vanA })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(
        changeBookingAsAdmin(
          t.db,
          actor,
          "start",
          { bookingId: id, from: "confirmed", overrideReason: "Early bird." },
          { now: NOW },
        ),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(recordPayment(t.db, actor, cash, { now: NOW })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(saveJobNotes(t.db, actor, { bookingId: id, notes: "Hello." })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(await loadStaffDay(t.db, gone, NOW)).toMatchObject({ teamNames: [], days: [] });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after).toMatchObject({ status: "confirmed", jobNotes: null, amountPaidMinor: 0 });
    expect(await paymentsOf(id)).toHaveLength(0);
    expect(await assertBookingCrew(t.db, tech, { teamId: vanA })).toBe("staff");
    expect(await assertBookingCrew(t.db, admin, { teamId: vanB })).toBe("admin");
  });

  it("streams a technician only the schedule's changes among the admins' events", async () => {
    const staffViewer: Viewer = { userId: tech.id, role: "staff" };
    const adminViewer: Viewer = { userId: admin.id, role: "admin" };
    const customerViewer: Viewer = { userId: customer.id, role: "customer" };
    const admins = (type: string) => ({ audience: "admins" as const, userId: null, type });
    expect(canSee(staffViewer, admins("schedule.changed"))).toBe(true);
    for (const type of ["booking.updated", "email.status", "settings.updated", undefined])
      expect(canSee(staffViewer, { audience: "admins", userId: null, type })).toBe(false);
    expect(canSee(customerViewer, admins("schedule.changed"))).toBe(false);
    expect(canSee(staffViewer, { audience: "user", userId: tech.id })).toBe(true);
    expect(canSee(staffViewer, { audience: "user", userId: customer.id })).toBe(false);

    const hub = new EventHub(t);
    try {
      const [{ last } = { last: 0 }] = await t.db.select({ last: max(liveEvents.id) }).from(liveEvents);
      const after = Number(last ?? 0);
      await t.db.transaction(async (tx) => {
        await publish(
          tx,
          "booking.updated",
          { audience: "admins" },
          { bookingId: "b", reference: "R", status: "confirmed" },
        );
        await publish(tx, "schedule.changed", { audience: "admins" }, { from: "a", to: "b", teamId: vanA });
        await publish(
          tx,
          "email.status",
          { audience: "admins" },
          { emailId: "e", status: "sent", template: "x" },
        );
        await publish(
          tx,
          "booking.updated",
          { audience: "user", userId: customer.id },
          { bookingId: "b", reference: "C", status: "confirmed" },
        );
      });
      expect((await hub.since(staffViewer, after)).map((e) => e.type)).toEqual(["schedule.changed"]);
      expect((await hub.since(adminViewer, after)).map((e) => e.type)).toEqual([
        "booking.updated",
        "schedule.changed",
        "email.status",
      ]);
      expect((await hub.since(customerViewer, after)).map((e) => e.payload)).toMatchObject([
        { reference: "C" },
      ]);
    } finally {
      await hub.close();
    }
  });
});
