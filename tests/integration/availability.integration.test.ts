import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToInstant } from "@/lib/dates";
import { bookingHoldExpiry, expireHolds } from "@/modules/bookings/server/hold-expiry";
import { transitionBooking } from "@/modules/bookings/server/transition-booking";
import { reserve } from "@/modules/availability/server/reserve";
import { getDaySlots, getMonthAvailability } from "@/modules/availability/server/slots";
import type { Tx } from "@/server/db";
import { allocations, bookings, liveEvents } from "@/server/db/schema";
import {
  insertBlock,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const TZ = "Europe/London";
const DAY = "2026-12-08"; // a Tuesday
const at = (hhmm: string, date = DAY) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return localToInstant(date, h * 60 + m, TZ) as Date;
};
const NOW = new Date("2026-12-01T09:00:00Z");
const job = { durationMinutes: 60, zoneBufferMinutes: 0 };

describe.each(dbKinds)("availability and reserve() on %s", (kind) => {
  let t: TestDatabase;
  let customerId: string;
  let van1: string;
  let van2: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, {
      timeZone: TZ,
      slotIntervalMinutes: 30,
      minNoticeMinutes: 0,
      bufferMinutes: 30,
      horizonDays: 60,
      holdMinutes: 30,
    });
    van1 = (await insertTeam(t.db, { name: "Van 1", sortOrder: 1 })).id;
    van2 = (await insertTeam(t.db, { name: "Van 2", sortOrder: 2 })).id;
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    customerId = (await insertUser(t.db)).id;
  });
  afterAll(() => t.drop());

  /** A pending-payment booking as the owner of the reserved time. */
  const holdFor =
    (expiresAt = new Date(NOW.getTime() + 30 * 60_000)) =>
    async (tx: Tx, slot: { teamId: string; start: Date; end: Date }) => {
      const booking = await insertBooking(tx, {
        customerId,
        teamId: slot.teamId,
        startsAt: slot.start,
        endsAt: slot.end,
        status: "pending_payment",
        holdExpiresAt: expiresAt,
        withAllocation: false,
      });
      return {
        owner: booking.id,
        allocation: {
          kind: "booking" as const,
          status: "pending_payment" as const,
          bookingId: booking.id,
          holdExpiresAt: expiresAt,
        },
      };
    };

  it("lists a day's starts with the teams free for each, keeping the buffer clear of held time", async () => {
    await insertBlock(t.db, { teamId: van1, startsAt: at("10:00"), endsAt: at("12:00") });
    const slots = await getDaySlots(t.db, { ...job, date: DAY, now: NOW });
    const byTime = new Map(slots.map((s) => [s.start.getTime(), s.teamIds]));
    expect(slots[0]?.start).toEqual(at("08:30")); // 30 min buffer inside the opening
    expect(byTime.get(at("08:30").getTime())).toEqual([van1, van2]);
    // 09:00 needs 08:30–10:30 with its buffers — into van 1's block.
    expect(byTime.get(at("09:00").getTime())).toEqual([van2]);
    expect(byTime.get(at("12:30").getTime())).toEqual([van1, van2]);
    const month = await getMonthAvailability(t.db, { ...job, from: "2026-12-05", to: DAY, now: NOW });
    expect(month.get("2026-12-05")).toBe(0); // Saturday: closed
    expect(month.get(DAY)).toBe(slots.length);
  });

  it("reserves on the least busy free team, then the next, then answers 'taken'", async () => {
    const start = at("14:00");
    const first = await reserve(t.db, { ...job, start, now: NOW, createOwner: holdFor() });
    expect(first).toMatchObject({ ok: true, teamId: van2 }); // van 1 has a 2-hour block that day
    const second = await reserve(t.db, { ...job, start, now: NOW, createOwner: holdFor() });
    expect(second).toMatchObject({ ok: true, teamId: van1 });
    const third = await reserve(t.db, { ...job, start, now: NOW, createOwner: holdFor() });
    expect(third).toEqual({
      ok: false,
      reason: "taken",
      message: "That time was just taken. Please choose another.",
    });
    const outside = await reserve(t.db, { ...job, start: at("17:45"), now: NOW, createOwner: holdFor() });
    expect(outside).toMatchObject({ ok: false, reason: "unavailable" });
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed"));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it("under concurrent calls for one interval, exactly as many succeed as teams are free — no errors", async () => {
    const start = at("16:00");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => reserve(t.db, { ...job, start, now: NOW, createOwner: holdFor() })),
    );
    const errors = results.filter((r) => r.status === "rejected");
    expect(errors).toEqual([]);
    const values = results.map((r) => (r.status === "fulfilled" ? r.value : null));
    expect(values.filter((v) => v?.ok)).toHaveLength(2);
    expect(values.filter((v) => v && !v.ok && v.reason === "taken")).toHaveLength(6);
    const teamsUsed = values.flatMap((v) => (v?.ok ? [v.teamId] : [])).sort();
    expect(teamsUsed).toEqual([van1, van2].sort());
  });

  it("expires a stale hold it meets, and the job expires the rest with live events", async () => {
    const start = at("09:00", "2026-12-09");
    const stale = new Date(NOW.getTime() - 60_000);
    const a = await reserve(t.db, {
      ...job,
      start,
      now: new Date(NOW.getTime() - 40 * 60_000),
      createOwner: holdFor(stale),
    });
    const b = await reserve(t.db, {
      ...job,
      start,
      now: new Date(NOW.getTime() - 40 * 60_000),
      createOwner: holdFor(stale),
    });
    expect(a.ok && b.ok).toBe(true);
    // Both vans are held until `stale`, which is in the past now: the slot is free again …
    const slots = await getDaySlots(t.db, { ...job, date: "2026-12-09", now: NOW });
    expect(slots.find((s) => s.start.getTime() === start.getTime())?.teamIds).toHaveLength(2);
    // … and a reserve there expires the stale holds of that day officially.
    const c = await reserve(t.db, {
      ...job,
      start,
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: holdFor(),
    });
    expect(c.ok).toBe(true);
    const owners = [a, b].flatMap((r) => (r.ok ? [r.owner] : []));
    const rows = await t.db.select().from(bookings).where(inArray(bookings.id, owners));
    expect(rows.map((r) => r.status)).toEqual(["expired", "expired"]);

    // A hold elsewhere that nobody met is expired by the job.
    const d = await reserve(t.db, {
      ...job,
      start: at("11:00", "2026-12-10"),
      now: new Date(NOW.getTime() - 40 * 60_000),
      createOwner: holdFor(stale),
    });
    expect(d.ok).toBe(true);
    const expired = await expireHolds(t.db, { now: NOW });
    expect(expired.bookingIds).toEqual([d.ok ? d.owner : ""]);
    const [alloc] = await t.db
      .select()
      .from(allocations)
      .where(eq(allocations.bookingId, d.ok ? d.owner : ""));
    expect(alloc?.status).toBe("expired");
    const updates = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "booking.updated"));
    expect(
      updates.some((e) => (e.payload as { bookingId: string }).bookingId === (d.ok ? d.owner : "")),
    ).toBe(true);
  });

  it("releasing a hold frees the time at once", async () => {
    const start = at("15:00", "2026-12-10");
    const held = await reserve(t.db, { ...job, start, now: NOW, teamIds: [van1], createOwner: holdFor() });
    expect(held).toMatchObject({ ok: true, teamId: van1 });
    expect(
      await reserve(t.db, { ...job, start, now: NOW, teamIds: [van1], createOwner: holdFor() }),
    ).toMatchObject({
      ok: false,
      reason: "taken",
    });
    await t.db.transaction((tx) =>
      transitionBooking(tx, {
        bookingId: held.ok ? held.owner : "",
        to: "cancelled",
        actor: { id: customerId, role: "customer" },
        reason: "Payment abandoned.",
        now: NOW,
      }),
    );
    expect(
      await reserve(t.db, { ...job, start, now: NOW, teamIds: [van1], createOwner: holdFor() }),
    ).toMatchObject({
      ok: true,
      teamId: van1,
    });
  });
});
