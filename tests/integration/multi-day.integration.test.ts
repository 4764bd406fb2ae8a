import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToInstant } from "@/lib/dates";
import { bookingParts, partsMinutes, storedDayParts } from "@/lib/day-parts";
import { moveBookingInput } from "@/modules/booking-moves/schemas";
import { moveBookingAsAdmin } from "@/modules/booking-moves/server";
import { requestRescheduleInput } from "@/modules/reschedule/reschedule-schemas";
import { approveReschedule, requestReschedule } from "@/modules/reschedule/server";
import { loadJobDays } from "@/modules/today/server";
import { bookingHoldExpiry } from "@/modules/bookings/server/hold-expiry";
import { transitionBooking } from "@/modules/bookings/server/transition-booking";
import { reserve } from "@/modules/availability/server/reserve";
import { getDaySlots } from "@/modules/availability/server/slots";
import type { Tx } from "@/server/db";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, bookings, reportDaily } from "@/server/db/schema";
import { bookingTeamSeconds } from "@/server/db/time-taken";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Visits over several days (issue 40 §2, ADR 0056): reserve() holds every day's part in one transaction
// (a race for any part refuses the whole visit), the booking keeps its parts, cancelling frees them all
// and a move takes them all to the new days. The exclusion constraint stays the final judge.

const TZ = "Europe/London";
const MON = "2026-12-07";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return localToInstant(date, h * 60 + m, TZ) as Date;
};
const NOW = new Date("2026-12-01T09:00:00Z");
// 12 hours of work on 08:00–12:30 + 13:00–18:00 days: Monday's 9 h 30, then 2 h 30 on Tuesday.
const TWELVE_HOURS = { durationMinutes: 720, zoneBufferMinutes: 0 };

