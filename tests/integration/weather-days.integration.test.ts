import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDaySlots, reserve } from "@/modules/availability/server";
import { requestRescheduleInput } from "@/modules/reschedule/reschedule-schemas";
import {
  acceptWeatherOffer,
  askAnotherWeatherTime,
  countPendingRescheduleRequests,
  getMyReschedulePanel,
  getMyWeatherOffer,
  getWeatherOfferPage,
  liftWeatherDay,
  listWeatherDays,
  markWeatherDay,
  previewWeatherDay,
  requestReschedule,
  verifyWeatherToken,
  weatherToken,
} from "@/modules/reschedule/server";
import { expireHolds } from "@/modules/bookings/server";
import { moveBookingAsAdmin } from "@/modules/booking-moves/server";
import { siteCheckToken } from "@/modules/reminders/server";
import { LIFTED_MESSAGE } from "@/modules/reschedule/domain/weather-rules";
import { moveBookingInput } from "@/modules/booking-moves/schemas";
import { weatherDayInput } from "@/modules/reschedule/weather-schemas";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import {
  allocations,
  auditLog,
  bookingEvents,
  bookings,
  emails,
  payments,
  refunds,
  rescheduleRequests,
  settings,
  weatherDayBookings,
  weatherDays,
} from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The weather day (issue 17, ADR 0036): marking a period closes it for new bookings (slot engine and
// reserve()), offers every booking in it the nearest free times — each held, so two offers never share the
// last capacity — and emails them; the customer takes one through the signed link (the move path: no
// charge, no refund, price unchanged) or asks for another time; no answer or no time → a phone call.

// Monday, 11 January 2027, 09:00 GMT (London = UTC in winter).
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));
const HOUR = 3_600_000;
const WED = "2027-01-13";
function must<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error("expected a value");
  return v;
}

