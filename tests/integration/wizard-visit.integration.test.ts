import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBookingInput, wizardStepInput } from "@/modules/wizard/book-schemas";
import { createBooking } from "@/modules/wizard/server/create-booking";
import { checkWizardStep } from "@/modules/wizard/server/wizard-step";
import { loadWizardPage } from "@/modules/wizard/server/wizard-page";
import { newRunId } from "@/modules/wizard/domain/wizard-state";
import { ALREADY_IN_VISIT, limitMessage, NOT_YOURS } from "@/modules/wizard/domain/wizard-visit";
import { setDatabaseForProcess } from "@/server/db";
import { forgetAuthForTests } from "@/server/auth";
import { allocations, bookingItems, bookings, bookingVehicles, vehicles } from "@/server/db/schema";
import { AppError } from "@/server/errors";
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

// Issue 31 / ADR 0050 online: a family books two cars in one visit through the wizard — each priced for its
// size, the bundle line, one time on one team, every typed vehicle kept on the account — and a signed-in
// customer adds a saved car doing "the same as the first". A vehicle over the limit, twice, someone else's or
// without its details is refused under its own field, and nothing is written.

// Monday 11 January 2027, 09:00 GMT; the visits are on Tuesday the 12th.
const NOW = new Date("2027-01-11T09:00:00Z");
const START = new Date("2027-01-12T09:00:00Z");
const noCheckout = async () => ({ url: "/never" });