describe.each(dbKinds)("visits over several days, on %s", (kind) => {
  let t: TestDatabase;
  let customerId: string;
  let adminId: string;
  let van: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: TZ,
      slotIntervalMinutes: 30,
      minNoticeMinutes: 0,
      bufferMinutes: 0,
      horizonDays: 60,
    });
    van = (await insertTeam(t.db, { name: "Van 1" })).id;
    const day: [number, number][] = [
      [8 * 60, 12 * 60 + 30],
      [13 * 60, 18 * 60],
    ];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    customerId = (await insertUser(t.db)).id;
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const owner = async (
    tx: Tx,
    slot: { teamId: string; start: Date; end: Date; parts: { start: Date; end: Date }[] },
  ) => {
    const booking = await insertBooking(tx, {
      customerId,
      teamId: slot.teamId,
      startsAt: slot.start,
      endsAt: slot.end,
      workMinutes: 720,
      dayParts: storedDayParts(slot.parts),
      status: "confirmed",
      withAllocation: true,
    });
    return { owner: booking, allocation: null };
  };
  const holding = (bookingId: string) =>
    t.db
      .select({ during: allocations.during, status: allocations.status })
      .from(allocations)
      .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));

  it("offers one start on Monday and reserve() holds both days' parts; the booking keeps them", async () => {
    const slots = await getDaySlots(t.db, { ...TWELVE_HOURS, date: MON, now: NOW });
    expect(slots.map((s) => s.start.toISOString())).toEqual([at(MON, "08:00").toISOString()]);
    const r = await reserve(t.db, {
      ...TWELVE_HOURS,
      start: at(MON, "08:00"),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: owner,
    });
    if (!r.ok) throw new Error(r.message);
    expect(r.parts.map((p) => [p.start, p.end])).toEqual([
      [at(MON, "08:00"), at(MON, "18:00")],
      [at("2026-12-08", "08:00"), at("2026-12-08", "10:30")],
    ]);
    const held = await holding(r.owner.id);
    expect(held.map((h) => h.during.start).sort((a, b) => +a - +b)).toEqual([
      at(MON, "08:00"),
      at("2026-12-08", "08:00"),
    ]);
    expect(bookingParts(r.owner)).toHaveLength(2);
    // Tuesday afternoon is free again for others; the morning part is the visit's.
    const tuesday = await getDaySlots(t.db, {
      durationMinutes: 60,
      zoneBufferMinutes: 0,
      date: "2026-12-08",
      now: NOW,
    });
    expect(tuesday[0]?.start).toEqual(at("2026-12-08", "10:30"));
    // Cancelling frees every part.
    await t.db.transaction((tx) =>
      transitionBooking(tx, {
        bookingId: r.owner.id,
        to: "cancelled",
        actor: { id: adminId, role: "admin" },
        reason: "Customer cancelled",
        now: NOW,
      }),
    );
    expect((await holding(r.owner.id)).every((h) => h.status === "released")).toBe(true);
  });

  it("refuses the whole visit when its second day's part is taken, and writes nothing", async () => {
    const WED = "2026-12-09";
    // Thursday morning is taken: a visit from Wednesday can't have its second part.
    await insertBooking(t.db, {
      customerId,
      teamId: van,
      startsAt: at("2026-12-10", "09:00"),
      endsAt: at("2026-12-10", "10:00"),
      status: "confirmed",
    });
    const before = await t.db.select({ id: bookings.id }).from(bookings);
    const r = await reserve(t.db, {
      ...TWELVE_HOURS,
      start: at(WED, "08:00"),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: owner,
    });
    expect(r.ok).toBe(false);
    expect(await t.db.select({ id: bookings.id }).from(bookings)).toHaveLength(before.length);
  });

  it("two visits racing for the same days: one is held, the other is refused", async () => {
    const MON2 = "2026-12-14";
    const race = () =>
      reserve(t.db, {
        ...TWELVE_HOURS,
        start: at(MON2, "08:00"),
        now: NOW,
        holdExpiry: bookingHoldExpiry,
        createOwner: owner,
      });
    const results = await Promise.all([race(), race()]);
    expect(results.filter((x) => x.ok)).toHaveLength(1);
  });

  it("a move takes every part to the new days", async () => {
    const r = await reserve(t.db, {
      ...TWELVE_HOURS,
      start: at("2026-12-21", "08:00"),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: owner,
    });
    if (!r.ok) throw new Error(r.message);
    await moveBookingAsAdmin(
      t.db,
      { id: adminId, ip: null },
      moveBookingInput.parse({
        bookingId: r.owner.id,
        from: "confirmed",
        fromStart: r.owner.startsAt.toISOString(),
        fromTeamId: van,
        start: at("2026-12-28", "08:00").toISOString(),
        teamId: van,
      }),
      { now: NOW },
    );
    const [moved] = await t.db.select().from(bookings).where(eq(bookings.id, r.owner.id));
    expect(bookingParts(moved as NonNullable<typeof moved>).map((p) => [p.start, p.end])).toEqual([
      [at("2026-12-28", "08:00"), at("2026-12-28", "18:00")],
      [at("2026-12-29", "08:00"), at("2026-12-29", "10:30")],
    ]);
    const live = (await holding(r.owner.id)).filter((h) => h.status !== "released");
    expect(live.map((h) => h.during.start).sort((a, b) => +a - +b)).toEqual([
      at("2026-12-28", "08:00"),
      at("2026-12-29", "08:00"),
    ]);
  });

  it("takes the parts' hours, not the night: the SQL team time equals partsMinutes, and the reports count the visit once", async () => {
    const van2 = (await insertTeam(t.db, { name: "Van 2" })).id;
    const parts = [
      { start: at("2027-01-04", "08:00"), end: at("2027-01-04", "18:00") },
      { start: at("2027-01-05", "08:00"), end: at("2027-01-05", "10:30") },
    ];
    const b = await insertBooking(t.db, {
      customerId,
      teamId: van2,
      startsAt: parts[0]?.start as Date,
      endsAt: parts[1]?.end as Date,
      workMinutes: 720,
      dayParts: storedDayParts(parts),
      status: "confirmed",
    });
    const one = await insertBooking(t.db, {
      customerId,
      teamId: van2,
      startsAt: at("2027-01-06", "09:00"),
      endsAt: at("2027-01-06", "11:00"),
      status: "confirmed",
    });
    const [row] = await t.db
      .select({ visit: bookingTeamSeconds(bookings) })
      .from(bookings)
      .where(eq(bookings.id, b.id));
    expect(Number(row?.visit)).toBe(partsMinutes(bookingParts(b)) * 60);
    expect(partsMinutes(bookingParts(b))).toBe(750);
    const [single] = await t.db
      .select({ s: bookingTeamSeconds(bookings) })
      .from(bookings)
      .where(eq(bookings.id, one.id));
    expect(Number(single?.s)).toBe(partsMinutes(bookingParts(one)) * 60);
    const [daily] = await t.db
      .select({ jobs: sql<number>`sum(jobs)::int`, seconds: sql<number>`sum(seconds)::bigint` })
      .from(reportDaily)
      .where(eq(reportDaily.teamId, van2));
    expect(Number(daily?.jobs)).toBe(2);
    expect(Number(daily?.seconds)).toBe((750 + 120) * 60);
  });

  it("a reschedule request holds every part of the new days, and approving moves the visit onto them", async () => {
    const r = await reserve(t.db, {
      ...TWELVE_HOURS,
      start: at("2027-01-11", "08:00"),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: owner,
    });
    if (!r.ok) throw new Error(r.message);
    const { requestId } = await requestReschedule(
      t.db,
      { id: customerId, ip: "198.51.100.4" },
      requestRescheduleInput.parse({
        bookingId: r.owner.id,
        start: at("2027-01-18", "08:00").toISOString(),
        reason: "Away that week.",
      }),
      { now: NOW },
    );
    const holds = await t.db
      .select({ during: allocations.during })
      .from(allocations)
      .where(
        and(eq(allocations.rescheduleRequestId, requestId), eq(allocations.status, "pending_reschedule")),
      );
    expect(holds.map((h) => h.during.start).sort((a, b) => +a - +b)).toEqual([
      at("2027-01-18", "08:00"),
      at("2027-01-19", "08:00"),
    ]);
    await approveReschedule(t.db, { id: adminId, ip: null }, { requestId }, { now: NOW });
    const [moved] = await t.db.select().from(bookings).where(eq(bookings.id, r.owner.id));
    expect(bookingParts(moved as NonNullable<typeof moved>).map((p) => [p.start, p.end])).toEqual([
      [at("2027-01-18", "08:00"), at("2027-01-18", "18:00")],
      [at("2027-01-19", "08:00"), at("2027-01-19", "10:30")],
    ]);
    const live = (await holding(r.owner.id)).filter((h) => h.status !== "released");
    expect(live.map((h) => h.during.start).sort((a, b) => +a - +b)).toEqual([
      at("2027-01-18", "08:00"),
      at("2027-01-19", "08:00"),
    ]);
  });

  it("Today and the technician's day show each day's part: Day 1 of 2, Day 2 of 2", async () => {
    const van3 = await insertTeam(t.db, { name: "Van 3" });
    const parts = [
      { start: at("2027-02-01", "08:00"), end: at("2027-02-01", "18:00") },
      { start: at("2027-02-02", "08:00"), end: at("2027-02-02", "10:30") },
    ];
    const b = await insertBooking(t.db, {
      customerId,
      teamId: van3.id,
      startsAt: at("2027-02-01", "08:00"),
      endsAt: at("2027-02-02", "10:30"),
      workMinutes: 720,
      dayParts: storedDayParts(parts),
      status: "confirmed",
    });
    const { days } = await loadJobDays(t.db, {
      dates: ["2027-02-01", "2027-02-02"],
      timeZone: TZ,
      teams: Promise.resolve([{ id: van3.id, name: "Van 3", colour: "#0f766e", isActive: true }]),
      now: NOW,
    });
    const cards = days.map((d) => d.teams.flatMap((team) => team.jobs).filter((j) => j.id === b.id));
    expect(cards.map((c) => c.map((j) => [j.visitDay, j.time.slice(0, 5), j.endTime.slice(0, 5)]))).toEqual([
      [["Day 1 of 2", "08:00", "18:00"]],
      [["Day 2 of 2", "08:00", "10:30"]],
    ]);
  });
});
