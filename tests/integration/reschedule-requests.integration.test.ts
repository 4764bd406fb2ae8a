import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserve } from "@/modules/availability/server";
import {
  counterOfferInput,
  declineRescheduleInput,
  requestRescheduleInput,
} from "@/modules/reschedule/reschedule-schemas";
import {
  acceptRescheduleOffer,
  approveReschedule,
  counterOfferReschedule,
  declineReschedule,
  declineRescheduleOffer,
  getMyReschedulePanel,
  getRescheduleSlotDay,
  listMyRescheduleAnswers,
  listRescheduleRequests,
  countPendingRescheduleRequests,
  requestReschedule,
  withdrawReschedule,
} from "@/modules/reschedule/server";
import { expireHolds, transitionBooking } from "@/modules/bookings/server";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import {
  allocations,
  auditLog,
  bookingEvents,
  bookings,
  emails,
  liveEvents,
  rescheduleRequests,
} from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Reschedule requests end to end (issue 14): the customer asks (the time held for a team in the same
// transaction; the booking's own time does not block its alternatives), withdraws, the business
// approves (the admin's move path: the hold becomes the booking's allocation), declines with a reason or
// offers another time (held the same way) that the customer accepts or declines; expiry by the job and
// inside the transaction; the races; the held time blocking other bookings.

// Monday, 11 January 2027, 09:00 GMT (London = UTC in winter).
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));
const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();
function must<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error("expected a value");
  return v;
}

