import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previousRange } from "@/modules/reports/domain/analytics";
import { rangeOf } from "@/modules/reports/domain/range";
import {
  analyticsData,
  bookingRates,
  bookingTrend,
  categoryMix,
  getAnalyticsPage,
  leadTimes,
  repeatCustomers,
  teamUtilisation,
  weekdayHourHeat,
} from "@/modules/reports/server";
import { setDatabaseForProcess } from "@/server/db";
import { bookingEvents } from "@/server/db/schema";
import {
  defaultVehicleSnapshot,
  insertBooking,
  insertCategory,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Every analytics query on a small hand-made data set whose answers are worked out by hand: the week
// Thu 22 – Wed 28 October 2026 in London, across the clock change (Sunday 25 October, 02:00 BST → 01:00
// GMT), against the seven days before it. Local dates and hours must come out in London time on both
// sides of the change (a 09:00 job is at 09:00 whether that is 08:00 or 09:00 UTC).

const LONDON = "Europe/London";
const at = (s: string) => new Date(s);
const week = rangeOf("custom", "2026-10-22", "2026-10-28", LONDON);
const weekBefore = previousRange(week);
const admin = { role: "admin" as const };
const size = (sizeName: string) => ({ vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName } });

describe.each(dbKinds)("analytics on %s", (kind) => {
  let t: TestDatabase;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: LONDON, currency: "GBP" });
    const vanA = (await insertTeam(t.db, { name: "Van A", sortOrder: 1 })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B", sortOrder: 2 })).id;
    // Open 08:00–18:00 every day: 600 minutes a day per active team.
    await insertWeeklyHours(t.db, Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [[480, 1080]]])));
    const valeting = await insertCategory(t.db, { name: "Valeting" });
    const extras = await insertCategory(t.db, { name: "Extras" });
    const valetService = await insertService(t.db, { categoryId: valeting.id, name: "Full Valet" });
    const waxService = await insertService(t.db, { categoryId: extras.id, name: "Wax", kind: "addon" });
    const valet = {
      kind: "package" as const,
      name: "Full Valet",
      priceMinor: 8500,
      minutes: 180,
      serviceId: valetService.id,
    };
    const wax = {
      kind: "addon" as const,
      name: "Wax",
      priceMinor: 1500,
      minutes: 60,
      serviceId: waxService.id,
    };
    // A service since deleted: its lines have no service (and so no category).
    const mini = { kind: "package" as const, name: "Mini Valet", priceMinor: 4000, minutes: 60 };
    const zoe = (await insertUser(t.db, { name: "Zoë Adams", email: "zoe@example.test" })).id;
    const bob = (await insertUser(t.db, { name: "Bob Brown", email: "bob@example.test" })).id;
    const cat = (await insertUser(t.db, { name: "Cat Clark", email: "cat@example.test" })).id;
    const dee = (await insertUser(t.db, { name: "Dee Dean", email: "dee@example.test" })).id;
    const add = async (key: string, input: Parameters<typeof insertBooking>[1]) => {
      id[key] = (await insertBooking(t.db, { withAllocation: false, items: [valet], ...input })).id;
    };

    // The week before (Thu 15 – Wed 21 October, BST).
    await add("P1", {
      customerId: zoe,
      teamId: vanA,
      startsAt: at("2026-10-16T10:00:00Z"),
      createdAt: at("2026-10-16T07:00:00Z"),
      status: "completed",
    });
    await add("P2", {
      customerId: dee,
      teamId: vanB,
      startsAt: at("2026-10-17T10:00:00Z"),
      status: "cancelled",
    });

    // The week. A: Thursday 09:00 BST (08:00 UTC), booked on the Tuesday.
    await add("A", {
      customerId: zoe,
      teamId: vanA,
      startsAt: at("2026-10-22T08:00:00Z"),
      createdAt: at("2026-10-20T10:00:00Z"),
      status: "completed",
      items: [valet, wax],
      ...size("Small"),
    });
    // B: Monday 09:00 GMT (09:00 UTC), booked at 00:30 BST on Sunday 25th (23:30 UTC on the 24th): the
    // day before, in London.
    await add("B", {
      customerId: cat,
      teamId: vanA,
      startsAt: at("2026-10-26T09:00:00Z"),
      createdAt: at("2026-10-24T23:30:00Z"),
      status: "confirmed",
      ...size("Large"),
    });
    // C: 00:30 BST on Sunday 25th (23:30 UTC on the 24th), cancelled.
    await add("C", {
      customerId: dee,
      teamId: vanB,
      startsAt: at("2026-10-24T23:30:00Z"),
      createdAt: at("2026-10-01T09:00:00Z"),
      status: "cancelled",
    });
    // D: Tuesday 14:00, booked that morning, missed; a deleted service.
    await add("D", {
      customerId: bob,
      teamId: vanB,
      startsAt: at("2026-10-27T14:00:00Z"),
      createdAt: at("2026-10-27T08:00:00Z"),
      status: "no_show",
      items: [mini],
      ...size("Small"),
    });
    // E: Wednesday 10:00, booked eight weeks ahead, moved once.
    await add("E", {
      customerId: bob,
      teamId: vanB,
      startsAt: at("2026-10-28T10:00:00Z"),
      createdAt: at("2026-09-01T09:00:00Z"),
      status: "completed",
      ...size("Large"),
    });
    await t.db.insert(bookingEvents).values({
      bookingId: id.E ?? "",
      type: "rescheduled",
      fromValue: "2026-10-21T10:00:00.000Z",
      toValue: "2026-10-28T10:00:00.000Z",
      at: at("2026-10-10T09:00:00Z"),
    });
    // G: declined (never made) — not in the rates. F: 00:30 on Thursday 29th, after the week.
    await add("G", {
      customerId: dee,
      teamId: vanA,
      startsAt: at("2026-10-23T12:00:00Z"),
      status: "declined",
    });
    await add("F", {
      customerId: dee,
      teamId: vanA,
      startsAt: at("2026-10-29T00:30:00Z"),
      status: "confirmed",
    });
  });

  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("the previous period is the seven days before", () => {
    expect([weekBefore.fromDate, weekBefore.toDate, weekBefore.days]).toEqual([
      "2026-10-15",
      "2026-10-21",
      7,
    ]);
  });

  it("booked jobs and revenue by local day and by month", async () => {
    const days = await bookingTrend(t.db, week, "day");
    expect(days.rows).toEqual([
      { period: "2026-10-22", bookings: 1, revenueMinor: 10000 },
      { period: "2026-10-26", bookings: 1, revenueMinor: 8500 },
      // The missed job without a fee set charges nothing: booked, as the revenue report counts it.
      { period: "2026-10-27", bookings: 1, revenueMinor: 0 },
      { period: "2026-10-28", bookings: 1, revenueMinor: 8500 },
    ]);
    expect(days.total).toEqual({ period: "", bookings: 4, revenueMinor: 27000 });
    const before = await bookingTrend(t.db, weekBefore, "day");
    expect(before.total).toEqual({ period: "", bookings: 1, revenueMinor: 8500 });
    // October: P1, A, B, D, E and F (00:30 GMT on the 29th); the cancelled and declined are not booked.
    const months = await bookingTrend(t.db, rangeOf("custom", "2026-10-01", "2026-10-31", LONDON), "month");
    expect(months.rows).toEqual([{ period: "2026-10", bookings: 6, revenueMinor: 44000 }]);
  });

  it("revenue by category, a deleted service's lines without one", async () => {
    const mix = await categoryMix(t.db, week);
    expect(mix.rows).toEqual([
      { name: "Valeting", count: 3, revenueMinor: 25500 },
      { name: "", count: 1, revenueMinor: 4000 },
      { name: "Extras", count: 1, revenueMinor: 1500 },
    ]);
    expect(mix.total).toEqual({ name: "", count: 5, revenueMinor: 31000 });
  });

  it("jobs by local weekday and hour, the same 09:00 on both sides of the clock change", async () => {
    expect(await weekdayHourHeat(t.db, week)).toEqual([
      { weekday: 1, hour: 9, jobs: 1 },
      { weekday: 2, hour: 14, jobs: 1 },
      { weekday: 3, hour: 10, jobs: 1 },
      { weekday: 4, hour: 9, jobs: 1 },
    ]);
  });

  it("lead time in local days", async () => {
    // D same day, B the day before in London (two UTC dates apart), A two days, E 57 days.
    expect(await leadTimes(t.db, week)).toEqual({ buckets: [1, 1, 1, 0, 0, 1], total: 4 });
    expect(await leadTimes(t.db, weekBefore)).toEqual({ buckets: [1, 0, 0, 0, 0, 0], total: 1 });
  });

  it("cancellation, no-show and reschedule counts of the bookings made; repeat customers", async () => {
    expect(await bookingRates(t.db, week)).toEqual({ bookings: 5, cancelled: 1, noShows: 1, rescheduled: 1 });
    expect(await bookingRates(t.db, weekBefore)).toEqual({
      bookings: 2,
      cancelled: 1,
      noShows: 0,
      rescheduled: 0,
    });
    // Zoë booked before the week, Bob twice in it; Cat once.
    expect(await repeatCustomers(t.db, week)).toEqual({ customers: 3, repeat: 2 });
    expect(await repeatCustomers(t.db, weekBefore)).toEqual({ customers: 1, repeat: 0 });
  });

  it("utilisation by team", async () => {
    const u = await teamUtilisation(t.db, week);
    expect(u.rows.map((r) => [r.label, r.jobs, r.bookedMinutes, r.openMinutes])).toEqual([
      ["Van A", 2, 420, 4200],
      ["Van B", 2, 240, 4200],
    ]);
    expect([u.total.bookedMinutes, u.total.openMinutes]).toEqual([660, 8400]);
  });

  it("the page's figures, sentences and tables", async () => {
    const d = await analyticsData(t.db, week, "GBP");
    expect(d.grain).toBe("day");
    expect(d.trend.points).toHaveLength(7);
    expect(d.trend.points[0]).toEqual({
      label: "22 Oct",
      bookings: 1,
      revenueMinor: 10000,
      previousBookings: 0,
      previousRevenueMinor: 0,
    });
    // Friday 16th is the second day of the week before, beside Friday 23rd.
    expect(d.trend.points[1]).toMatchObject({ label: "23 Oct", bookings: 0, previousRevenueMinor: 8500 });
    expect(d.trend.summary).toEqual([
      "Booked up 218% on the previous 7 days (£270.00, against £85.00).",
      "Bookings up 300% on the previous 7 days (4, against 1).",
    ]);
    expect(d.trend.table.rows.at(-1)).toEqual(["Total", "4", "£270.00", "1", "£85.00"]);
    expect(d.mix.category.summary[0]).toBe("Valeting brought the most: £255.00, 82.3% of £310.00.");
    expect(d.mix.service.points[0]).toEqual({ label: "Full Valet", current: 25500, previous: 8500 });
    // The week before's job was for a medium car: listed after this week's sizes, with nothing now.
    expect(d.mix.size.points).toEqual([
      { label: "Large", current: 17000, previous: 0 },
      { label: "Small", current: 14000, previous: 0 },
      { label: "Medium", current: 0, previous: 8500 },
    ]);
    expect(d.heat.summary).toEqual(["The busiest time is Monday at 09:00, with 1 job starting then."]);
    expect(d.heat.table.rows[3]?.slice(0, 3)).toEqual(["Thursday", "0", "1"]);
    expect(d.lead.summary[1]).toBe(
      "Booked on the day or the day before 50.0% (2 of 4 jobs), down 50.0 points on the previous 7 days (100.0%).",
    );
    expect(d.rates.summary).toEqual([
      "Cancellation rate 20.0% (1 of 5 bookings), down 30.0 points on the previous 7 days (50.0%).",
      "No-show rate 20.0% (1 of 5 bookings), up 20.0 points on the previous 7 days (0.0%).",
      "Reschedule rate 20.0% (1 of 5 bookings), up 20.0 points on the previous 7 days (0.0%).",
      "Repeat-customer rate 66.7% (2 of 3 customers), up 66.7 points on the previous 7 days (0.0%).",
    ]);
    expect(d.teams.summary).toEqual([
      "Utilisation 7.9% (11.0 h booked of 140.0 h open), up 5.8 points on the previous 7 days (2.1%).",
    ]);
    expect(d.teams.table.rows[0]).toEqual(["Van A", "7.0 h", "70.0 h", "10.0%", "4.3%"]);
  });

  it("a range with nothing before it says so, not Infinity%", async () => {
    const first = rangeOf("custom", "2026-10-15", "2026-10-21", LONDON);
    const d = await analyticsData(t.db, first, "GBP");
    expect(d.trend.summary[0]).toBe("Booked £85.00; no booked value in the previous 7 days.");
    expect(d.rates.summary[0]).toBe(
      "Cancellation rate 50.0% (1 of 2 bookings); no bookings in the previous 7 days.",
    );
    const empty = await analyticsData(t.db, rangeOf("custom", "2030-01-01", "2030-01-31", LONDON), "GBP");
    expect(empty.trend.summary[0]).toBe("No booked value in this period or the previous 31 days.");
    expect(empty.heat.summary).toEqual(["No job starts in this period."]);
  });

  it("admins only, with field messages for bad dates", async () => {
    const q = (s: string) => new URLSearchParams(s);
    const page = await getAnalyticsPage(t.db, admin, q("range=custom&from=2026-10-22&to=2026-10-28"));
    expect(page.ok && page.data.trend.summary[0]).toMatch(/^Booked up 218%/);
    const bad = await getAnalyticsPage(t.db, admin, q("range=custom&from=2026-10-28&to=2026-10-22"));
    expect(!bad.ok && bad.parsed.errors).toEqual({ to: "The last date must be on or after the first." });
    await expect(getAnalyticsPage(t.db, { role: "customer" }, q(""))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getAnalyticsPage(t.db, null, q(""))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
