import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBookingRecord, newBookingRecord } from "@/modules/bookings/server";
import type { PriceCell, QuoteService } from "@/modules/pricing/domain/quote";
import { quoteVisit } from "@/modules/pricing/domain/visit-quote";
import { vehicleServiceHistory } from "@/modules/vehicle-history/server/vehicle-history";
import {
  bookingItems,
  bookings,
  bookingVehicles,
  reportDailyItems,
  services,
  vehicles,
} from "@/server/db/schema";
import {
  defaultAddressSnapshot,
  defaultVehicleSnapshot,
  insertBooking,
  insertCategory,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0050: one visit, several vehicles. The record the wizard and the phone booking write for a priced
// visit (newBookingRecord → insertBookingRecord), the database's rule that every package and add-on names
// its vehicle and nothing else does, and migration 0030's backfill of the lines booked before it.

const migration = readFileSync(
  new URL("../../drizzle/0030_multi_vehicle_visits.sql", import.meta.url),
  "utf8",
);
const statements = (from: string, to: string) =>
  migration
    .slice(migration.indexOf(from), migration.indexOf(to))
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s.replace(/--.*$/gm, "").trim() !== "");
const backfill = statements("-- BEGIN vehicle-position backfill", "-- END vehicle-position backfill");
const addCheck = statements(
  'ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_vehicle"',
  'ALTER TABLE "settings"',
);

