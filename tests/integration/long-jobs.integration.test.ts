import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTime, localToInstant } from "@/lib/dates";
import { moveBookingInput } from "@/modules/booking-moves/schemas";
import { checkAdminSlot, moveBookingAsAdmin } from "@/modules/booking-moves/server";
import { bookingHoldExpiry } from "@/modules/bookings/server/hold-expiry";
import { reserve } from "@/modules/availability/server/reserve";
import { getDaySlots, jobPartsAt } from "@/modules/availability/server/slots";
import type { Tx } from "@/server/db";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, bookings } from "@/server/db/schema";
import { defaultAddressSnapshot, defaultVehicleSnapshot } from "@/testing/factories/bookings";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// A job may span the breaks of its day (issue 40 §1, ADR 0054): its work goes on after lunch, the team
// holds the whole span (the break included), and reserve(), the slot lists, the admin's checks and moves
// agree on where it ends. The exclusion constraint stays the final judge.

const TZ = "Europe/London";
const DAY = "2026-12-08"; // a Tuesday, GMT
const at = (hhmm: string, date = DAY) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return localToInstant(date, h * 60 + m, TZ) as Date;
};
const hhmm = (d: Date) => formatTime(d, TZ).replace(/ .*/, "");
const NOW = new Date("2026-12-01T09:00:00Z");
const EIGHT_HOURS = { durationMinutes: 480, zoneBufferMinutes: 0 };

describe.each(dbKinds)("jobs across the breaks of a day, on %s", (kind) => {
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

  const confirmedOwner =
    (workMinutes: number) => async (tx: Tx, slot: { teamId: string; start: Date; end: Date }) => {
      const booking = await insertBooking(tx, {
        customerId,
        teamId: slot.teamId,
        startsAt: slot.start,
        endsAt: slot.end,
        workMinutes,
        status: "confirmed",
        withAllocation: true,
      });
      return { owner: booking, allocation: null };
    };

  it("offers an 8 h job from 08:00 to 09:30, each ending after the lunch break; none when it may not span", async () => {
    const slots = await getDaySlots(t.db, { ...EIGHT_HOURS, date: DAY, now: NOW });
    expect(slots.map((s) => `${hhmm(s.start)}–${hhmm(s.end)}`)).toEqual([
      "08:00–16:30",
      "08:30–17:00",
      "09:00–17:30",
      "09:30–18:00",
    ]);
    expect(await getDaySlots(t.db, { ...EIGHT_HOURS, spansBreaks: false, date: DAY, now: NOW })).toEqual([]);
  });

  it("reserve() holds the whole span, break included, and the booking keeps its work", async () => {
    const r = await reserve(t.db, {
      ...EIGHT_HOURS,
      start: at("08:00"),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: confirmedOwner(480),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.end.toISOString()).toBe(at("16:30").toISOString());
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, r.owner.id));
    expect(b?.workMinutes).toBe(480);
    expect(b?.endsAt.toISOString()).toBe(at("16:30").toISOString());
    const [a] = await t.db.select().from(allocations).where(eq(allocations.bookingId, r.owner.id));
    expect(a?.during.start.toISOString()).toBe(at("08:00").toISOString());
    expect(a?.during.end.toISOString()).toBe(at("16:30").toISOString());

    // The break is the team's: a 30-minute job has no start from 08:00 to 16:30.
    const short = await getDaySlots(t.db, { durationMinutes: 30, zoneBufferMinutes: 0, date: DAY, now: NOW });
    expect(short.map((s) => hhmm(s.start))).toEqual(["16:30", "17:00", "17:30"]);
    // The database refuses a booking written straight into the break.
    await expect(
      insertBooking(t.db, { customerId, teamId: van, startsAt: at("12:30"), endsAt: at("13:00") }),
    ).rejects.toThrow();
  });

  it("a race for two long jobs on one van: one wins, the other is refused whole", async () => {
    const date = "2026-12-09";
    const results = await Promise.all(
      ["08:00", "09:30"].map((time) =>
        reserve(t.db, {
          ...EIGHT_HOURS,
          start: at(time, date),
          now: NOW,
          holdExpiry: bookingHoldExpiry,
          createOwner: confirmedOwner(480),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(1);
    const held = await t.db.select().from(bookings).where(eq(bookings.teamId, van));
    const onDate = held.filter((b) => b.startsAt.toISOString().startsWith(date));
    expect(onDate).toHaveLength(1);
  });

  it("the admin's check and a move keep the work, not the span: moved to 09:00 it ends at 17:30", async () => {
    const date = "2026-12-10";
    const b = await insertBooking(t.db, {
      customerId,
      teamId: van,
      startsAt: at("08:00", date),
      endsAt: at("16:30", date),
      workMinutes: 480,
      status: "confirmed",
      items: [{ kind: "package", name: "Ceramic Coating", priceMinor: 35000, minutes: 480 }],
    });
    expect((await jobPartsAt(t.db, EIGHT_HOURS, at("09:00", date))).at(-1)?.end).toEqual(at("17:30", date));
    expect(
      await checkAdminSlot(t.db, {
        ...EIGHT_HOURS,
        start: at("09:00", date),
        teamId: van,
        now: NOW,
        excludeBookingId: b.id,
      }),
    ).toEqual({ ok: true });
    const moved = await moveBookingAsAdmin(
      t.db,
      { id: adminId },
      moveBookingInput.parse({
        bookingId: b.id,
        from: "confirmed",
        fromStart: b.startsAt.toISOString(),
        fromTeamId: van,
        start: at("09:00", date).toISOString(),
        teamId: van,
      }),
      { now: NOW },
    );
    expect(moved.endsAt).toBe(at("17:30", date).toISOString());
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(after?.workMinutes).toBe(480);
    const holding = (await t.db.select().from(allocations).where(eq(allocations.bookingId, b.id))).filter(
      (a) => a.status !== "released",
    );
    expect(holding.map((a) => a.during.end.toISOString())).toEqual([at("17:30", date).toISOString()]);
  });

  it("a writer that leaves the work out gets the span (the migration's fallback)", async () => {
    const [row] = await t.db
      .insert(bookings)
      .values({
        reference: "FC-WORK01",
        accessToken: "work-minutes-fallback-token",
        customerId,
        status: "cancelled",
        startsAt: at("08:00", "2026-12-11"),
        endsAt: at("09:15", "2026-12-11"),
        teamId: van,
        currency: "GBP",
        totalMinor: 1000,
        vehicleSnapshot: defaultVehicleSnapshot,
        addressSnapshot: defaultAddressSnapshot,
      })
      .returning();
    expect(row?.workMinutes).toBe(75);
  });
});
