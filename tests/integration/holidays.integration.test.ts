import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToInstant } from "@/lib/dates";
import { getCalendar } from "@/modules/availability/server/calendar";
import {
  closeHoliday,
  loadHolidaySchedule,
  openHoliday,
  saveHolidayRegion,
} from "@/modules/availability/server/holidays";
import { deleteOverride, saveOverride } from "@/modules/availability/server/hours";
import { reserve } from "@/modules/availability/server/reserve";
import { getDaySlots } from "@/modules/availability/server/slots";
import { holidayDateInput, holidayRegionInput } from "@/modules/availability/schedule-schemas";
import { getSettingsOrThrow } from "@/modules/settings/server/queries";
import type { Tx } from "@/server/db";
import { auditLog, dateOverrides, liveEvents } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Public holidays close their dates unless the admin opens them (issue 40 §4, ADR 0055).

const TZ = "Europe/London";
const NOW = new Date("2026-12-01T09:00:00Z");
const job = { durationMinutes: 60, zoneBufferMinutes: 0 };
const at = (date: string, hh: number) => localToInstant(date, hh * 60, TZ) as Date;
const region = (holidayRegion: string) => holidayRegionInput.parse({ holidayRegion });
const day = (date: string, confirmStranded = false) => holidayDateInput.parse({ date, confirmStranded });

