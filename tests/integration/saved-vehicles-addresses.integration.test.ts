import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedAddressInput, savedVehicleInput } from "@/modules/accounts/garage-schemas";
import {
  deleteEntry,
  listMyAddresses,
  listMyVehicles,
  saveMyAddress,
  saveMyVehicle,
  setDefaultEntry,
} from "@/modules/accounts/server";
import { addresses, bookings, vehicles } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  insertAddress,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
  type UserRow,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 13: /dashboard/vehicles and /dashboard/addresses. Everything is the owner's own (someone else's
// id is "not found", and changes nothing); one default each; deleting is refused while a booking that
// isn't over uses the entry; editing never changes what a booking was made with.

const NOW = new Date("2030-03-04T09:00:00Z");
const vehicleIn = (over: Record<string, unknown> = {}) =>
  savedVehicleInput.parse({ make: "Ford", model: "Focus", registration: "ab12 cde", ...over });
const addressIn = (over: Record<string, unknown> = {}) =>
  savedAddressInput.parse({ line1: "2 Oak Road", town: "London", postcode: "sw9 8ab", ...over });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(dbKinds)("saved vehicles and addresses, on %s", (kind) => {
  let t: TestDatabase;
  let me: UserRow;
  let other: UserRow;
  let sizeId: string;
  let teamId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    sizeId = (await insertVehicleSize(t.db, { name: "Medium" })).id;
    teamId = (await insertTeam(t.db)).id;
    me = await insertUser(t.db, { role: "customer" });
    other = await insertUser(t.db, { role: "customer" });
  });
  afterAll(async () => t?.drop());

  it("adds vehicles: the first is the default, registrations are normalised and unique per owner", async () => {
    const first = await saveMyVehicle(t.db, me, vehicleIn({ vehicleSizeId: sizeId, year: "2019" }), {
      now: NOW,
    });
    const second = await saveMyVehicle(
      t.db,
      me,
      vehicleIn({ registration: "XY99 ZZZ", make: "Tesla", model: "Model 3", vehicleSizeId: sizeId }),
    );
    const list = await listMyVehicles(t.db, me);
    expect(list.map((v) => [v.id, v.registration, v.isDefault, v.sizeName])).toEqual([
      [first, "AB12CDE", true, "Medium"],
      [second, "XY99ZZZ", false, "Medium"],
    ]);
    expect(list[0]?.year).toBe(2019);

    const dup = await refusal(
      saveMyVehicle(t.db, me, vehicleIn({ registration: "AB12CDE", vehicleSizeId: sizeId })),
    );
    expect(dup.fieldErrors?.registration?.[0]).toMatch(/already saved a vehicle with this registration/);
    // Another customer may have the same car saved: registrations are unique per owner only.
    await saveMyVehicle(t.db, other, vehicleIn({ vehicleSizeId: sizeId }));
    expect(await listMyVehicles(t.db, me)).toHaveLength(2);
  });

  it("refuses a size that isn't offered, with a field message, writing nothing", async () => {
    const retired = await insertVehicleSize(t.db, { name: "Retired", isActive: false });
    const before = await listMyVehicles(t.db, me);
    const err = await refusal(
      saveMyVehicle(t.db, me, vehicleIn({ registration: "NEW1", vehicleSizeId: retired.id })),
    );
    expect(err.fieldErrors?.vehicleSizeId).toEqual(["Choose the vehicle's size."]);
    expect(await listMyVehicles(t.db, me)).toEqual(before);
  });

  it("validates like the wizard: field messages for every bad field", () => {
    const bad = savedVehicleInput.safeParse({
      make: " ",
      model: "",
      registration: "!!",
      year: "19",
      vehicleSizeId: "x",
    });
    expect(bad.success).toBe(false);
    const fields = Object.keys(bad.error?.flatten().fieldErrors ?? {}).sort();
    expect(fields).toEqual(["make", "model", "registration", "vehicleSizeId", "year"]);
    const badAddress = savedAddressInput.safeParse({ line1: "", town: "", postcode: "nowhere" });
    expect(Object.keys(badAddress.error?.flatten().fieldErrors ?? {}).sort()).toEqual([
      "line1",
      "postcode",
      "town",
    ]);
  });

  it("edits only the owner's own entries; someone else's id is not found and changes nothing", async () => {
    const [mine] = await listMyVehicles(t.db, me);
    const theirs = (await listMyVehicles(t.db, other))[0];
    if (!mine || !theirs) throw new Error("fixture");
    await saveMyVehicle(t.db, me, vehicleIn({ id: mine.id, colour: "Blue", vehicleSizeId: sizeId }));
    expect((await listMyVehicles(t.db, me))[0]?.colour).toBe("Blue");

    for (const attempt of [
      () =>
        saveMyVehicle(
          t.db,
          me,
          vehicleIn({ id: theirs.id, colour: "Stolen", registration: "ZZ1", vehicleSizeId: sizeId }),
        ),
      () => setDefaultEntry(t.db, me, "vehicle", { id: theirs.id }),
      () => deleteEntry(t.db, me, "vehicle", { id: theirs.id }),
    ])
      expect((await refusal(attempt())).code).toBe("NOT_FOUND");
    const [still] = await t.db.select().from(vehicles).where(eq(vehicles.id, theirs.id));
    expect(still).toMatchObject({ colour: null, deletedAt: null, ownerId: other.id });
  });

  it("moves the default, and a deleted default hands it to the oldest remaining one", async () => {
    const [a, b] = await listMyVehicles(t.db, me);
    if (!a || !b) throw new Error("fixture");
    await setDefaultEntry(t.db, me, "vehicle", { id: b.id });
    expect((await listMyVehicles(t.db, me)).map((v) => [v.id, v.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    await deleteEntry(t.db, me, "vehicle", { id: b.id }, { now: NOW });
    expect((await listMyVehicles(t.db, me)).map((v) => [v.id, v.isDefault])).toEqual([[a.id, true]]);
    const [gone] = await t.db.select().from(vehicles).where(eq(vehicles.id, b.id));
    expect(gone?.deletedAt).toEqual(NOW);
    // The same registration can be saved again once the old entry is deleted.
    await saveMyVehicle(t.db, me, vehicleIn({ registration: b.registration, vehicleSizeId: sizeId }));
  });

  it("refuses to delete a vehicle or address a live booking uses, and allows it once the booking is over", async () => {
    const car = await insertVehicle(t.db, { ownerId: me.id, vehicleSizeId: sizeId, registration: "LIVE1" });
    const home = await insertAddress(t.db, { ownerId: me.id, label: "Mum's" });
    const booking = await insertBooking(t.db, {
      customerId: me.id,
      teamId,
      startsAt: new Date(NOW.getTime() + 3 * 86_400_000),
      vehicleId: car.id,
      addressId: home.id,
    });
    for (const [k, id] of [
      ["vehicle", car.id],
      ["address", home.id],
    ] as const) {
      const err = await refusal(deleteEntry(t.db, me, k, { id }));
      expect(err.code).toBe("CONFLICT");
      expect(err.message).toContain(`Booking ${booking.reference} uses this ${k}`);
    }
    expect(
      await t.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, car.id), isNull(vehicles.deletedAt))),
    ).toHaveLength(1);

    await t.db.update(bookings).set({ status: "completed" }).where(eq(bookings.id, booking.id));
    await deleteEntry(t.db, me, "vehicle", { id: car.id });
    await deleteEntry(t.db, me, "address", { id: home.id });
    expect((await listMyAddresses(t.db, me)).some((a) => a.id === home.id)).toBe(false);
  });

  it("saves addresses with their site readiness; editing never changes a booking's snapshot", async () => {
    const id = await saveMyAddress(
      t.db,
      me,
      addressIn({ hasWater: "true", hasCoveredSpace: "false", accessNotes: "Gate code 1234" }),
    );
    const [saved] = (await listMyAddresses(t.db, me)).filter((a) => a.id === id);
    // The question left unanswered stays unanswered, not "no" (issue 41 §4).
    expect(saved).toMatchObject({
      label: "Home",
      postcode: "SW9 8AB",
      hasWater: true,
      hasPower: null,
      hasCoveredSpace: false,
    });
    const booking = await insertBooking(t.db, {
      customerId: me.id,
      teamId,
      startsAt: new Date(NOW.getTime() + 10 * 86_400_000),
      addressId: id,
    });
    const snapshotBefore = booking.addressSnapshot;
    await saveMyAddress(t.db, me, addressIn({ id, line1: "99 New Street", hasPower: true }));
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after?.addressSnapshot).toEqual(snapshotBefore);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row).toMatchObject({ line1: "99 New Street", hasPower: true });
  });

  it.runIf(kind === "postgres")(
    "two tabs saving the same new registration at once: one saved, one field message",
    async () => {
      const racer = await insertUser(t.db, { role: "customer" });
      const results = await Promise.allSettled(
        [0, 1].map(() =>
          saveMyVehicle(t.db, racer, vehicleIn({ registration: "RACE1", vehicleSizeId: sizeId })),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = results.find((r) => r.status === "rejected");
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((lost as PromiseRejectedResult).reason.fieldErrors.registration[0]).toMatch(/already saved/);
      expect(await listMyVehicles(t.db, racer)).toHaveLength(1);
    },
  );
});
