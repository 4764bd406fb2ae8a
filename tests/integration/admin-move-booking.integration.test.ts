import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { moveBookingInput, reassignTeamInput } from "@/modules/booking-moves/schemas";
import { getBookingSlotDay, moveBookingAsAdmin, reassignBookingTeam } from "@/modules/booking-moves/server";
import { getAdminBookingPage } from "@/modules/bookings/server/admin/admin-booking-view";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, auditLog, bookingEvents, bookings, emails, liveEvents } from "@/server/db/schema";
import {
  insertBlock,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Move and Reassign team on /admin/bookings/{id}: the time (or team) changes in one transaction with the
// old allocation released and a new one held, the timeline, the audit row, the customer's email with the
// calendar file (SEQUENCE raised) and live events; the business's rules unless overridden with a reason
// (audited as an override); the database's guard refusing a real overlap, naming what is in the way; a
// stale page refused with what the booking is now — and every refusal writes nothing.

// Monday, 11 January 2027, 09:00 GMT (London = UTC in winter: local hours are UTC hours).
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));

describe.each(dbKinds)("moving and reassigning a booking, on %s", (kind) => {
  let t: TestDatabase;
  let teamA: { id: string; name: string };
  let teamB: { id: string; name: string };
  let customer: { id: string; email: string };
  let adminId: string;
  const actor = () => ({ id: adminId, ip: "203.0.113.7" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 720,
      horizonDays: 60,
    });
    const week: Record<number, [number, number][]> = {};
    for (let d = 1; d <= 7; d++) week[d] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, week);
    teamA = await insertTeam(t.db, { name: "Alpha" });
    teamB = await insertTeam(t.db, { name: "Bravo" });
    customer = await insertUser(t.db, { name: "Ada Guest" });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const book = (startsAt: Date, status: BookingStatus = "confirmed", teamId = teamA.id) =>
    insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt,
      status,
      paidMinor: status === "confirmed" ? 8500 : 0,
      holdExpiresAt: status === "pending_payment" ? new Date(NOW.getTime() + 30 * 60_000) : null,
    });

  async function snapshot(bookingId: string) {
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const allocs = await t.db
      .select()
      .from(allocations)
      .where(eq(allocations.bookingId, bookingId))
      .orderBy(asc(allocations.createdAt), asc(allocations.id));
    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
    const mail = await t.db.select().from(emails).where(eq(emails.bookingId, bookingId));
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, bookingId)));
    const live = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${bookingId}`);
    return { booking, allocs, events, mail, audits, live: live.length };
  }

  const shown = (b: { id: string; status: BookingStatus; startsAt: Date; teamId: string }) => ({
    bookingId: b.id,
    from: b.status,
    fromStart: b.startsAt,
    fromTeamId: b.teamId,
  });
  const move = (input: Record<string, unknown>, now = NOW) =>
    moveBookingAsAdmin(t.db, actor(), moveBookingInput.parse(input), { now });
  const iso = (d: Date) => d.toISOString();

  it("moves a confirmed booking: new allocation, old one released, timeline, audit, email with the new calendar file", async () => {
    const b = await book(at(14, 9));
    const before = await snapshot(b.id);
    const result = await move({
      ...shown(b),
      fromStart: iso(b.startsAt),
      start: iso(at(15, 13)),
      teamId: teamB.id,
      reason: "Customer phoned: Friday suits better.",
    });
    expect(result).toMatchObject({ startsAt: iso(at(15, 13)), endsAt: iso(at(15, 16)), teamId: teamB.id });
    const after = await snapshot(b.id);
    expect(after.booking).toMatchObject({
      status: "confirmed",
      teamId: teamB.id,
      sequence: (before.booking?.sequence ?? -1) + 1,
      totalMinor: before.booking?.totalMinor,
      amountPaidMinor: 8500,
    });
    expect(after.allocs.map((a) => [a.teamId, a.status])).toEqual([
      [teamA.id, "released"],
      [teamB.id, "confirmed"],
    ]);
    expect(after.allocs[1]?.during).toEqual({ start: at(15, 13), end: at(15, 16) });
    const event = after.events.at(-1);
    expect(event).toMatchObject({ type: "rescheduled", actorId: adminId, toValue: iso(at(15, 13)) });
    expect(event?.data).toMatchObject({
      reason: "Customer phoned: Friday suits better.",
      override: false,
      fromTeam: "Alpha",
      toTeam: "Bravo",
      fromLabel: "Thursday, 14 January 2027, 09:00 GMT – 12:00 GMT",
      toLabel: "Friday, 15 January 2027, 13:00 GMT – 16:00 GMT",
    });
    expect(after.audits).toHaveLength(1);
    expect(after.audits[0]).toMatchObject({ action: "booking.move", actorId: adminId, ip: "203.0.113.7" });
    const moved = after.mail.filter((m) => m.template === "booking-moved");
    expect(moved).toHaveLength(1);
    expect(moved[0]?.to).toBe(customer.email);
    const ics = Buffer.from(moved[0]?.attachments[0]?.content ?? "", "base64").toString("utf8");
    expect(ics).toContain("SEQUENCE:1");
    expect(ics).toContain("DTSTART:20270115T130000Z");
    const rendered = await renderTemplate("booking-moved", moved[0]?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Was: Thursday, 14 January 2027, 09:00 GMT – 12:00 GMT");
    expect(rendered.text).toContain("Now: Friday, 15 January 2027, 13:00 GMT – 16:00 GMT");
    expect(after.live).toBeGreaterThan(before.live);
    // The timeline says it in words.
    const page = await getAdminBookingPage(t.db, b.id, NOW);
    expect(page?.timeline.at(-1)).toMatchObject({
      what: "Moved: Thursday, 14 January 2027, 09:00 GMT – 12:00 GMT → Friday, 15 January 2027, 13:00 GMT – 16:00 GMT (Alpha → Bravo)",
      why: "Customer phoned: Friday suits better.",
      who: "Owner (admin)",
    });
  });

  it("moves onto a time that overlaps its own old time, keeping a pending booking's hold and money", async () => {
    const b = await book(at(18, 9), "pending_payment");
    await move({ ...shown(b), fromStart: iso(b.startsAt), start: iso(at(18, 10)), teamId: teamA.id });
    const after = await snapshot(b.id);
    expect(after.booking).toMatchObject({
      status: "pending_payment",
      startsAt: at(18, 10),
      totalMinor: 8500,
    });
    expect(after.allocs.at(-1)).toMatchObject({ status: "pending_payment", holdExpiresAt: b.holdExpiresAt });
    // No calendar file for a booking that is not confirmed yet, but the customer is told.
    const mail = after.mail.find((m) => m.template === "booking-moved");
    expect(mail?.attachments).toEqual([]);
  });

  it("refuses a move onto a taken time without override, naming the booking in the way, and writes nothing", async () => {
    const other = await book(at(19, 12));
    const b = await book(at(19, 8));
    const before = await snapshot(b.id);
    await expect(
      move({ ...shown(b), fromStart: iso(b.startsAt), start: iso(at(19, 13)), teamId: teamA.id }),
    ).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: `That team is busy then: booking ${other.reference}, 12:00 GMT–15:00 GMT is in the way.`,
      fieldErrors: { start: [expect.stringContaining(other.reference)] },
    });
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("refuses a time outside the hours without override; overriding with a reason moves it, audited", async () => {
    const b = await book(at(20, 9));
    const input = { ...shown(b), fromStart: iso(b.startsAt), start: iso(at(20, 19)), teamId: teamA.id };
    const before = await snapshot(b.id);
    await expect(move(input)).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: expect.stringContaining("outside the team's hours"),
    });
    expect(await snapshot(b.id)).toEqual(before);
    // Override needs a reason.
    expect(moveBookingInput.safeParse({ ...input, override: true }).error?.issues[0]).toMatchObject({
      path: ["reason"],
    });
    await move({ ...input, override: true, reason: "Evening job agreed with the team." });
    const after = await snapshot(b.id);
    expect(after.booking?.startsAt).toEqual(at(20, 19));
    expect(after.audits[0]).toMatchObject({ action: "booking.move_override" });
    expect(after.audits[0]?.summary).toMatchObject({
      override: true,
      reason: "Evening job agreed with the team.",
    });
    expect(after.events.at(-1)?.data).toMatchObject({ override: true });
  });

  it("overriding still cannot double-book: the guard's refusal names the block in the way, nothing written", async () => {
    await insertBlock(t.db, {
      teamId: teamA.id,
      startsAt: at(21, 12),
      endsAt: at(21, 14),
      reason: "Van service",
    });
    const b = await book(at(21, 8));
    const before = await snapshot(b.id);
    await expect(
      move({
        ...shown(b),
        fromStart: iso(b.startsAt),
        start: iso(at(21, 13)),
        teamId: teamA.id,
        override: true,
        reason: "Squeeze it in.",
      }),
    ).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: "That team is busy then: a block (Van service), 12:00 GMT–14:00 GMT is in the way.",
    });
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("refuses a stale page (status or time changed meanwhile) with what the booking is now", async () => {
    const b = await book(at(22, 9));
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, b.id));
    const before = await snapshot(b.id);
    await expect(
      move({ ...shown(b), fromStart: iso(b.startsAt), start: iso(at(22, 13)), teamId: teamA.id }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This booking changed: it is now Cancelled." });
    expect(await snapshot(b.id)).toEqual(before);

    const c = await book(at(25, 9));
    await move({ ...shown(c), fromStart: iso(c.startsAt), start: iso(at(25, 13)), teamId: teamA.id });
    const once = await snapshot(c.id);
    await expect(
      move({ ...shown(c), fromStart: iso(c.startsAt), start: iso(at(25, 14)), teamId: teamA.id }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This booking changed: it is now Monday, 25 January 2027, 13:00 GMT – 16:00 GMT with Alpha.",
    });
    expect(await snapshot(c.id)).toEqual(once);
  });

  it("refuses an ended booking and anyone who is not an admin", async () => {
    const done = await book(at(26, 9), "completed");
    await expect(
      move({ ...shown(done), fromStart: iso(done.startsAt), start: iso(at(26, 13)), teamId: teamA.id }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const b = await book(at(27, 9));
    const before = await snapshot(b.id);
    await expect(
      moveBookingAsAdmin(
        t.db,
        { id: customer.id },
        moveBookingInput.parse({
          ...shown(b),
          fromStart: iso(b.startsAt),
          start: iso(at(27, 13)),
          teamId: teamA.id,
        }),
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("reassigns to a free team at the same time; a busy team is refused with what is in the way", async () => {
    const b = await book(at(28, 9));
    const busy = await book(at(28, 10), "confirmed", teamB.id);
    const before = await snapshot(b.id);
    const reassign = (input: Record<string, unknown>) =>
      reassignBookingTeam(t.db, actor(), reassignTeamInput.parse(input), { now: NOW });
    await expect(
      reassign({ ...shown(b), fromStart: iso(b.startsAt), teamId: teamB.id }),
    ).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: expect.stringContaining(`booking ${busy.reference}`),
      fieldErrors: { teamId: [expect.any(String)] },
    });
    await expect(
      reassign({ ...shown(b), fromStart: iso(b.startsAt), teamId: teamB.id, override: true, reason: "Try." }),
    ).rejects.toMatchObject({ code: "SLOT_TAKEN", message: expect.stringContaining(busy.reference) });
    expect(await snapshot(b.id)).toEqual(before);

    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, busy.id));
    await t.db.update(allocations).set({ status: "released" }).where(eq(allocations.bookingId, busy.id));
    await reassign({ ...shown(b), fromStart: iso(b.startsAt), teamId: teamB.id });
    const after = await snapshot(b.id);
    expect(after.booking).toMatchObject({ teamId: teamB.id, startsAt: at(28, 9), sequence: 0 });
    expect(after.events.at(-1)).toMatchObject({
      type: "team_changed",
      fromValue: teamA.id,
      toValue: teamB.id,
    });
    expect(after.audits[0]).toMatchObject({ action: "booking.reassign" });
    expect(after.mail.filter((m) => m.template === "booking-moved")).toEqual([]);
    expect(after.allocs.map((a) => [a.teamId, a.status])).toEqual([
      [teamA.id, "released"],
      [teamB.id, "confirmed"],
    ]);
  });

  it("offers the booking's own time among its alternatives in the picker", async () => {
    const b = await book(at(29, 10));
    const other = await book(at(29, 10), "confirmed", teamB.id);
    const day = await getBookingSlotDay(t.db, actor(), { bookingId: b.id, date: "2027-01-29" }, { now: NOW });
    expect(day.dateLabel).toBe("Friday, 29 January 2027");
    expect(day.teams.map((x) => x.name)).toEqual(["Alpha", "Bravo"]);
    const slot = day.slots.find((s) => s.label === "10:30 GMT");
    // Alpha's own booking does not block it; Bravo's other booking does.
    expect(slot?.teamIds).toEqual([teamA.id]);
    expect(other.teamId).toBe(teamB.id);
    await expect(
      getBookingSlotDay(t.db, { id: customer.id }, { bookingId: b.id, date: "2027-01-29" }, { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