describe.each(dbKinds)("reschedule requests, on %s", (kind) => {
  let t: TestDatabase;
  let teamA: { id: string; name: string };
  let teamB: { id: string; name: string };
  let customer: { id: string; email: string };
  let stranger: { id: string };
  let adminId: string;
  let admin2Id: string;
  const admin = () => ({ id: adminId, ip: "203.0.113.7" });
  const me = () => ({ id: customer.id, ip: "198.51.100.4" });

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
      rescheduleCutoffHours: 24,
      rescheduleRequestExpiryHours: 48,
    });
    const week: Record<number, [number, number][]> = {};
    for (let d = 1; d <= 7; d++) week[d] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, week);
    teamA = await insertTeam(t.db, { name: "Alpha", sortOrder: 1 });
    teamB = await insertTeam(t.db, { name: "Bravo", sortOrder: 2 });
    customer = await insertUser(t.db, { name: "Ada Guest" });
    stranger = await insertUser(t.db, { name: "Someone Else" });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    admin2Id = (await insertUser(t.db, { name: "Office", role: "admin" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const book = (startsAt: Date, status: "confirmed" | "pending_payment" = "confirmed", teamId = teamA.id) =>
    insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt,
      status,
      paidMinor: status === "confirmed" ? 8500 : 0,
      holdExpiresAt: status === "pending_payment" ? new Date(NOW.getTime() + 30 * 60_000) : null,
    });

  const ask = (bookingId: string, start: Date, now = NOW, reason = "Work trip moved.") =>
    requestReschedule(t.db, me(), requestRescheduleInput.parse({ bookingId, start: iso(start), reason }), {
      now,
    });

  async function snapshot(bookingId: string) {
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const allocs = await t.db
      .select()
      .from(allocations)
      .where(eq(allocations.bookingId, bookingId))
      .orderBy(asc(allocations.createdAt), asc(allocations.id));
    const requests = await t.db
      .select()
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.bookingId, bookingId))
      // A counter-offer is made in the transaction that declines its request: it comes after it.
      .orderBy(
        asc(rescheduleRequests.createdAt),
        asc(sql`${rescheduleRequests.counterToId} IS NOT NULL`),
        asc(rescheduleRequests.id),
      );
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
      .select({ id: liveEvents.id, type: liveEvents.type, audience: liveEvents.audience })
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${bookingId}`);
    return { booking, allocs, requests, events, mail, audits, live };
  }
  const holds = (s: Awaited<ReturnType<typeof snapshot>>) =>
    s.allocs.filter((a) => a.kind === "reschedule_hold");

  it("a request holds the time for a team, with the expiry setting, a timeline line, the business's email and live events", async () => {
    const b = await book(at(20, 9));
    const before = await snapshot(b.id);
    const out = await ask(b.id, at(21, 13));
    const after = await snapshot(b.id);
    expect(out.status).toBe("pending");
    expect(after.requests).toHaveLength(1);
    const r = must(after.requests[0]);
    // Far from the cut-off: the setting (48 h) decides.
    expect(r).toMatchObject({
      status: "pending",
      requestedStartsAt: at(21, 13),
      requestedEndsAt: at(21, 16),
      reason: "Work trip moved.",
      counterToId: null,
      expiresAt: new Date(NOW.getTime() + 48 * HOUR),
    });
    expect(holds(after)).toHaveLength(1);
    expect(holds(after)[0]).toMatchObject({
      status: "pending_reschedule",
      rescheduleRequestId: r.id,
      teamId: r.teamId,
      holdExpiresAt: r.expiresAt,
      during: { start: at(21, 13), end: at(21, 16) },
    });
    // The booking itself is unchanged.
    expect(after.booking).toEqual(before.booking);
    const events = after.events.slice(before.events.length);
    expect(events.map((e) => [e.type, e.toValue])).toEqual([
      ["reschedule_requested", iso(at(21, 13))],
      ["email_sent", "business"],
    ]);
    const mail = after.mail.filter((m) => m.template === "reschedule-request-admin");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe("hello@shine.test");
    const rendered = await renderTemplate("reschedule-request-admin", mail[0]?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Now: Wednesday, 20 January 2027, 09:00 GMT – 12:00 GMT");
    expect(rendered.text).toContain("Asked for: Thursday, 21 January 2027, 13:00 GMT – 16:00 GMT");
    expect(rendered.text).toContain("Reason: Work trip moved.");
    expect(after.live.length).toBeGreaterThan(before.live.length);
    expect(after.live.some((l) => l.audience === "user")).toBe(true);
    expect(await countPendingRescheduleRequests(t.db, NOW)).toBeGreaterThanOrEqual(1);
  });

  it("close to the start the request lapses at the cut-off, not the setting", async () => {
    const b = await book(at(13, 12));
    await ask(b.id, at(13, 8));
    const [r] = (await snapshot(b.id)).requests;
    expect(r?.expiresAt).toEqual(new Date(at(13, 12).getTime() - 24 * HOUR));
  });

  it("the booking's own time does not block its alternatives: a time overlapping it can be held", async () => {
    const b = await book(at(22, 9), "confirmed", teamA.id);
    // Bravo is busy all day: only Alpha (the booking's own team, at an overlapping time) can hold it.
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamB.id,
      startsAt: at(22, 8),
      endsAt: at(22, 18),
    });
    const day = await getRescheduleSlotDay(t.db, me(), { bookingId: b.id, date: "2027-01-22" }, { now: NOW });
    expect(day.slots.map((s) => s.label)).toContain("10:00 GMT");
    expect(day.slots.map((s) => s.start)).not.toContain(iso(at(22, 9)));
    await ask(b.id, at(22, 10));
    const s = await snapshot(b.id);
    expect(holds(s)[0]).toMatchObject({ teamId: teamA.id, during: { start: at(22, 10), end: at(22, 13) } });
  });

  it("the held time blocks other bookings, in the slot engine and in reserve()", async () => {
    const b = await book(at(23, 9), "confirmed", teamA.id);
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamB.id,
      startsAt: at(23, 8),
      endsAt: at(23, 18),
    });
    await ask(b.id, at(23, 14));
    const other = await book(at(25, 9), "confirmed", teamA.id);
    const day = await getRescheduleSlotDay(
      t.db,
      me(),
      { bookingId: other.id, date: "2027-01-23" },
      { now: NOW },
    );
    // 14:00–17:00 on Alpha is held: nothing from 11:30 (which would end inside it) is offered.
    expect(day.slots.map((s) => s.label)).not.toContain("14:00 GMT");
    expect(day.slots.map((s) => s.label)).not.toContain("12:00 GMT");
    const attempt = await reserve(t.db, {
      durationMinutes: 60,
      zoneBufferMinutes: 0,
      start: at(23, 15),
      now: NOW,
      createOwner: async () => ({ owner: null, allocation: null }),
    });
    expect(attempt).toMatchObject({ ok: false, reason: "taken" });
  });

  it("refuses on the server: after the cut-off, a second pending request, an unconfirmed booking, the current time — writing nothing", async () => {
    const soon = await book(at(12, 8));
    const before = await snapshot(soon.id);
    await expect(ask(soon.id, at(12, 14))).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("too close to the booking"),
    });
    expect(await snapshot(soon.id)).toEqual(before);

    const b = await book(at(26, 9));
    await ask(b.id, at(26, 13));
    const mid = await snapshot(b.id);
    await expect(ask(b.id, at(26, 14))).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("already asked"),
    });
    await expect(ask(b.id, at(26, 9))).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await snapshot(b.id)).toEqual(mid);

    const unpaid = await book(at(27, 9), "pending_payment");
    await expect(ask(unpaid.id, at(27, 13))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Only a confirmed booking can be moved to a new time.",
    });

    const c = await book(at(28, 9));
    await expect(ask(c.id, at(28, 9))).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { start: [expect.any(String)] },
    });
  });

  it("someone else's booking or request is not there for a customer", async () => {
    const b = await book(at(29, 9));
    const { requestId } = await ask(b.id, at(29, 13));
    const other = { id: stranger.id };
    await expect(
      requestReschedule(
        t.db,
        other,
        requestRescheduleInput.parse({ bookingId: b.id, start: iso(at(29, 14)) }),
        {
          now: NOW,
        },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(withdrawReschedule(t.db, other, { requestId }, { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      getRescheduleSlotDay(t.db, other, { bookingId: b.id, date: "2027-01-29" }, { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getMyReschedulePanel(t.db, stranger.id, b.id, NOW)).toBeNull();
    // A customer is not an admin.
    await expect(approveReschedule(t.db, me(), { requestId }, { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("a request for a time taken meanwhile is refused with a fresh list", async () => {
    const b = await book(at(30, 9), "confirmed", teamA.id);
    // Both teams become busy at 14:00 after the customer's picker was loaded.
    const shown = await getRescheduleSlotDay(
      t.db,
      me(),
      { bookingId: b.id, date: "2027-01-30" },
      { now: NOW },
    );
    expect(shown.slots.map((s) => s.label)).toContain("14:00 GMT");
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamB.id,
      startsAt: at(30, 13),
      endsAt: at(30, 18),
    });
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamA.id,
      startsAt: at(30, 14),
      endsAt: at(30, 15),
    });
    const before = await snapshot(b.id);
    await expect(ask(b.id, at(30, 14))).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: "That time was just taken. Please choose another.",
      fieldErrors: { start: [expect.any(String)] },
    });
    expect(await snapshot(b.id)).toEqual(before);
    const fresh = await getRescheduleSlotDay(
      t.db,
      me(),
      { bookingId: b.id, date: "2027-01-30" },
      { now: NOW },
    );
    expect(fresh.slots.map((s) => s.label)).not.toContain("14:00 GMT");
  });

  it("withdraw frees the held time at once; a new request can follow", async () => {
    const b = await book(at(14, 9));
    const { requestId } = await ask(b.id, at(15, 9));
    await withdrawReschedule(t.db, me(), { requestId }, { now: NOW });
    const s = await snapshot(b.id);
    expect(s.requests[0]).toMatchObject({ status: "withdrawn", decidedBy: customer.id });
    expect(holds(s)[0]).toMatchObject({ status: "released" });
    expect(s.events.at(-1)).toMatchObject({ type: "reschedule_decided", toValue: "withdrawn" });
    await expect(withdrawReschedule(t.db, me(), { requestId }, { now: NOW })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("withdrew"),
    });
    // The same time is free again and can be asked for once more.
    await ask(b.id, at(15, 9));
  });

  it("approve moves the booking to the held time in one transaction: hold becomes its allocation, SEQUENCE raised, moved email with the .ics, money unchanged", async () => {
    const b = await book(at(16, 9), "confirmed", teamA.id);
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamA.id,
      startsAt: at(17, 8),
      endsAt: at(17, 18),
    });
    const { requestId } = await ask(b.id, at(17, 10));
    const before = await snapshot(b.id);
    const hold = must(holds(before)[0]);
    expect(hold.teamId).toBe(teamB.id);
    await approveReschedule(t.db, admin(), { requestId }, { now: NOW });
    const after = await snapshot(b.id);
    expect(after.booking).toMatchObject({
      status: "confirmed",
      startsAt: at(17, 10),
      endsAt: at(17, 13),
      teamId: teamB.id,
      sequence: must(before.booking).sequence + 1,
      totalMinor: must(before.booking).totalMinor,
      amountPaidMinor: 8500,
      accessToken: must(before.booking).accessToken,
    });
    // The old time freed; the hold is now the booking's own allocation (same row), no new row.
    expect(after.allocs.map((a) => [a.id, a.kind, a.status])).toEqual([
      [must(before.allocs[0]).id, "booking", "released"],
      [hold.id, "booking", "confirmed"],
    ]);
    expect(after.allocs[1]?.holdExpiresAt).toBeNull();
    expect(after.requests[0]).toMatchObject({ status: "approved", decidedBy: adminId });
    const events = after.events.slice(before.events.length).map((e) => [e.type, e.toValue]);
    expect(events).toEqual([
      ["reschedule_decided", "approved"],
      ["rescheduled", iso(at(17, 10))],
    ]);
    expect(after.audits.map((a) => a.action)).toEqual(["reschedule.approve"]);
    const moved = after.mail.filter((m) => m.template === "booking-moved");
    expect(moved).toHaveLength(1);
    const ics = Buffer.from(moved[0]?.attachments[0]?.content ?? "", "base64").toString("utf8");
    expect(ics).toContain(`SEQUENCE:${must(before.booking).sequence + 1}`);
    expect(ics).toContain("DTSTART:20270117T100000Z");
    expect(ics).toMatch(/UID:[^\r\n]+/);
    const rendered = await renderTemplate("booking-moved", moved[0]?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.subject).toContain("Request approved");
    expect(rendered.text).toContain("approved your request");
    expect(after.live.length).toBeGreaterThan(before.live.length);
    // The customer's overview says it moved.
    const answers = await listMyRescheduleAnswers(t.db, customer.id, NOW);
    expect(answers.find((a) => a.bookingId === b.id)).toMatchObject({ kind: "approved" });
    // Answering again: already approved.
    await expect(approveReschedule(t.db, admin(), { requestId }, { now: NOW })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This request was already approved: the booking has moved.",
    });
  });

  it("decline needs a reason; the customer is emailed it, the held time is freed and the booking stays", async () => {
    expect(
      declineRescheduleInput.safeParse({ requestId: crypto.randomUUID(), reason: " " }).error?.issues[0],
    ).toMatchObject({
      path: ["reason"],
    });
    const b = await book(at(18, 9));
    const { requestId } = await ask(b.id, at(19, 9));
    const before = await snapshot(b.id);
    await declineReschedule(
      t.db,
      admin(),
      declineRescheduleInput.parse({ requestId, reason: "We're fully booked that morning." }),
      { now: NOW },
    );
    const after = await snapshot(b.id);
    expect(after.booking).toEqual(before.booking);
    expect(after.requests[0]).toMatchObject({
      status: "declined",
      adminResponse: "We're fully booked that morning.",
      decidedBy: adminId,
    });
    expect(holds(after)[0]).toMatchObject({ status: "released" });
    const mail = after.mail.filter((m) => m.template === "reschedule-declined");
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(customer.email);
    const rendered = await renderTemplate("reschedule-declined", mail[0]?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Reason: We're fully booked that morning.");
    expect(after.audits.map((a) => a.action)).toEqual(["reschedule.decline"]);
    const panel = await getMyReschedulePanel(t.db, customer.id, b.id, NOW);
    expect(panel?.answer).toMatchObject({ status: "declined", message: "We're fully booked that morning." });
    expect(panel?.canRequest).toBe(true);
  });

  it("counter-offer: held for the chosen team, emailed; only the customer answers it; accepting moves the booking", async () => {
    const b = await book(at(24, 9), "confirmed", teamA.id);
    const { requestId } = await ask(b.id, at(24, 14));
    const invalid = counterOfferInput.safeParse({
      requestId,
      start: iso(at(25, 10)),
      teamId: teamB.id,
      message: "",
    });
    expect(invalid.error?.issues[0]).toMatchObject({ path: ["message"] });
    const offered = await counterOfferReschedule(
      t.db,
      admin(),
      counterOfferInput.parse({
        requestId,
        start: iso(at(25, 10)),
        teamId: teamB.id,
        message: "Friday afternoon is gone; Monday morning?",
      }),
      { now: NOW },
    );
    const mid = await snapshot(b.id);
    expect(mid.requests.map((r) => [r.status, r.counterToId])).toEqual([
      ["declined", null],
      ["pending", requestId],
    ]);
    expect(mid.requests[0]?.adminResponse).toBe("Friday afternoon is gone; Monday morning?");
    expect(holds(mid).map((h) => [h.status, h.teamId])).toEqual([
      ["released", teamA.id],
      ["pending_reschedule", teamB.id],
    ]);
    const mail = mid.mail.filter((m) => m.template === "reschedule-offer");
    expect(mail).toHaveLength(1);
    const rendered = await renderTemplate("reschedule-offer", mail[0]?.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Offered: Monday, 25 January 2027, 10:00 GMT – 13:00 GMT");
    expect(rendered.text).toContain(`/dashboard/bookings/${b.id}`);
    // The business cannot approve its own offer; the customer cannot withdraw it.
    await expect(
      approveReschedule(t.db, admin(), { requestId: offered.requestId }, { now: NOW }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      withdrawReschedule(t.db, me(), { requestId: offered.requestId }, { now: NOW }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const panel = await getMyReschedulePanel(t.db, customer.id, b.id, NOW);
    expect(panel?.pending).toMatchObject({ id: offered.requestId, isOffer: true });
    expect(
      (await listMyRescheduleAnswers(t.db, customer.id, NOW)).find((a) => a.bookingId === b.id),
    ).toMatchObject({
      kind: "offer",
    });
    const queue = await listRescheduleRequests(t.db, admin(), "pending", NOW);
    expect(queue.rows.find((r) => r.id === offered.requestId)).toMatchObject({
      waitingFor: "customer",
      isOffer: true,
    });

    await acceptRescheduleOffer(t.db, me(), { requestId: offered.requestId }, { now: NOW });
    const after = await snapshot(b.id);
    expect(after.booking).toMatchObject({
      startsAt: at(25, 10),
      teamId: teamB.id,
      sequence: must(mid.booking).sequence + 1,
    });
    expect(after.requests[1]).toMatchObject({ status: "approved", decidedBy: customer.id });
    expect(after.audits.map((a) => a.action)).toContain("reschedule.accept_offer");
    expect(after.mail.filter((m) => m.template === "booking-moved")).toHaveLength(1);
  });

  it("counter-offer declined by the customer: the booking stays and the offered time is freed", async () => {
    const b = await book(at(31, 9), "confirmed", teamA.id);
    const { requestId } = await ask(b.id, at(31, 13));
    const offered = await counterOfferReschedule(
      t.db,
      admin(),
      counterOfferInput.parse({
        requestId,
        start: iso(at(31, 14)),
        teamId: teamB.id,
        message: "Can we say 14:00?",
      }),
      { now: NOW },
    );
    const before = await snapshot(b.id);
    await declineRescheduleOffer(t.db, me(), { requestId: offered.requestId }, { now: NOW });
    const after = await snapshot(b.id);
    expect(after.booking).toEqual(before.booking);
    expect(after.requests[1]).toMatchObject({ status: "declined", decidedBy: customer.id });
    expect(holds(after).every((h) => h.status === "released")).toBe(true);
  });

  it("a counter-offer on a taken time is refused and leaves the request pending", async () => {
    const b = await book(at(32, 9), "confirmed", teamA.id);
    await insertBooking(t.db, {
      customerId: stranger.id,
      teamId: teamB.id,
      startsAt: at(33, 8),
      endsAt: at(33, 18),
    });
    const { requestId } = await ask(b.id, at(32, 13));
    const before = await snapshot(b.id);
    await expect(
      counterOfferReschedule(
        t.db,
        admin(),
        counterOfferInput.parse({
          requestId,
          start: iso(at(33, 10)),
          teamId: teamB.id,
          message: "How about this?",
        }),
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "SLOT_TAKEN" });
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("expiry: the job closes a lapsed request and frees its time; approval after expiry is refused even before the job runs", async () => {
    const b = await book(at(20, 13));
    const { requestId } = await ask(b.id, at(19, 14));
    const [r] = (await snapshot(b.id)).requests.filter((x) => x.id === requestId);
    const later = new Date(must(r).expiresAt.getTime() + 60_000);
    // In the transaction: refused, nothing changes.
    const before = await snapshot(b.id);
    await expect(approveReschedule(t.db, admin(), { requestId }, { now: later })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("expired"),
    });
    expect(await snapshot(b.id)).toEqual(before);
    // Not yet lapsed for the job a minute earlier.
    await expireHolds(t.db, { now: new Date(must(r).expiresAt.getTime() - 60_000) });
    expect((await snapshot(b.id)).requests.find((x) => x.id === requestId)?.status).toBe("pending");
    const expired = await expireHolds(t.db, { now: later });
    expect(expired.rescheduleRequestIds).toContain(requestId);
    const after = await snapshot(b.id);
    expect(after.requests.find((x) => x.id === requestId)).toMatchObject({ status: "expired" });
    expect(holds(after).find((h) => h.rescheduleRequestId === requestId)).toMatchObject({
      status: "expired",
    });
    expect(after.events.at(-1)).toMatchObject({ type: "reschedule_decided", toValue: "expired" });
    expect(after.booking).toEqual(before.booking);
    expect(after.live.length).toBeGreaterThan(before.live.length);
  });

  it("in the transaction: a lapsed request the job has not closed is closed by the next request", async () => {
    const b = await book(at(34, 9, 30));
    const { requestId } = await ask(b.id, at(34, 12, 30));
    const [r] = (await snapshot(b.id)).requests;
    const later = new Date(must(r).expiresAt.getTime() + 60_000);
    await ask(b.id, at(34, 13, 30), later);
    const s = await snapshot(b.id);
    expect(s.requests.map((x) => x.status)).toEqual(["expired", "pending"]);
    expect(holds(s).map((h) => h.status)).toEqual(["expired", "pending_reschedule"]);
    expect(s.requests[0]?.id).toBe(requestId);
  });

  it("a booking that is cancelled closes its pending request and frees the held time", async () => {
    const b = await book(at(21, 8));
    const { requestId } = await ask(b.id, at(21, 8, 30));
    await t.db.transaction((tx) =>
      transitionBooking(tx, {
        bookingId: b.id,
        to: "cancelled",
        actor: { id: adminId, role: "admin" },
        reason: "Customer phoned to cancel.",
        now: NOW,
      }),
    );
    const s = await snapshot(b.id);
    expect(s.requests.find((r) => r.id === requestId)).toMatchObject({ status: "expired" });
    expect(holds(s).every((h) => h.status !== "pending_reschedule")).toBe(true);
  });

  it("two admins approving at once: one approval, the other told it was already approved", async () => {
    const b = await book(at(35, 9));
    const { requestId } = await ask(b.id, at(35, 13));
    const results = await Promise.allSettled([
      approveReschedule(t.db, admin(), { requestId }, { now: NOW }),
      approveReschedule(t.db, { id: admin2Id }, { requestId }, { now: NOW }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({
      code: "CONFLICT",
      message: "This request was already approved: the booking has moved.",
    });
    const s = await snapshot(b.id);
    expect(s.booking).toMatchObject({ startsAt: at(35, 13), sequence: 1 });
    expect(s.events.filter((e) => e.type === "rescheduled")).toHaveLength(1);
    expect(s.mail.filter((m) => m.template === "booking-moved")).toHaveLength(1);
  });

  it("a customer withdrawing while an admin approves: exactly one wins, the other gets a clear message", async () => {
    const b = await book(at(36, 14));
    const { requestId } = await ask(b.id, at(36, 9));
    const results = await Promise.allSettled([
      approveReschedule(t.db, admin(), { requestId }, { now: NOW }),
      withdrawReschedule(t.db, me(), { requestId }, { now: NOW }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    const s = await snapshot(b.id);
    const status = s.requests.find((r) => r.id === requestId)?.status;
    if (status === "approved") {
      expect(lost.reason).toMatchObject({
        code: "CONFLICT",
        message: "This request was already approved: the booking has moved.",
      });
      expect(s.booking?.startsAt).toEqual(at(36, 9));
    } else {
      expect(status).toBe("withdrawn");
      expect(lost.reason).toMatchObject({ code: "CONFLICT", message: "The customer withdrew this request." });
      expect(s.booking?.startsAt).toEqual(at(36, 14));
    }
  });

  it("the admin queue: pending first and oldest first, with current → requested time, reason, age and expiry; decided filterable", async () => {
    const b = await book(at(37, 9));
    await ask(b.id, at(37, 13));
    const queue = await listRescheduleRequests(t.db, admin(), "pending", new Date(NOW.getTime() + 2 * HOUR));
    expect(queue.rows.length).toBeGreaterThan(0);
    const business = queue.rows.filter((r) => r.waitingFor === "business");
    expect(business.length).toBeGreaterThan(0);
    expect(queue.rows.findIndex((r) => r.waitingFor === "customer")).toSatisfy(
      (i: number) => i === -1 || i >= business.length,
    );
    expect(business[0]).toMatchObject({
      customerName: "Ada Guest",
      age: "2 hours ago",
      current: expect.stringContaining("GMT"),
      requested: expect.stringContaining("GMT"),
    });
    const decided = await listRescheduleRequests(t.db, admin(), "decided", NOW);
    expect(decided.rows.every((r) => r.status !== "pending")).toBe(true);
    expect(new Set(decided.rows.map((r) => r.status))).toEqual(
      new Set(["approved", "declined", "withdrawn", "expired"]),
    );
    const declined = await listRescheduleRequests(t.db, admin(), "declined", NOW);
    expect(declined.rows.every((r) => r.status === "declined")).toBe(true);
    await expect(listRescheduleRequests(t.db, me(), "pending", NOW)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // The count the navigation shows: pending customer requests only.
    expect(queue.pendingCount).toBe(business.length);
  });
});