describe.each(dbKinds)("weather days, on %s", (kind) => {
  let t: TestDatabase;
  let teamA: { id: string };
  let teamB: { id: string };
  let customer: { id: string; email: string };
  let other: { id: string };
  let adminId: string;
  const admin = () => ({ id: adminId, ip: "203.0.113.7" });
  const job = { durationMinutes: 180, zoneBufferMinutes: 0 };

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
    customer = await insertUser(t.db, { name: "Ada Guest", phone: "07700 900123" });
    other = await insertUser(t.db, { name: "Ben Other" });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const book = (startsAt: Date, teamId: string, customerId = customer.id, minutes = 180) =>
    insertBooking(t.db, {
      customerId,
      teamId,
      startsAt,
      status: "confirmed",
      paidMinor: 8500,
      items: [{ kind: "package", name: "Full Valet", priceMinor: 8500, minutes }],
    });
  const mark = (input: Record<string, unknown>, now = NOW) =>
    markWeatherDay(t.db, admin(), weatherDayInput.parse(input), { now });
  const entryOf = async (bookingId: string) =>
    must(
      (await t.db.select().from(weatherDayBookings).where(eq(weatherDayBookings.bookingId, bookingId)))[0],
    );
  const holdsOf = (requestId: string) =>
    t.db
      .select()
      .from(allocations)
      .where(eq(allocations.rescheduleRequestId, requestId))
      .orderBy(asc(allocations.createdAt), asc(allocations.id));
  const bookingRow = async (id: string) =>
    must((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]);

  let b1: { id: string };
  let b2: { id: string };
  let b3: { id: string };

  it("previews the bookings in the period, of its teams only, and writes nothing", async () => {
    b1 = await book(at(13, 9), teamA.id);
    b2 = await book(at(13, 13), teamB.id, other.id);
    b3 = await book(at(14, 9), teamA.id);
    const all = await previewWeatherDay(t.db, admin(), weatherDayInput.parse({ date: WED }), NOW);
    expect(all.rows.map((r) => r.bookingId)).toEqual([b1.id, b2.id]);
    expect(all.teams).toBe("Every team");
    expect(all.period).toBe("Wednesday, 13 January 2027, the whole day");
    const onlyA = await previewWeatherDay(
      t.db,
      admin(),
      weatherDayInput.parse({ date: WED, teamIds: [teamA.id] }),
      NOW,
    );
    expect(onlyA.rows.map((r) => r.reference)).toHaveLength(1);
    expect(onlyA.rows[0]?.bookingId).toBe(b1.id);
    const afternoon = await previewWeatherDay(
      t.db,
      admin(),
      weatherDayInput.parse({ date: WED, from: "12:30", to: "18:00" }),
      NOW,
    );
    expect(afternoon.rows.map((r) => r.bookingId)).toEqual([b2.id]);
    expect(afternoon.period).toBe("Wednesday, 13 January 2027, 12:30 GMT – 18:00 GMT");
    expect(await t.db.select().from(weatherDays)).toHaveLength(0);
    await expect(
      previewWeatherDay(t.db, { id: customer.id }, weatherDayInput.parse({ date: WED }), NOW),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a past date is refused on the date field, by the preview and the mark; today is allowed (issue 27)", async () => {
    const pastDate = { fieldErrors: { date: ["Choose today or a date to come: that date has passed."] } };
    // NOW is Monday 11 January 09:00 in the business's time zone: the 10th has passed.
    await expect(
      previewWeatherDay(t.db, admin(), weatherDayInput.parse({ date: "2027-01-10" }), NOW),
    ).rejects.toMatchObject({ code: "VALIDATION", ...pastDate });
    await expect(mark({ date: "2027-01-10" })).rejects.toMatchObject({ code: "VALIDATION", ...pastDate });
    // Still the 10th in Honolulu when it is already the 11th in UTC: the business's zone decides.
    const lateEvening = new Date("2027-01-11T08:00:00Z");
    const { timeZone } = must((await t.db.select().from(settings))[0]);
    await t.db.update(settings).set({ timeZone: "Pacific/Honolulu" });
    try {
      const today = await previewWeatherDay(
        t.db,
        admin(),
        weatherDayInput.parse({ date: "2027-01-10" }),
        lateEvening,
      );
      expect(today.period).toBe("Sunday, 10 January 2027, the whole day");
    } finally {
      await t.db.update(settings).set({ timeZone });
    }
    expect(
      (await previewWeatherDay(t.db, admin(), weatherDayInput.parse({ date: "2027-01-11" }), NOW)).rows,
    ).toEqual([]);
    expect(await t.db.select().from(weatherDays)).toHaveLength(0);
  });

  it("marking the day closes it for new bookings and holds the nearest free times for each booking", async () => {
    expect((await getDaySlots(t.db, { ...job, date: WED, now: NOW })).length).toBeGreaterThan(0);
    const out = await mark({ date: WED, message: "Storm warning: we can't work outdoors." });
    expect(out).toMatchObject({ bookings: 2, offered: 2, withoutTimes: 0 });

    // Closed: no start on Wednesday for anyone, and reserve() refuses one (not "taken": unavailable).
    expect(await getDaySlots(t.db, { ...job, date: WED, now: NOW })).toEqual([]);
    const refused = await reserve(t.db, {
      ...job,
      start: at(13, 14),
      now: NOW,
      createOwner: async () => {
        throw new Error("must not be called");
      },
    });
    expect(refused).toMatchObject({ ok: false, reason: "unavailable" });

    const offers = await t.db
      .select()
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.weatherDayId, out.weatherDayId));
    expect(offers).toHaveLength(2);
    const seen: { teamId: string; start: number; end: number }[] = [];
    for (const offer of offers) {
      expect(offer).toMatchObject({ status: "pending", counterToId: null });
      const holds = await holdsOf(offer.id);
      expect(holds).toHaveLength(3);
      const starts = holds.map((h) => h.during.start.getTime());
      for (const h of holds) {
        expect(h).toMatchObject({
          kind: "reschedule_hold",
          status: "pending_reschedule",
          bookingId: offer.bookingId,
        });
        // Never in the bad weather, and never the same capacity twice (any team, any offer).
        expect(h.during.start.toISOString().slice(0, 10)).not.toBe(WED);
        for (const s of seen)
          if (s.teamId === h.teamId)
            expect(h.during.start.getTime() >= s.end || h.during.end.getTime() <= s.start).toBe(true);
        seen.push({ teamId: h.teamId, start: h.during.start.getTime(), end: h.during.end.getTime() });
        expect(h.holdExpiresAt).toEqual(offer.expiresAt);
      }
      // Expiry: the setting (48 h) or the earliest offered time, never the original start's cut-off.
      expect(offer.expiresAt).toEqual(new Date(Math.min(NOW.getTime() + 48 * HOUR, ...starts)));
      expect(offer.expiresAt.getTime()).toBeGreaterThan(NOW.getTime());
      // Spread: at least two hours between the offered times.
      const sorted = [...starts].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++)
        expect(must(sorted[i]) - must(sorted[i - 1])).toBeGreaterThanOrEqual(2 * HOUR);
    }
    // The booking outside the period is left alone.
    expect(
      await t.db.select().from(weatherDayBookings).where(eq(weatherDayBookings.bookingId, b3.id)),
    ).toEqual([]);

    // The email: each held time a link to the answer page, plus "ask for another time".
    const [mail] = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.bookingId, b1.id), eq(emails.template, "weather-offer")));
    expect(mail?.to).toBe(customer.email);
    const rendered = await renderTemplate("weather-offer", must(mail).data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toContain("Storm warning: we can't work outdoors.");
    expect(rendered.text).toContain("Wednesday, 13 January 2027, 09:00 GMT");
    expect(rendered.text.match(/\/booking\/weather\?token=/g)?.length).toBe(4);
    expect(rendered.text).toContain("None of these work");

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "weather_day.mark"));
    expect(audit).toHaveLength(1);
  });

  it("opening the link changes nothing; one click moves the booking, free of charge, and frees the other times", async () => {
    const entry = await entryOf(b1.id);
    const token = weatherToken(entry.id);
    expect(verifyWeatherToken(token)).toBe(entry.id);
    expect(verifyWeatherToken(`${entry.id}.AAAA`)).toBeNull();
    // A token for another kind of link (the site check's, same id) opens nothing here.
    expect(verifyWeatherToken(siteCheckToken(entry.id))).toBeNull();
    const before = await bookingRow(b1.id);
    const page = must(await getWeatherOfferPage(t.db, token, NOW));
    expect(page.state).toBe("waiting");
    expect(page.times).toHaveLength(3);
    expect(await bookingRow(b1.id)).toEqual(before);
    const paymentsBefore = await t.db.select().from(payments).where(eq(payments.bookingId, b1.id));

    // The customer's booking page shows the offer too.
    const mine = must(await getMyWeatherOffer(t.db, customer.id, b1.id, NOW));
    expect(mine.times).toEqual(page.times.map((x) => x.label));
    expect(await getMyWeatherOffer(t.db, other.id, b1.id, NOW)).toBeNull();

    await expect(
      acceptWeatherOffer(
        t.db,
        { token: "nope", allocationId: must(page.times[1]).allocationId },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const chosen = must(page.times[1]);
    const out = await acceptWeatherOffer(t.db, { token, allocationId: chosen.allocationId }, { now: NOW });
    expect(out.answer).toBe("accepted");

    const after = await bookingRow(b1.id);
    const [hold] = await t.db.select().from(allocations).where(eq(allocations.id, chosen.allocationId));
    expect(hold).toMatchObject({ kind: "booking", status: "confirmed", bookingId: b1.id });
    expect(after.startsAt).toEqual(must(hold).during.start);
    expect(after.sequence).toBe(before.sequence + 1);
    // A free move: the price and the money are as they were.
    expect(after.totalMinor).toBe(before.totalMinor);
    expect(after.amountPaidMinor).toBe(before.amountPaidMinor);
    expect(after.amountRefundedMinor).toBe(before.amountRefundedMinor);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, b1.id))).toEqual(paymentsBefore);
    expect(await t.db.select().from(refunds)).toEqual([]);
    // The other offered times stop holding; the old time is released.
    const holds = await holdsOf(must(entry.offerId));
    expect(holds.filter((h) => h.status === "pending_reschedule")).toEqual([]);
    expect(holds.filter((h) => h.status === "released")).toHaveLength(2);
    const [offer] = await t.db
      .select()
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.id, must(entry.offerId)));
    expect(offer?.status).toBe("approved");
    expect((await entryOf(b1.id)).answer).toBe("accepted");
    const moved = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.bookingId, b1.id), eq(emails.template, "booking-moved")));
    expect(moved).toHaveLength(1);
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, "weather_day.accept_offer")),
    ).toHaveLength(1);

    // A second click (or another time) says what happened and writes nothing.
    await expect(
      acceptWeatherOffer(t.db, { token, allocationId: must(page.times[0]).allocationId }, { now: NOW }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await bookingRow(b1.id)).toEqual(after);
  });

  it("none of these work: the times are freed, the admin sees it, and the customer may pick a time past the cut-off", async () => {
    const entry = await entryOf(b2.id);
    const later = new Date(NOW.getTime() + 2 * HOUR);
    await askAnotherWeatherTime(
      t.db,
      { token: weatherToken(entry.id), note: "Any Saturday morning." },
      { now: later },
    );
    const holds = await holdsOf(must(entry.offerId));
    expect(holds.every((h) => h.status === "released")).toBe(true);
    expect(await entryOf(b2.id)).toMatchObject({ answer: "asked_another", note: "Any Saturday morning." });

    const [day] = await listWeatherDays(t.db, admin(), later);
    expect(day?.counts).toEqual({ accepted: 1, asked_another: 1, waiting: 0, call: 0, stands: 0 });
    const row = must(day?.rows.find((r) => r.bookingId === b2.id));
    expect(row).toMatchObject({
      state: "asked_another",
      note: "Any Saturday morning.",
      customerName: "Ben Other",
    });

    // Within the cut-off of its (ruled out) time, the customer may still ask for a time: an ordinary
    // request, lapsing by the time it asks for.
    const nearStart = new Date(at(13, 13).getTime() - 6 * HOUR);
    const panel = must(await getMyReschedulePanel(t.db, other.id, b2.id, nearStart));
    expect(panel.canRequest).toBe(true);
    const pendingBefore = await countPendingRescheduleRequests(t.db, nearStart);
    await requestReschedule(
      t.db,
      { id: other.id },
      requestRescheduleInput.parse({ bookingId: b2.id, start: at(16, 9).toISOString(), reason: "Saturday" }),
      { now: nearStart },
    );
    const [request] = await t.db
      .select()
      .from(rescheduleRequests)
      .where(and(eq(rescheduleRequests.bookingId, b2.id), eq(rescheduleRequests.status, "pending")));
    expect(request).toMatchObject({ counterToId: null, weatherDayId: null });
    expect(must(request).expiresAt.getTime()).toBeGreaterThan(nearStart.getTime());
    expect(await countPendingRescheduleRequests(t.db, nearStart)).toBe(pendingBefore + 1);
  });

  it("a booking with no free time nearby still gets the email and needs a phone call; so does an unanswered offer", async () => {
    // 11 hours of work that may not stop for a break: no open range fits it (work that may goes on over
    // several days instead — ADR 0056).
    const long = await book(at(20, 7), teamA.id, customer.id, 660);
    await t.db.update(bookings).set({ spansBreaks: false }).where(eq(bookings.id, long.id));
    const short = await book(at(20, 9, 30), teamB.id, other.id);
    const out = await mark({ date: "2027-01-20", from: "06:00", to: "19:00" });
    expect(out).toMatchObject({ bookings: 2, offered: 1, withoutTimes: 1 });
    expect((await entryOf(long.id)).offerId).toBeNull();
    const [mail] = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.bookingId, long.id), eq(emails.template, "weather-offer")));
    expect((mail?.data as { times: unknown[] }).times).toEqual([]);

    const days = await listWeatherDays(t.db, admin(), NOW);
    const day = must(days.find((d) => d.id === out.weatherDayId));
    expect(day.rows.find((r) => r.bookingId === long.id)).toMatchObject({
      state: "call",
      phone: "07700 900123",
    });
    expect(day.rows.find((r) => r.bookingId === short.id)?.state).toBe("waiting");

    // The offer lapses unanswered: its holds are expired by the job, and it needs a phone call.
    const offerId = must((await entryOf(short.id)).offerId);
    const [offer] = await t.db.select().from(rescheduleRequests).where(eq(rescheduleRequests.id, offerId));
    const after = new Date(must(offer).expiresAt.getTime() + 60_000);
    await expireHolds(t.db, { now: after });
    expect((await holdsOf(offerId)).every((h) => h.status === "expired")).toBe(true);
    const again = must((await listWeatherDays(t.db, admin(), after)).find((d) => d.id === out.weatherDayId));
    expect(again.rows.find((r) => r.bookingId === short.id)?.state).toBe("call");
    await expect(
      acceptWeatherOffer(
        t.db,
        {
          token: weatherToken((await entryOf(short.id)).id),
          allocationId: must((await holdsOf(offerId))[0]).id,
        },
        { now: after },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("a closure of some teams leaves the others bookable", async () => {
    const date = "2027-01-25";
    await mark({ date, from: "08:00", to: "12:00", teamIds: [teamA.id] });
    const slots = await getDaySlots(t.db, { ...job, date, now: NOW });
    expect(slots.find((s) => s.start.getTime() === at(25, 8).getTime())?.teamIds).toEqual([teamB.id]);
    // After the window both teams work again.
    expect(slots.find((s) => s.start.getTime() === at(25, 12).getTime())?.teamIds).toEqual([
      teamA.id,
      teamB.id,
    ]);
  });

  it("only an admin marks a weather day", async () => {
    await expect(
      markWeatherDay(t.db, { id: customer.id }, weatherDayInput.parse({ date: "2027-01-27" }), { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await t.db.select().from(weatherDays).where(eq(weatherDays.date, "2027-01-27"))).toEqual([]);
  });

  it("lifting reopens the period, withdraws the waiting offers and frees their times, tells each unmoved booking it stands, and leaves a moved one moved", async () => {
    const date = "2027-01-28";
    const waits = await book(at(28, 9), teamA.id);
    const moves = await book(at(28, 9), teamB.id, other.id);
    const byHand = await book(at(28, 14), teamA.id, other.id);
    const out = await mark({ date, message: "Gales forecast." });
    // The business moves one by hand, out of the period, before the weather clears.
    await moveBookingAsAdmin(
      t.db,
      admin(),
      moveBookingInput.parse({
        bookingId: byHand.id,
        from: "confirmed",
        fromStart: at(28, 14).toISOString(),
        fromTeamId: teamA.id,
        start: at(40, 10).toISOString(), // 9 February: clear of the offers held near the 28th
        teamId: teamA.id,
        reason: "Customer phoned.",
      }),
      { now: NOW },
    );
    expect(await getDaySlots(t.db, { ...job, date, now: NOW })).toEqual([]);
    const movesOffer = must((await entryOf(moves.id)).offerId);
    await acceptWeatherOffer(
      t.db,
      {
        token: weatherToken((await entryOf(moves.id)).id),
        allocationId: must((await holdsOf(movesOffer))[0]).id,
      },
      { now: NOW },
    );
    const waitsOffer = must((await entryOf(waits.id)).offerId);
    expect((await holdsOf(waitsOffer)).filter((h) => h.status === "pending_reschedule")).toHaveLength(3);

    // The dialog's count: only the booking still in the period would be told.
    const before = must((await listWeatherDays(t.db, admin(), NOW)).find((d) => d.id === out.weatherDayId));
    expect(before).toMatchObject({ canLift: true, toTell: 1, lifted: null });

    // Only an admin lifts it.
    await expect(
      liftWeatherDay(t.db, { id: customer.id }, { weatherDayId: out.weatherDayId }, { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const lifted = await liftWeatherDay(t.db, admin(), { weatherDayId: out.weatherDayId }, { now: NOW });
    // Told: the one still in the period. Moved: the accepted offer, and the one moved by hand (no email).
    expect(lifted).toEqual({ stand: 1, moved: 2 });
    // The period takes bookings again (both teams after the waiting booking's morning).
    const slots = await getDaySlots(t.db, { ...job, date, now: NOW });
    expect(slots.find((s) => s.start.getTime() === at(28, 13).getTime())?.teamIds).toEqual([
      teamA.id,
      teamB.id,
    ]);
    // The waiting offer is withdrawn and its times freed; the booking keeps its time.
    const [offer] = await t.db.select().from(rescheduleRequests).where(eq(rescheduleRequests.id, waitsOffer));
    expect(offer?.status).toBe("withdrawn");
    expect((await holdsOf(waitsOffer)).some((h) => h.status === "pending_reschedule")).toBe(false);
    expect((await bookingRow(waits.id)).startsAt).toEqual(at(28, 9));
    // The moved booking stays moved.
    expect((await bookingRow(moves.id)).startsAt).not.toEqual(at(28, 9));
    // One email, to the customer whose booking stands; on its timeline; audited.
    const told = await t.db.select().from(emails).where(eq(emails.template, "weather-lifted"));
    expect(told.map((m) => m.bookingId)).toEqual([waits.id]);
    expect(told[0]?.to).toBe(customer.email);
    expect(told[0]?.data).toMatchObject({ when: expect.stringContaining("09:00 GMT"), hadTimes: true });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, waits.id));
    expect(events.some((e) => e.toValue === "weather_lifted")).toBe(true);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "weather_day.lift"));
    expect(audit?.entityId).toBe(out.weatherDayId);

    // The admin's list, the link's page and the booking page say so; a late click is refused kindly.
    const day = must((await listWeatherDays(t.db, admin(), NOW)).find((d) => d.id === out.weatherDayId));
    expect(day.lifted).toMatch(/^Lifted /);
    expect(day.canLift).toBe(false);
    expect(day.rows.find((r) => r.bookingId === waits.id)?.state).toBe("stands");
    expect(day.rows.find((r) => r.bookingId === moves.id)?.state).toBe("accepted");
    const token = weatherToken((await entryOf(waits.id)).id);
    expect(await getWeatherOfferPage(t.db, token, NOW)).toMatchObject({ state: "stands", times: [] });
    expect(await getMyWeatherOffer(t.db, customer.id, waits.id, NOW)).toBeNull();
    // The booking page's reschedule panel: the business withdrew its offer, with the reason (not "you
    // withdrew"), and the customer may still ask for another time before the cut-off.
    expect(must(await getMyReschedulePanel(t.db, customer.id, waits.id, NOW))).toMatchObject({
      pending: null,
      canRequest: true,
      weather: false,
      answer: {
        status: "withdrawn",
        isOffer: true,
        message: "The weather cleared: your booking goes ahead at its time.",
      },
    });
    await expect(
      acceptWeatherOffer(
        t.db,
        { token, allocationId: must((await holdsOf(waitsOffer))[0]).id },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "CONFLICT", message: LIFTED_MESSAGE });
    await expect(askAnotherWeatherTime(t.db, { token, note: "" }, { now: NOW })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    // Lifting twice, or a weather day that is over, is refused and changes nothing.
    await expect(
      liftWeatherDay(t.db, admin(), { weatherDayId: out.weatherDayId }, { now: NOW }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const past = await mark({ date: "2027-01-29" });
    await expect(
      liftWeatherDay(t.db, admin(), { weatherDayId: past.weatherDayId }, { now: at(30, 9) }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await t.db.select().from(emails).where(eq(emails.template, "weather-lifted"))).length).toBe(1);
  });
});

describe.each(dbKinds)("weather days with scarce capacity, on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    // One 3-hour slot a day (08:00–11:00), bookable until Wednesday: Tuesday is the only day to move to.
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 720,
      horizonDays: 2,
      rescheduleCutoffHours: 24,
      rescheduleRequestExpiryHours: 48,
    });
    const week: Record<number, [number, number][]> = {};
    for (let d = 1; d <= 7; d++) week[d] = [[8 * 60, 11 * 60]];
    await insertWeeklyHours(t.db, week);
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("two offers never hold the same last capacity: the booking left without one needs a phone call", async () => {
    const teams = [
      await insertTeam(t.db, { name: "Alpha", sortOrder: 1 }),
      await insertTeam(t.db, { name: "Bravo", sortOrder: 2 }),
      await insertTeam(t.db, { name: "Charlie", sortOrder: 3 }),
    ];
    const adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    const customer = await insertUser(t.db, { name: "Ada Guest" });
    const book = (startsAt: Date, teamId: string) =>
      insertBooking(t.db, { customerId: customer.id, teamId, startsAt, status: "confirmed" });
    // Tuesday: Charlie is already busy, so two units of capacity are left; three bookings on Wednesday.
    await book(at(12, 8), must(teams[2]).id);
    const caught = [];
    for (const team of teams) caught.push(await book(at(13, 8), team.id));
    expect(
      (
        await getDaySlots(t.db, { durationMinutes: 180, zoneBufferMinutes: 0, date: "2027-01-12", now: NOW })
      )[0]?.teamIds,
    ).toHaveLength(2);

    const out = await markWeatherDay(t.db, { id: adminId }, weatherDayInput.parse({ date: WED }), {
      now: NOW,
    });
    expect(out).toMatchObject({ bookings: 3, offered: 2, withoutTimes: 1 });
    const holds = await t.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.kind, "reschedule_hold"), eq(allocations.status, "pending_reschedule")));
    expect(holds).toHaveLength(2);
    expect(new Set(holds.map((h) => h.teamId)).size).toBe(2);
    expect(new Set(holds.map((h) => h.bookingId)).size).toBe(2);
    // Held for the offers: nobody else can book Tuesday meanwhile.
    expect(
      await getDaySlots(t.db, { durationMinutes: 180, zoneBufferMinutes: 0, date: "2027-01-12", now: NOW }),
    ).toEqual([]);
    const [day] = await listWeatherDays(t.db, { id: adminId }, NOW);
    expect(day?.counts).toEqual({ accepted: 0, asked_another: 0, waiting: 2, call: 1, stands: 0 });
    expect(caught.map((b) => b.id)).toContain(must(day?.rows[0]).bookingId);
    expect(day?.rows[0]?.state).toBe("call");
  });
});
