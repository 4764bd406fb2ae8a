import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneBookingInput } from "@/modules/phone-bookings/admin-phone-schemas";
import { createAdminBooking, quotePhoneJob } from "@/modules/phone-bookings/server";
import { findBookingDocumentFacts, getBookingView } from "@/modules/bookings/server";
import { listAdminBookings } from "@/modules/booking-list/server/admin-bookings";
import { parseAdminBookingsQuery } from "@/modules/booking-list/server/admin-bookings-filters";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookingItems, bookings, bookingVehicles, vehicles } from "@/server/db/schema";
import {
  insertCategory,
  insertPrice,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
  insertWeeklyHours,
  insertZone,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 31 / ADR 0050: the business books several vehicles in one visit on the phone — a saved car and a
// van typed in — priced for each size with the bundle rule, held as one time on one team, the typed van
// saved to the customer's account. Over the business's limit, a vehicle twice or another customer's
// vehicle is refused under its own field, and nothing is written.

// Monday 11 January 2027, 09:00 GMT.
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 0, day, hour));

describe.each(dbKinds)("a phone booking for several vehicles, on %s", (kind) => {
  let t: TestDatabase;
  let teamId: string;
  let adminId: string;
  let customerId: string;
  let savedCarId: string;
  let sizes: { medium: string; large: string };
  let slugs: { valet: string; vanWash: string; petHair: string };
  const actor = () => ({ id: adminId, ip: "198.51.100.4" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 720,
      paymentMode: "full",
      maxVehiclesPerBooking: 3,
      bundleSecondVehiclePercent: 10,
      bundleLaterVehiclePercent: 15,
      bundleMinutesSavedPerExtraVehicle: 15,
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    teamId = (await insertTeam(t.db, { name: "Van 1" })).id;
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    customerId = (await insertUser(t.db, { name: "Dee Fleet" })).id;
    const cat = await insertCategory(t.db, { name: "Valet" });
    sizes = {
      medium: (await insertVehicleSize(t.db, { name: "Medium" })).id,
      large: (await insertVehicleSize(t.db, { name: "Large" })).id,
    };
    const valet = await insertService(t.db, { categoryId: cat.id, name: "Full Valet", kind: "package" });
    const vanWash = await insertService(t.db, { categoryId: cat.id, name: "Van Wash", kind: "package" });
    const petHair = await insertService(t.db, { categoryId: cat.id, name: "Pet Hair", kind: "addon" });
    const price = (serviceId: string, size: string, priceMinor: number, durationMinutes: number) =>
      insertPrice(t.db, { serviceId, vehicleSizeId: size, priceMinor, durationMinutes });
    await price(valet.id, sizes.medium, 9500, 120);
    await price(petHair.id, sizes.medium, 2000, 30);
    await price(vanWash.id, sizes.large, 4000, 60);
    await insertZone(t.db, { name: "Greenwich", postcodePrefixes: ["SE10"], travelFeeMinor: 750 });
    savedCarId = (
      await insertVehicle(t.db, { ownerId: customerId, vehicleSizeId: sizes.medium, registration: "AB12CDE" })
    ).id;
    slugs = { valet: valet.slug, vanWash: vanWash.slug, petHair: petHair.slug };
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const van = (registration: string) => ({
    make: "Ford",
    model: "Transit",
    registration,
    service: slugs.vanWash,
    size: sizes.large,
    addons: [],
  });
  const raw = (overrides: Record<string, unknown> = {}) => ({
    run: randomUUID(),
    customerMode: "existing",
    customerId,
    savedVehicleId: savedCarId,
    postcode: "SE10 9NF",
    line1: "3 Park Row",
    town: "London",
    service: slugs.valet,
    size: sizes.medium,
    addons: [slugs.petHair],
    more: [van("FL22 VAN")],
    start: at(12, 9).toISOString(),
    teamId,
    payment: "on_the_day",
    ...overrides,
  });
  const create = (input: Record<string, unknown>) =>
    createAdminBooking(t.db, actor(), phoneBookingInput.parse(input), {
      now: NOW,
    });
  const counts = async () => ({
    bookings: (await t.db.select({ n: count() }).from(bookings))[0]?.n,
    vehicles: (await t.db.select({ n: count() }).from(vehicles))[0]?.n,
    visitVehicles: (await t.db.select({ n: count() }).from(bookingVehicles))[0]?.n,
  });

  it("prices the visit for the form: each vehicle's lines by its place, the bundle line, travel once", async () => {
    const q = await quotePhoneJob(t.db, actor(), {
      service: slugs.valet,
      size: sizes.medium,
      addons: [slugs.petHair],
      more: [{ service: slugs.vanWash, size: sizes.large, addons: [] }],
      postcode: "SE10 9NF",
    });
    expect(q.errors).toEqual({});
    expect(q.lines.map((l) => [l.name, l.price])).toEqual([
      ["Vehicle 1: Full Valet", "£95.00"],
      ["Vehicle 1: Pet Hair", "£20.00"],
      ["Vehicle 2: Van Wash", "£40.00"],
      ["2 vehicles: 10% off the cheaper one, 15 min saved setting up once", "−£4.00"],
      ["Travel to Greenwich", "£7.50"],
    ]);
    expect(q).toMatchObject({ totalMinor: 9500 + 2000 + 4000 - 400 + 750, minutes: 120 + 30 + 60 - 15 });
  });

  it("books a saved car and a typed-in van as one visit, saving the van to the customer", async () => {
    const made = await create(raw());
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    expect(b).toMatchObject({ totalMinor: 15850, teamId, vehicleId: savedCarId });
    expect(((b?.endsAt.getTime() ?? 0) - (b?.startsAt.getTime() ?? 0)) / 60_000).toBe(195);
    const [more] = await t.db
      .select()
      .from(bookingVehicles)
      .where(eq(bookingVehicles.bookingId, made.bookingId));
    expect(more).toMatchObject({
      position: 1,
      vehicleSnapshot: { make: "Ford", model: "Transit", registration: "FL22VAN", sizeName: "Large" },
    });
    const [savedVan] = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, more?.vehicleId ?? ""));
    expect(savedVan).toMatchObject({
      ownerId: customerId,
      vehicleSizeId: sizes.large,
      registration: "FL22VAN",
    });
    const lines = await t.db
      .select({ name: bookingItems.name, vehicle: bookingItems.vehiclePosition })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, made.bookingId))
      .orderBy(asc(bookingItems.position));
    expect(lines.map((l) => l.vehicle)).toEqual([0, 0, 1, null, null]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, made.bookingId));
    expect(audit?.summary).toMatchObject({ vehicles: 2 });

    // Every page, email and document names each vehicle, and each vehicle's lines by its registration.
    const view = await getBookingView(t.db, made.bookingId);
    expect(view.vehicles.map((v) => [v.registration, v.sizeName])).toEqual([
      ["AB12CDE", "Medium"],
      ["FL22VAN", "Large"],
    ]);
    expect(view.vehicleLabel).toBe("Volkswagen Golf, AB12CDE; Ford Transit, FL22VAN");
    const named = [
      "Full Valet — AB12CDE",
      "Pet Hair — AB12CDE",
      "Van Wash — FL22VAN",
      "2 vehicles: 10% off the cheaper one, 15 min saved setting up once",
      "Travel to Greenwich",
    ];
    expect(view.items.map((i) => i.name)).toEqual(named);
    expect((await findBookingDocumentFacts(t.db, made.bookingId))?.items.map((i) => i.name)).toEqual(named);

    // The bookings table finds the visit by its second vehicle's registration and lists both.
    const found = await listAdminBookings(
      t.db,
      { role: "admin" },
      parseAdminBookingsQuery({ q: "fl22" }),
      "Europe/London",
    );
    expect(found.rows.map((r) => [r.id, r.registration])).toEqual([[made.bookingId, "AB12CDE, FL22VAN"]]);
  });

  it("refuses, under each field and writing nothing: over the limit, a vehicle twice, another's vehicle, a missing size", async () => {
    const other = await insertUser(t.db, { name: "Someone Else" });
    const theirs = await insertVehicle(t.db, {
      ownerId: other.id,
      vehicleSizeId: sizes.large,
      registration: "ZZ99ZZZ",
    });
    const before = await counts();
    const refusal = (input: Record<string, unknown>) =>
      create(input).then(
        () => null,
        (e: { fieldErrors?: Record<string, string[]> }) => e.fieldErrors,
      );
    expect(await refusal(raw({ more: [van("FL22 VAN"), van("FL23 VAN"), van("FL24 VAN")] }))).toEqual({
      more: ["One visit takes at most 3 vehicles: book the others as another visit."],
    });
    expect(await refusal(raw({ more: [van("FL22 VAN"), van("fl22van")] }))).toEqual({
      "more.1.registration": ["This vehicle is already in the visit."],
    });
    expect(await refusal(raw({ more: [{ ...van("x"), savedVehicleId: savedCarId }] }))).toEqual({
      "more.0.savedVehicleId": ["This vehicle is already in the visit."],
    });
    expect(await refusal(raw({ more: [{ ...van("x"), savedVehicleId: theirs.id }] }))).toEqual({
      "more.0.savedVehicleId": ["Choose one of the customer's vehicles."],
    });
    const parsed = phoneBookingInput.safeParse(raw({ more: [{ ...van("FL22 VAN"), size: "" }] }));
    expect(parsed.success ? null : parsed.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["more.0.size", "Choose the vehicle's size."],
    ]);
    expect(await counts()).toEqual(before);
  });
});