describe.each(dbKinds)("a visit for several vehicles (%s)", (kind) => {
  let t: TestDatabase;
  let customerId: string;
  let teamId: string;
  let valet: QuoteService;
  let wash: QuoteService;
  const cells: Record<string, PriceCell> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    customerId = (await insertUser(t.db)).id;
    teamId = (await insertTeam(t.db)).id;
    const category = await insertCategory(t.db);
    const pkg = async (name: string) => {
      const row = await insertService(t.db, { categoryId: category.id, name, kind: "package" });
      return { id: row.id, name, kind: "package" as const, categoryId: category.id };
    };
    valet = await pkg("Full Valet");
    wash = await pkg("Exterior Wash");
    cells[`${valet.id}:M`] = { priceMinor: 9500, durationMinutes: 195 };
    cells[`${wash.id}:M`] = { priceMinor: 3000, durationMinutes: 45 };
    cells[`${wash.id}:L`] = { priceMinor: 4000, durationMinutes: 60 };
  });
  afterAll(() => t.drop());

  it("writes each vehicle, its lines, the bundle line and the total from the one priced visit", async () => {
    const q = quoteVisit({
      vehicles: [
        { package: valet, addons: [], vehicleSizeId: "M" },
        { package: wash, addons: [], vehicleSizeId: "M" },
        { package: wash, addons: [], vehicleSizeId: "L" },
      ],
      zone: { name: "Brixton", travelFeeMinor: 500, travelBufferMinutes: 10 },
      prices: (s, z) => cells[`${s}:${z}`],
      bundle: { secondVehiclePercent: 10, laterVehiclePercent: 15, minutesSavedPerExtraVehicle: 15 },
    });
    if (!q.ok) throw new Error("refused");
    const size = await insertVehicleSize(t.db);
    const saved = await insertVehicle(t.db, {
      ownerId: customerId,
      vehicleSizeId: size.id,
      registration: "FL22VAN",
    });
    const start = new Date("2026-06-01T09:00:00Z");
    const snap = (registration: string, sizeName: string) => ({
      ...defaultVehicleSnapshot,
      registration,
      sizeName,
    });
    const booking = await insertBookingRecord(
      t.db,
      newBookingRecord({
        idempotencyKey: "multi-vehicle-1",
        customerId,
        status: "confirmed",
        source: "online",
        slot: { teamId, start, end: new Date(start.getTime() + q.quote.totalMinutes * 60_000) },
        currency: "GBP",
        quote: q.quote,
        dueNowMinor: 0,
        vehicleId: null,
        vehicleSnapshot: snap("AB12CDE", "Medium"),
        moreVehicles: [
          { vehicleId: saved.id, vehicleSnapshot: snap("FL22VAN", "Medium") },
          { vehicleId: null, vehicleSnapshot: snap("FL23VAN", "Large") },
        ],
        addressId: null,
        addressSnapshot: defaultAddressSnapshot,
        customerNotes: null,
        holdExpiresAt: null,
        now: start,
        created: { actorId: customerId, data: {} },
        withAllocation: true,
      }),
    );
    // 9500 + 3000 + 4000, 10% off the second dearest (4000 → 400), 15% off the cheapest (3000 → 450), travel 500.
    expect(booking.totalMinor).toBe(9500 + 3000 + 4000 - 400 - 450 + 500);
    expect((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000).toBe(195 + 45 + 60 - 30);

    const more = await t.db
      .select({
        position: bookingVehicles.position,
        vehicleId: bookingVehicles.vehicleId,
        reg: sql<string>`${bookingVehicles.vehicleSnapshot} ->> 'registration'`,
      })
      .from(bookingVehicles)
      .where(eq(bookingVehicles.bookingId, booking.id))
      .orderBy(asc(bookingVehicles.position));
    expect(more).toEqual([
      { position: 1, vehicleId: saved.id, reg: "FL22VAN" },
      { position: 2, vehicleId: null, reg: "FL23VAN" },
    ]);
    const lines = await t.db
      .select({
        kind: bookingItems.kind,
        vehicle: bookingItems.vehiclePosition,
        price: bookingItems.priceMinor,
        minutes: bookingItems.minutes,
      })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, booking.id))
      .orderBy(asc(bookingItems.position));
    expect(lines).toEqual([
      { kind: "package", vehicle: 0, price: 9500, minutes: 195 },
      { kind: "package", vehicle: 1, price: 3000, minutes: 45 },
      { kind: "package", vehicle: 2, price: 4000, minutes: 60 },
      { kind: "discount", vehicle: null, price: -850, minutes: -30 },
      { kind: "travel_fee", vehicle: null, price: 500, minutes: 0 },
    ]);
    expect(lines.reduce((s, l) => s + l.price, 0)).toBe(booking.totalMinor);

    // A saved vehicle deleted later leaves the visit's snapshot; a booking deleted takes its vehicles.
    await t.db.delete(vehicles).where(eq(vehicles.id, saved.id));
    const [kept] = await t.db.select().from(bookingVehicles).where(eq(bookingVehicles.position, 1));
    expect(kept).toMatchObject({ vehicleId: null, vehicleSnapshot: { registration: "FL22VAN" } });
    await t.db.delete(bookings).where(eq(bookings.id, booking.id));
    expect(
      await t.db.select().from(bookingVehicles).where(eq(bookingVehicles.bookingId, booking.id)),
    ).toEqual([]);
  });

  it("each vehicle's service history shows the visits it was in, with its own lines", async () => {
    const size = await insertVehicleSize(t.db);
    const car = await insertVehicle(t.db, {
      ownerId: customerId,
      vehicleSizeId: size.id,
      registration: "CA12RRR",
    });
    const van = await insertVehicle(t.db, {
      ownerId: customerId,
      vehicleSizeId: size.id,
      registration: "VA12NNN",
    });
    await t.db.update(services).set({ maintenanceIntervalMonths: 6 }).where(eq(services.id, wash.id));
    const start = new Date("2026-05-04T09:00:00Z");
    await insertBookingRecord(t.db, {
      values: {
        reference: "FC-VISIT1",
        accessToken: "visit-history-token",
        customerId,
        teamId,
        status: "completed",
        startsAt: start,
        endsAt: new Date(start.getTime() + 3 * 3600_000),
        currency: "GBP",
        totalMinor: 9500 + 3000 - 300 + 500,
        vehicleId: car.id,
        vehicleSnapshot: { ...defaultVehicleSnapshot, registration: "CA12RRR" },
        addressSnapshot: defaultAddressSnapshot,
        jobNotes: "Both done.",
      },
      moreVehicles: [
        { vehicleId: van.id, vehicleSnapshot: { ...defaultVehicleSnapshot, registration: "VA12NNN" } },
      ],
      items: [
        {
          kind: "package",
          serviceId: valet.id,
          name: "Full Valet",
          priceMinor: 9500,
          minutes: 195,
          vehiclePosition: 0,
        },
        {
          kind: "package",
          serviceId: wash.id,
          name: "Exterior Wash",
          priceMinor: 3000,
          minutes: 45,
          vehiclePosition: 1,
        },
        { kind: "discount", name: "2 vehicles: 10% off the cheaper one", priceMinor: -300, minutes: 0 },
        { kind: "travel_fee", name: "Travel to Brixton", priceMinor: 500, minutes: 0 },
      ],
      created: { actorId: customerId },
      withAllocation: true,
    });
    const history = await vehicleServiceHistory(t.db, customerId, [car.id, van.id], {
      now: new Date("2026-06-01T09:00:00Z"),
    });
    expect(history.get(car.id)?.entries.map((e) => [e.reference, e.services])).toEqual([
      ["FC-VISIT1", ["Full Valet"]],
    ]);
    expect(history.get(van.id)?.entries.map((e) => [e.reference, e.services, e.jobNotes])).toEqual([
      ["FC-VISIT1", ["Exterior Wash"], "Both done."],
    ]);
    // The van's wash is due again in 6 months; booking it again starts the wizard with the van.
    const due = history.get(van.id)?.due ?? [];
    expect(due.map((d) => d.serviceName)).toEqual(["Exterior Wash"]);
    expect(due[0]?.bookHref).toContain(`vehicle=${van.id}`);
    expect(history.get(car.id)?.due).toEqual([]);
  });

  it("refuses a package or add-on that names no vehicle, and a visit's line that names one", async () => {
    const b = await insertBooking(t.db, { customerId, teamId, startsAt: new Date("2026-06-02T09:00:00Z") });
    const line = (kind: "package" | "travel_fee", vehiclePosition: number | null) =>
      t.db
        .insert(bookingItems)
        .values({ bookingId: b.id, kind, name: "x", priceMinor: 100, position: 5, vehiclePosition });
    await expect(line("package", null)).rejects.toThrow();
    await expect(line("travel_fee", 0)).rejects.toThrow();
    await expect(line("package", -1)).rejects.toThrow();
    await line("package", 1);
    await line("travel_fee", null);
  });

  it("migration 0030 gives every line booked before it the booking's own vehicle, reports unchanged", async () => {
    const b = await insertBooking(t.db, {
      customerId,
      teamId,
      startsAt: new Date("2026-06-03T09:00:00Z"),
      items: [
        { kind: "package", name: "Full Valet", priceMinor: 9500, minutes: 195 },
        { kind: "addon", name: "Pet Hair Removal", priceMinor: 2000, minutes: 30 },
        { kind: "travel_fee", name: "Travel to Brixton", priceMinor: 500, minutes: 0 },
      ],
    });
    const rollup = () =>
      t.db
        .select({
          name: reportDailyItems.name,
          lines: reportDailyItems.lines,
          revenue: reportDailyItems.revenueMinor,
        })
        .from(reportDailyItems)
        .orderBy(asc(reportDailyItems.localDate), asc(reportDailyItems.name));
    const before = await rollup();
    // As the code before it left them: no vehicle on any line, no rule.
    await t.db.execute(sql`ALTER TABLE booking_items DROP CONSTRAINT booking_items_vehicle`);
    await t.db.execute(sql`UPDATE booking_items SET vehicle_position = NULL`);
    expect(backfill.length).toBe(3);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    for (const statement of addCheck) await t.db.execute(sql.raw(statement));
    const lines = await t.db
      .select({ kind: bookingItems.kind, vehicle: bookingItems.vehiclePosition })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, b.id))
      .orderBy(asc(bookingItems.position));
    expect(lines).toEqual([
      { kind: "package", vehicle: 0 },
      { kind: "addon", vehicle: 0 },
      { kind: "travel_fee", vehicle: null },
    ]);
    expect(await rollup()).toEqual(before);
  });
});
