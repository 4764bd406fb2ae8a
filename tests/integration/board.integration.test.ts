import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Board, getBoard } from "@/modules/reports/server";
import { setDatabaseForProcess } from "@/server/db";
import { payments } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The live operations board on known data: Wednesday 25 November 2026, 10:00 in London (GMT). Two active
// vans and an inactive one, open 08:00–18:00 Monday to Saturday (closed Sunday): 600 minutes a van a day.

const NOW = new Date("2026-11-25T10:00:00Z");
const at = (s: string) => new Date(s);
const valet = { kind: "package" as const, name: "Full Valet", priceMinor: 8500, minutes: 180 };
const wax = { kind: "addon" as const, name: "Wax", priceMinor: 1500, minutes: 60 };

describe.each(dbKinds)("the live operations board on %s", (kind) => {
  let t: TestDatabase;
  let adminId = "";
  let customerId = "";
  const ref: Record<string, string> = {};
  let board: Board;
  const kpi = (key: string) => board.kpis.find((k) => k.key === key);
  const row = (team: string) => board.heat.rows.find((r) => r.teamName === team);
  const cell = (team: string, date: string) => row(team)?.cells.find((c) => c.date === date);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London" });
    const vanA = (await insertTeam(t.db, { name: "Van A", sortOrder: 1 })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B", sortOrder: 2 })).id;
    const vanC = (await insertTeam(t.db, { name: "Van C", sortOrder: 3, isActive: false })).id;
    await insertWeeklyHours(t.db, Object.fromEntries([1, 2, 3, 4, 5, 6].map((d) => [d, [[480, 1080]]])));
    adminId = (await insertUser(t.db, { name: "Ada Admin", role: "admin", email: "ada@example.test" })).id;
    const zoe = await insertUser(t.db, { name: "Zoë Adams", email: "zoe@example.test" });
    customerId = zoe.id;
    const add = async (key: string, input: Omit<Parameters<typeof insertBooking>[1], "customerId">) => {
      const b = await insertBooking(t.db, { customerId: zoe.id, withAllocation: false, ...input });
      ref[key] = b.reference;
      return b;
    };
    const settle = async (bookingId: string, when: string) =>
      t.db
        .update(payments)
        .set({ settledAt: at(when) })
        .where(eq(payments.bookingId, bookingId));

    // Today: A (3 h, paid £85 this morning) and B (4 h) on Van A; C on Van B was cancelled yesterday.
    const a = await add("A", {
      teamId: vanA,
      startsAt: at("2026-11-25T08:00:00Z"),
      status: "completed",
      paidMinor: 8500,
    });
    await settle(a.id, "2026-11-25T07:00:00Z");
    await add("B", { teamId: vanA, startsAt: at("2026-11-25T11:00:00Z"), items: [valet, wax] });
    await add("C", {
      teamId: vanB,
      startsAt: at("2026-11-25T14:00:00Z"),
      status: "cancelled",
      cancelledAt: at("2026-11-24T12:00:00Z"),
    });
    // Tomorrow: E on Van A. The heat map's last day (8 December): a full day on Van B; the 9th is beyond it.
    await add("E", { teamId: vanA, startsAt: at("2026-11-26T09:00:00Z") });
    await add("K", {
      teamId: vanB,
      startsAt: at("2026-12-08T08:00:00Z"),
      items: [{ ...valet, priceMinor: 20000, minutes: 600 }],
    });
    await add("M", { teamId: vanB, startsAt: at("2026-12-09T08:00:00Z") });
    // The inactive van still has a job on 1 December: listed, with no open time.
    await add("N", {
      teamId: vanC,
      startsAt: at("2026-12-01T10:00:00Z"),
      items: [{ ...valet, minutes: 120 }],
    });
    // Last Wednesday: I (3 h, £70, paid that morning).
    const i = await add("I", {
      teamId: vanA,
      startsAt: at("2026-11-18T10:00:00Z"),
      status: "completed",
      paidMinor: 7000,
      items: [{ ...valet, priceMinor: 7000 }],
    });
    await settle(i.id, "2026-11-18T09:00:00Z");
    board = await getBoard(t.db, { id: adminId }, { now: NOW });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("lays out today and tomorrow per active team on the opening hours", () => {
    const [today, tomorrow] = board.days;
    expect(today?.date).toBe("2026-11-25");
    expect(today?.count).toBe(2);
    expect(today?.axis.start).toBe(Date.parse("2026-11-25T08:00:00Z"));
    expect(today?.axis.end).toBe(Date.parse("2026-11-25T18:00:00Z"));
    expect(today?.lanes.map((l) => [l.teamName, l.jobs.map((j) => j.reference)])).toEqual([
      ["Van A", [ref.A, ref.B]],
      ["Van B", []],
    ]);
    expect(today?.lanes[0]?.jobs[1]).toMatchObject({
      time: "11:00 GMT",
      endTime: "15:00 GMT",
      status: "confirmed",
      customerName: "Zoë Adams",
      registration: "LB19XKT",
      services: ["Full Valet", "Wax"],
      startsAt: Date.parse("2026-11-25T11:00:00Z"),
    });
    expect(tomorrow?.lanes.map((l) => [l.teamName, l.jobs.map((j) => j.reference)])).toEqual([
      ["Van A", [ref.E]],
      ["Van B", []],
    ]);
  });

  it("fills the 14-day heat map with booked ÷ open minutes per team and day", () => {
    expect(board.heat.dates).toHaveLength(14);
    expect(board.heat.dates[0]).toBe("2026-11-25");
    expect(board.heat.dates[13]).toBe("2026-12-08");
    expect(board.heat.rows.map((r) => r.teamName)).toEqual(["Van A", "Van B", "Van C"]);
    expect(cell("Van A", "2026-11-25")).toMatchObject({
      jobs: 2,
      bookedMinutes: 420,
      openMinutes: 600,
      percent: 70,
    });
    // The cancelled job takes no time.
    expect(cell("Van B", "2026-11-25")).toMatchObject({
      jobs: 0,
      bookedMinutes: 0,
      openMinutes: 600,
      percent: 0,
    });
    expect(cell("Van A", "2026-11-26")).toMatchObject({ bookedMinutes: 180, percent: 30 });
    expect(cell("Van A", "2026-11-29")).toMatchObject({ openMinutes: 0, percent: null });
    expect(cell("Van B", "2026-12-08")).toMatchObject({ bookedMinutes: 600, percent: 100 });
    expect(cell("Van C", "2026-12-01")).toMatchObject({ bookedMinutes: 120, openMinutes: 0, percent: null });
  });

  it("compares this week with last week, with a value per day for the sparklines", () => {
    expect(kpi("jobs_today")).toMatchObject({
      value: "2",
      delta: { direction: "up", words: "Up 1 on this day last week" },
      current: [0, 0, 2, 1, 0, 0, 0],
      previous: [0, 0, 1, 0, 0, 0, 0],
    });
    // A £85 + B £100 + E £85 against I £70.
    expect(kpi("booked_week")).toMatchObject({
      value: "£270.00",
      delta: { words: "Up £200.00 on last week" },
      current: [0, 0, 18500, 8500, 0, 0, 0],
    });
    // So far (Monday to today): A's £85; last week by Wednesday: I's £70.
    expect(kpi("collected_week")).toMatchObject({
      value: "£85.00",
      delta: { words: "Up £15.00 on last week by the same day" },
      current: [0, 0, 8500],
      previous: [0, 0, 7000, 0, 0, 0, 0],
    });
    // 600 of 7,200 open team minutes (8%) against 180 (3%).
    expect(kpi("utilisation_week")).toMatchObject({
      value: "8%",
      delta: { words: "Up 5 points on last week" },
      current: [0, 0, 35, 15, 0, 0, 0],
    });
    expect(kpi("cancellations_week")).toMatchObject({
      value: "1",
      delta: { words: "Up 1 on last week by the same day" },
      current: [0, 1, 0],
    });
  });

  it("answers nobody but an admin", async () => {
    await expect(getBoard(t.db, { id: customerId }, { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getBoard(t.db, { id: "no-such-user" }, { now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