describe.each(dbKinds)("public holidays on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let customer: { id: string; ip: string };
  let teamId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, {
      timeZone: TZ,
      slotIntervalMinutes: 60,
      minNoticeMinutes: 0,
      bufferMinutes: 0,
      horizonDays: 400,
      holidayRegion: "GB-ENG",
    });
    teamId = (await insertTeam(t.db, { name: "Van 1" })).id;
    const open: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: open, 2: open, 3: open, 4: open, 5: open, 6: open, 7: open });
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.9" };
    customer = { id: (await insertUser(t.db)).id, ip: "203.0.113.10" };
  });
  afterAll(() => t.drop());

  const slotsOn = async (date: string) =>
    (await getDaySlots(t.db, { ...job, date, now: NOW })).map((s) => s.start.toISOString());
  const audits = (action: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.at));
  const overrideOn = async (date: string) =>
    (await t.db.select().from(dateOverrides).where(eq(dateOverrides.date, date)))[0];

  it("closes 25 December 2026 in England and Wales: no slots, reserve() refuses, the calendar says why", async () => {
    expect(await slotsOn("2026-12-25")).toEqual([]);
    expect(await slotsOn("2026-12-28")).toEqual([]); // Boxing Day's substitute
    expect(await slotsOn("2026-12-24")).toHaveLength(10);
    const holdFor = async (tx: Tx, slot: { teamId: string; start: Date; end: Date }) => {
      const booking = await insertBooking(tx, {
        customerId: customer.id,
        teamId: slot.teamId,
        startsAt: slot.start,
        endsAt: slot.end,
        withAllocation: false,
      });
      return {
        owner: booking.id,
        allocation: { kind: "booking" as const, status: "confirmed" as const, bookingId: booking.id },
      };
    };
    const refused = await reserve(t.db, {
      ...job,
      start: at("2026-12-25", 10),
      now: NOW,
      createOwner: holdFor,
    });
    expect(refused).toMatchObject({ ok: false, reason: "unavailable" });

    const cal = await getCalendar({ view: "week", date: "2026-12-25" }, t.db);
    const christmas = cal.days.find((d) => d.date === "2026-12-25");
    expect(christmas).toMatchObject({ open: [], holiday: "Christmas Day" });
    expect(christmas?.closedNote).toBe("Christmas Day (public holiday)");
    expect(cal.days.find((d) => d.date === "2026-12-24")).toMatchObject({ holiday: null });
  });

  it("opens a holiday anyway with its weekday's hours, audited, and closes it again", async () => {
    const opened = await openHoliday(t.db, admin, day("2026-12-25"), { now: NOW });
    expect(opened).toMatchObject({ ok: true, stranded: [] });
    expect(await slotsOn("2026-12-25")).toHaveLength(10);
    expect(await overrideOn("2026-12-25")).toMatchObject({ isClosed: false, note: "Christmas Day" });
    const [created] = await audits("date_override.created");
    expect(created).toMatchObject({
      actorId: admin.id,
      summary: { to: { date: "2026-12-25", hours: "08:00–18:00", note: "Christmas Day" } },
    });
    // Twice is once.
    expect(await openHoliday(t.db, admin, day("2026-12-25"), { now: NOW })).toEqual({
      ok: true,
      stranded: [],
    });

    const schedule = await loadHolidaySchedule(t.db, NOW);
    expect(schedule.region).toBe("GB-ENG");
    expect(schedule.to).toBe("2027-11-30");
    expect(schedule.days.slice(0, 3).map((d) => [d.date, d.name, d.isOpen])).toEqual([
      ["2026-12-25", "Christmas Day", true],
      ["2026-12-26", "Boxing Day", false],
      ["2026-12-28", "Boxing Day (substitute day)", false],
    ]);
    const cal = await getCalendar({ view: "day", date: "2026-12-25" }, t.db);
    expect(cal.days[0]?.open).toHaveLength(1);
    expect(cal.days[0]?.holiday).toBe("Christmas Day");

    // A booking on the opened day: closing again lists it and closes only when confirmed.
    const booking = await insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt: at("2026-12-25", 10),
      endsAt: at("2026-12-25", 11),
    });
    const asked = await closeHoliday(t.db, admin, day("2026-12-25"), { now: NOW });
    expect(asked.ok).toBe(false);
    expect(asked.stranded.map((b) => b.reference)).toEqual([booking.reference]);
    expect(await overrideOn("2026-12-25")).toBeDefined();
    const closed = await closeHoliday(t.db, admin, day("2026-12-25", true), { now: NOW });
    expect(closed.ok).toBe(true);
    expect(await overrideOn("2026-12-25")).toBeUndefined();
    expect(await slotsOn("2026-12-25")).toEqual([]);
    expect((await audits("date_override.deleted")).at(-1)?.summary).toMatchObject({
      date: "2026-12-25",
      strandedConfirmed: [{ reference: booking.reference }],
    });

    // The closed holiday's list flags the booking still on it.
    const after = await loadHolidaySchedule(t.db, NOW);
    expect(after.days[0]).toMatchObject({ date: "2026-12-25", isOpen: false });
    expect(after.days[0]?.held.map((b) => b.reference)).toEqual([booking.reference]);
  });

  it("an admin's own hours on a holiday win, and deleting them closes it again (not the weekday's hours)", async () => {
    const saved = await saveOverride(
      t.db,
      admin,
      {
        date: "2027-04-05",
        isClosed: false,
        ranges: [{ opens: 600, closes: 720 }],
        note: "",
        confirmStranded: false,
      },
      { now: NOW },
    );
    expect(saved.ok).toBe(true);
    // 2027-04-05 isn't a holiday; Easter Monday 2027 is 29 March.
    expect(await slotsOn("2027-03-29")).toEqual([]);
    const easter = await saveOverride(
      t.db,
      admin,
      {
        date: "2027-03-29",
        isClosed: false,
        ranges: [{ opens: 600, closes: 720 }],
        note: "",
        confirmStranded: false,
      },
      { now: NOW },
    );
    expect(await slotsOn("2027-03-29")).toHaveLength(2);
    await insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt: at("2027-03-29", 10),
      endsAt: at("2027-03-29", 11),
    });
    const asked = await deleteOverride(
      t.db,
      admin,
      { id: easter.id ?? "", confirmStranded: false },
      { now: NOW },
    );
    expect(asked.ok).toBe(false);
    expect(asked.stranded).toHaveLength(1);
  });

  it("refuses to open what isn't an upcoming public holiday, field by field", async () => {
    await expect(openHoliday(t.db, admin, day("2026-12-24"), { now: NOW })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { date: ["That date is not a public holiday in England and Wales."] },
    });
    await expect(openHoliday(t.db, admin, day("2026-01-01"), { now: NOW })).rejects.toMatchObject({
      fieldErrors: { date: ["Choose today or a later date."] },
    });
    expect(holidayDateInput.safeParse({ date: "2026-02-30" }).success).toBe(false);
    expect(holidayRegionInput.safeParse({ holidayRegion: "GB-WLS" }).error?.issues[0]).toMatchObject({
      path: ["holidayRegion"],
      message: "Choose a region, or None.",
    });
  });

  it("keeps a non-admin from changing the region or opening and closing holidays", async () => {
    await expect(saveHolidayRegion(t.db, customer, region("none"), { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(openHoliday(t.db, customer, day("2027-01-01"), { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await openHoliday(t.db, admin, day("2027-01-01"), { now: NOW });
    await expect(closeHoliday(t.db, customer, day("2027-01-01", true), { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      saveOverride(
        t.db,
        customer,
        {
          date: "2027-05-03",
          isClosed: false,
          ranges: [{ opens: 600, closes: 720 }],
          note: "",
          confirmStranded: false,
        },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getSettingsOrThrow(t.db)).holidayRegion).toBe("GB-ENG");
    expect(await overrideOn("2027-01-01")).toMatchObject({ isClosed: false });
    expect(await slotsOn("2027-05-03")).toEqual([]);
    await closeHoliday(t.db, admin, day("2027-01-01"), { now: NOW });
  });

  it("with no region, every date keeps its weekly hours; the change is audited and tells the schedule", async () => {
    const events = async () =>
      (await t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed"))).length;
    const before = await events();
    expect(await saveHolidayRegion(t.db, admin, region("none"), { now: NOW })).toEqual({
      changed: ["holidayRegion"],
    });
    expect(await slotsOn("2026-12-28")).toHaveLength(10);
    expect((await loadHolidaySchedule(t.db, NOW)).days).toEqual([]);
    expect((await getCalendar({ view: "day", date: "2026-12-28" }, t.db)).days[0]).toMatchObject({
      holiday: null,
      closedNote: null,
    });
    expect((await audits("settings.holidays")).at(-1)).toMatchObject({
      actorId: admin.id,
      summary: { changes: { holidayRegion: { from: "GB-ENG", to: "none" } } },
    });
    expect(await events()).toBe(before + 1);
    // Saving the same region again changes nothing and writes nothing.
    expect(await saveHolidayRegion(t.db, admin, region("none"), { now: NOW })).toEqual({ changed: [] });
    expect(await audits("settings.holidays")).toHaveLength(1);
  });

  it("in Scotland closes 2 January (a Saturday in 2027, with its substitute) and not Easter Monday", async () => {
    await saveHolidayRegion(t.db, admin, region("GB-SCT"), { now: NOW });
    expect(await slotsOn("2027-01-02")).toEqual([]);
    expect(await slotsOn("2027-01-04")).toEqual([]);
    expect(await slotsOn("2027-11-30")).toEqual([]); // St Andrew's Day
    expect(await slotsOn("2027-08-30")).toHaveLength(10); // England's summer holiday
    expect(await slotsOn("2027-08-02")).toEqual([]); // Scotland's
    const names = (await loadHolidaySchedule(t.db, NOW)).days.map((d) => d.name);
    expect(names).toContain("2nd January");
    expect(names).not.toContain("Easter Monday");
    await saveHolidayRegion(t.db, admin, region("GB-NIR"), { now: NOW });
    expect(await slotsOn("2027-03-17")).toEqual([]); // St Patrick's Day
    expect(await slotsOn("2027-07-12")).toEqual([]); // the Battle of the Boyne
    await saveHolidayRegion(t.db, admin, region("GB-ENG"), { now: NOW });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "settings.holidays"), eq(auditLog.actorId, admin.id))),
    ).toHaveLength(4);
  });
});