describe.each(dbKinds)("several vehicles booked online, on %s", (kind) => {
  let t: TestDatabase;
  let sizes: { medium: string; large: string };
  let slugs: { valet: string; vanWash: string; petHair: string };
  let customer: { id: string; carId: string; secondCarId: string };
  let strangersCarId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 60,
      paymentMode: "on_the_day",
      maxVehiclesPerBooking: 3,
      bundleSecondVehiclePercent: 10,
      bundleLaterVehiclePercent: 15,
      bundleMinutesSavedPerExtraVehicle: 15,
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    await insertTeam(t.db, { name: "Van 1" });
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
    slugs = { valet: valet.slug, vanWash: vanWash.slug, petHair: petHair.slug };
    const owner = (await insertUser(t.db, { name: "Pat Family" })).id;
    const car = (registration: string, ownerId = owner) =>
      insertVehicle(t.db, { ownerId, vehicleSizeId: sizes.medium, registration });
    customer = { id: owner, carId: (await car("AB12CDE")).id, secondCarId: (await car("CD34EFG")).id };
    const stranger = (await insertUser(t.db, { name: "Someone Else" })).id;
    strangersCarId = (await car("ZZ99ZZZ", stranger)).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });

  const van = { make: "Ford", model: "Transit", registration: "fl22 van", colour: "" };
  let seq = 0;
  const guestRaw = (overrides: Record<string, unknown> = {}) => ({
    run: newRunId(),
    runSecret: newRunId(),
    service: slugs.valet,
    size: sizes.medium,
    addons: [slugs.petHair],
    postcode: "SE10 9NF",
    start: START.toISOString(),
    vehicleDetails: { make: "Volkswagen", model: "Golf", registration: "LB19 XKT" },
    more: `s~${sizes.large}~${slugs.vanWash}~`,
    moreDetails: [van],
    addressDetails: { line1: "3 Park Row", town: "London" },
    contact: { name: "Sam Family", email: `family-${kind}-${++seq}@example.test`, phone: "07700 900123" },
    acceptPolicies: true,
    ...overrides,
  });
  const book = (raw: Record<string, unknown>, actor: { id: string; role: "customer" } | null = null) =>
    createBooking(t.db, actor, createBookingInput.parse(raw), { now: NOW, startCheckout: noCheckout });
  const counts = async () => ({
    bookings: (await t.db.select({ n: count() }).from(bookings))[0]?.n,
    vehicles: (await t.db.select({ n: count() }).from(vehicles))[0]?.n,
    visitVehicles: (await t.db.select({ n: count() }).from(bookingVehicles))[0]?.n,
  });
  async function refusal(p: Promise<unknown>): Promise<AppError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it("books a guest's car and van as one visit: lines per vehicle, the bundle line, one allocation", async () => {
    const result = await book(guestRaw());
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    // 9500 + 2000 (car) + 4000 (van) − 10% of the van (the cheaper) + 750 travel.
    expect(b?.totalMinor).toBe(9500 + 2000 + 4000 - 400 + 750);
    expect(b?.endsAt.getTime()).toBe(START.getTime() + (120 + 30 + 60 - 15) * 60_000);
    expect(b?.vehicleSnapshot.registration).toBe("LB19XKT");
    const items = await t.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, result.bookingId))
      .orderBy(asc(bookingItems.position));
    expect(items.map((i) => [i.kind, i.name, i.priceMinor, i.vehiclePosition])).toEqual([
      ["package", "Full Valet", 9500, 0],
      ["addon", "Pet Hair", 2000, 0],
      ["package", "Van Wash", 4000, 1],
      ["discount", "2 vehicles: 10% off the cheaper one, 15 min saved setting up once", -400, null],
      ["travel_fee", "Travel to Greenwich", 750, null],
    ]);
    const [second] = await t.db
      .select()
      .from(bookingVehicles)
      .where(eq(bookingVehicles.bookingId, result.bookingId));
    expect(second).toMatchObject({ position: 1 });
    expect(second?.vehicleSnapshot).toMatchObject({ registration: "FL22VAN", sizeName: "Large" });
    // Both vehicles are kept on the account the booking made, as the first one always was.
    const kept = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.ownerId, b?.customerId ?? ""));
    expect(kept.map((v) => v.registration).sort()).toEqual(["FL22VAN", "LB19XKT"]);
    expect(second?.vehicleId).toBe(kept.find((v) => v.registration === "FL22VAN")?.id);
    const allocs = await t.db.select().from(allocations).where(eq(allocations.bookingId, result.bookingId));
    expect(allocs).toHaveLength(1);
  });

  it("books a signed-in customer's two saved cars, the second doing the same as the first", async () => {
    const result = await book(
      {
        ...guestRaw(),
        size: undefined,
        savedVehicleId: customer.carId,
        vehicleDetails: undefined,
        contact: undefined,
        more: `v~${customer.secondCarId}`,
        moreDetails: [null],
        // After the 09:00–12:15 visit above: 285 minutes to 17:15.
        start: new Date("2027-01-12T12:30:00Z").toISOString(),
      },
      { id: customer.id, role: "customer" },
    );
    const items = await t.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, result.bookingId))
      .orderBy(asc(bookingItems.position));
    expect(items.map((i) => [i.name, i.priceMinor, i.vehiclePosition])).toEqual([
      ["Full Valet", 9500, 0],
      ["Pet Hair", 2000, 0],
      ["Full Valet", 9500, 1],
      ["Pet Hair", 2000, 1],
      ["2 vehicles: 10% off the cheaper one, 15 min saved setting up once", -1150, null],
      ["Travel to Greenwich", 750, null],
    ]);
    const [second] = await t.db
      .select()
      .from(bookingVehicles)
      .where(eq(bookingVehicles.bookingId, result.bookingId));
    expect(second?.vehicleId).toBe(customer.secondCarId);
  });

  it.each([
    [
      "more vehicles than the business takes",
      () => ({
        more: Array(3).fill(`s~${sizes.large}~${slugs.vanWash}~`).join(","),
        moreDetails: ["V1", "V2", "V3"].map((registration) => ({ ...van, registration })),
      }),
      { more: [limitMessage(3)] },
    ],
    ["a new vehicle without its details", () => ({ moreDetails: [] }), null],
    [
      "the first vehicle's registration again",
      () => ({ moreDetails: [{ ...van, registration: "lb19xkt" }] }),
      { "more.0.registration": [ALREADY_IN_VISIT] },
    ],
    [
      "someone else's saved vehicle",
      () => ({ more: `v~${strangersCarId}`, moreDetails: [null] }),
      { "more.0.vehicle": [NOT_YOURS] },
    ],
    [
      "a size the further vehicle's package isn't offered for",
      () => ({ more: `s~${sizes.medium}~${slugs.vanWash}~` }),
      null,
    ],
  ])("refuses %s under its field and writes nothing", async (_name, overrides, expected) => {
    const before = await counts();
    const err = await refusal(book(guestRaw(overrides())));
    expect(err.code).toBe("VALIDATION");
    if (expected) expect(err.fieldErrors).toEqual(expected);
    else expect(Object.keys(err.fieldErrors ?? {}).every((k) => k.startsWith("more.0."))).toBe(true);
    expect(await counts()).toEqual(before);
  });

  describe("the step that adds a vehicle", () => {
    const step = (values: Record<string, unknown>, actor: { id: string } | null = null) =>
      checkWizardStep(
        t.db,
        wizardStepInput.parse({
          run: newRunId(),
          service: slugs.valet,
          size: sizes.medium,
          addons: [slugs.petHair],
          step: "vehicles",
          ...values,
        }),
        actor,
      );

    it("adds a typed van with its own job to the URL and gives back what to keep in the tab", async () => {
      const r = await step({ addSize: sizes.large, addService: slugs.vanWash, ...van });
      expect(r.redirectTo).toContain(`more=s~${sizes.large}~${slugs.vanWash}~`);
      expect(r.redirectTo).toContain("step=vehicles");
      expect(r.values).toMatchObject({ make: "Ford", registration: "FL22VAN" });
    });

    it("adds a saved car (nothing to keep) after the vehicles already in the visit", async () => {
      const r = await step(
        { more: `s~${sizes.large}~${slugs.vanWash}~`, addVehicle: customer.secondCarId },
        { id: customer.id },
      );
      expect(r.redirectTo).toContain(`more=s~${sizes.large}~${slugs.vanWash}~,v~${customer.secondCarId}`);
      expect(r.values).toBeNull();
    });

    it.each([
      ["no size and no details", () => ({}), ["addSize", "make", "model", "registration"]],
      ["a size its job isn't offered for", () => ({ addSize: sizes.large, ...van }), ["addSize"]],
      [
        "a registration the visit has",
        () => ({ addSize: sizes.large, addService: slugs.vanWash, ...van, otherRegistrations: ["FL22 VAN"] }),
        ["registration"],
      ],
    ])("refuses %s under the form's fields", async (_name, values, fields) => {
      const err = await refusal(step(values()));
      expect(Object.keys(err.fieldErrors ?? {}).sort()).toEqual([...fields].sort());
    });

    it("refuses a vehicle past the business's limit as a message for the form", async () => {
      const two = Array(2).fill(`s~${sizes.large}~${slugs.vanWash}~`).join(",");
      const err = await refusal(step({ more: two, addSize: sizes.large, addService: slugs.vanWash, ...van }));
      expect(err.message).toBe(limitMessage(3));
    });

    it("refuses a guest's pick of a saved vehicle (nobody's own)", async () => {
      const err = await refusal(step({ addVehicle: customer.secondCarId }));
      expect(err.fieldErrors).toEqual({ addVehicle: [NOT_YOURS] });
    });
  });

  it("prices the page's visit and looks for its whole time on the date step", async () => {
    const page = await loadWizardPage(
      {
        service: slugs.valet,
        size: sizes.medium,
        addons: slugs.petHair,
        more: `s~${sizes.large}~${slugs.vanWash}~`,
        postcode: "SE10 9NF",
        step: "time",
        date: "2027-01-13",
        run: newRunId(),
      },
      null,
      NOW,
    );
    if (page.kind !== "wizard") throw new Error(`expected the wizard, got ${page.kind}`);
    expect(page.steps).toContain("vehicles");
    expect(page.quote?.totalMinutes).toBe(120 + 30 + 60 - 15);
    expect(page.summary?.lines?.map((l) => l.name)).toEqual([
      "Vehicle 1: Full Valet",
      "Vehicle 1: Pet Hair",
      "Vehicle 2: Van Wash",
      "2 vehicles: 10% off the cheaper one, 15 min saved setting up once",
      "Travel to Greenwich",
    ]);
    expect(page.summary?.vehicle).toBe("2 vehicles");
    // A free Wednesday closing at 18:00: the last start leaves the visit's 195 minutes.
    const starts = page.times?.slots?.map((s) => s.start.toISOString()) ?? [];
    expect(starts.at(-1)).toBe("2027-01-13T14:30:00.000Z");
  });
});
