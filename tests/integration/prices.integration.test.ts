import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, prices } from "@/server/db/schema";
import { savePricesInput, type SavePriceCell } from "@/modules/pricing/schemas";
import { loadPriceMatrix, savePrices, type SavePricesResult } from "@/modules/pricing/server/prices";
import {
  insertCategory,
  insertPrice,
  insertService,
  insertSettings,
  insertUser,
  insertVehicleSize,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { backendPid, blockedBehindThenRelease } from "../support/lock-waits";

describe.each(dbKinds)("price × duration matrix on %s", (kind) => {
  let t: TestDatabase;
  let alice: { id: string; ip: string };
  let bob: { id: string; ip: string };
  let small: string;
  let medium: string;
  let large: string;
  let valetCat: string;
  let washCat: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    alice = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.1" };
    bob = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.2" };
    // Inserted out of order, to see the sort orders obeyed.
    medium = (await insertVehicleSize(t.db, { name: "Medium", sortOrder: 2 })).id;
    small = (await insertVehicleSize(t.db, { name: "Small", sortOrder: 1 })).id;
    large = (await insertVehicleSize(t.db, { name: "Large", sortOrder: 3 })).id;
    await insertVehicleSize(t.db, { name: "Retired", sortOrder: 0, isActive: false });
    valetCat = (await insertCategory(t.db, { name: "Valet", sortOrder: 2 })).id;
    washCat = (await insertCategory(t.db, { name: "Wash", sortOrder: 1 })).id;
  });
  afterAll(() => t.drop());

  const cellOf = async (serviceId: string, sizeId: string) => {
    const [row] = await t.db
      .select()
      .from(prices)
      .where(and(eq(prices.serviceId, serviceId), eq(prices.vehicleSizeId, sizeId)));
    return row
      ? { priceMinor: row.priceMinor, durationMinutes: row.durationMinutes, version: row.version }
      : null;
  };
  const edit = (
    serviceId: string,
    vehicleSizeId: string,
    price: string,
    duration: string,
    baseVersion: number | null,
  ): SavePriceCell => ({ serviceId, vehicleSizeId, price, duration, baseVersion });
  const conflictsOf = (r: SavePricesResult) => (r.ok ? [] : r.conflicts);
  const freshService = async (name: string) =>
    (await insertService(t.db, { categoryId: valetCat, name, isActive: false })).id;

  it("loads active services (packages then add-ons, by category then service order) × active sizes", async () => {
    const fullValet = await insertService(t.db, { categoryId: valetCat, name: "Full valet", sortOrder: 1 });
    const miniValet = await insertService(t.db, { categoryId: valetCat, name: "Mini valet", sortOrder: 2 });
    const wash = await insertService(t.db, { categoryId: washCat, name: "Exterior wash", sortOrder: 5 });
    const petHair = await insertService(t.db, {
      categoryId: washCat,
      name: "Pet hair",
      kind: "addon",
      sortOrder: 0,
    });
    const hidden = await insertService(t.db, { categoryId: washCat, name: "Old wash", isActive: false });
    await insertPrice(t.db, {
      serviceId: fullValet.id,
      vehicleSizeId: small,
      priceMinor: 8500,
      durationMinutes: 180,
    });
    await insertPrice(t.db, {
      serviceId: petHair.id,
      vehicleSizeId: large,
      priceMinor: 2000,
      durationMinutes: 30,
    });

    const m = await loadPriceMatrix(t.db);
    expect(m.sizes.map((s) => s.name)).toEqual(["Small", "Medium", "Large"]);
    expect(m.services.map((s) => [s.name, s.kind, s.categoryName])).toEqual([
      ["Exterior wash", "package", "Wash"],
      ["Full valet", "package", "Valet"],
      ["Mini valet", "package", "Valet"],
      ["Pet hair", "addon", "Wash"],
    ]);
    const full = m.services.find((s) => s.id === fullValet.id);
    expect(full?.cells).toEqual({
      [small]: { priceMinor: 8500, durationMinutes: 180, version: 1 },
      [medium]: null,
      [large]: null,
    });
    expect(m.services.find((s) => s.id === petHair.id)?.cells[large]).toMatchObject({ priceMinor: 2000 });
    expect(m.services.find((s) => s.id === miniValet.id)?.cells).toEqual({
      [small]: null,
      [medium]: null,
      [large]: null,
    });

    // One service, for its edit page — even an inactive one.
    const one = await loadPriceMatrix(t.db, { serviceId: hidden.id });
    expect(one.services.map((s) => s.name)).toEqual(["Old wash"]);
    expect(one.services[0]?.isActive).toBe(false);
    expect(one.sizes).toHaveLength(3);
    expect((await loadPriceMatrix(t.db, { serviceId: wash.id })).services[0]?.categoryName).toBe("Wash");
  });

  it("saves new, changed and removed cells at once with one audit row", async () => {
    const svc = await freshService("Ceramic coat");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    await insertPrice(t.db, {
      serviceId: svc,
      vehicleSizeId: medium,
      priceMinor: 5500,
      durationMinutes: 120,
    });

    const r = await savePrices(t.db, alice, {
      cells: [
        edit(svc, small, "47.50", "95", 1),
        edit(svc, medium, "", "", 1),
        edit(svc, large, "£1,065", "720", null),
      ],
    });
    expect(r).toMatchObject({ ok: true, saved: 3 });
    expect(await cellOf(svc, small)).toEqual({ priceMinor: 4750, durationMinutes: 95, version: 2 });
    expect(await cellOf(svc, medium)).toBeNull();
    expect(await cellOf(svc, large)).toEqual({ priceMinor: 106_500, durationMinutes: 720, version: 1 });
    expect(r.ok && r.cells).toEqual(
      expect.arrayContaining([
        {
          serviceId: svc,
          vehicleSizeId: small,
          current: { priceMinor: 4750, durationMinutes: 95, version: 2 },
        },
        { serviceId: svc, vehicleSizeId: medium, current: null },
      ]),
    );

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "prices.updated"), eq(auditLog.entityId, svc)));
    expect(audits).toHaveLength(1);
    const [audit] = audits;
    expect(audit).toMatchObject({
      action: "prices.updated",
      entity: "prices",
      entityId: svc,
      actorId: alice.id,
      ip: alice.ip,
    });
    expect(audit?.summary).toMatchObject({ currency: "GBP", count: 3, added: 1, changed: 1, removed: 1 });
    expect((audit?.summary as { cells: unknown[] }).cells).toContainEqual({
      serviceId: svc,
      service: "Ceramic coat",
      vehicleSizeId: small,
      size: "Small",
      from: { priceMinor: 4500, durationMinutes: 90 },
      to: { priceMinor: 4750, durationMinutes: 95 },
    });
  });

  it("saves nothing when any cell is invalid, naming each bad field", async () => {
    const svc = await freshService("Invalid test");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    const auditsBefore = (await t.db.select().from(auditLog)).length;
    await expect(
      savePrices(t.db, alice, {
        cells: [
          edit(svc, small, "50", "90", 1), // valid on its own
          edit(svc, medium, "45.505", "92", null),
          edit(svc, large, "", "60", null),
        ],
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        [`cells.${svc}.${medium}.price`]: ["Enter a price like 45 or 45.50."],
        [`cells.${svc}.${medium}.duration`]: ["Use a multiple of 5 minutes, from 5 to 7200."],
        [`cells.${svc}.${large}.price`]: [expect.stringContaining("Enter a price too")],
      },
    });
    expect(await cellOf(svc, small)).toEqual({ priceMinor: 4500, durationMinutes: 90, version: 1 });
    expect(await cellOf(svc, medium)).toBeNull();
    expect((await t.db.select().from(auditLog)).length).toBe(auditsBefore);
  });

  it("checks the input's shape: both or neither, one entry per cell", () => {
    const svc = "11111111-1111-4111-8111-111111111111";
    const size = "22222222-2222-4222-8222-222222222222";
    const r = savePricesInput.safeParse({
      cells: [edit(svc, size, "45", "", 1), edit(svc, size, "", "", 1)],
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join("."));
    expect(paths).toContain(`cells.${svc}.${size}.duration`);
    expect(paths).toContain(`cells.${svc}.${size}.price`);
    expect(savePricesInput.safeParse({ cells: [edit(svc, size, "", "", 3)] }).success).toBe(true);
    expect(savePricesInput.safeParse({ cells: [] }).success).toBe(false);
  });

  it("refuses a save from an old version, showing the newer value; saving again from it wins", async () => {
    const svc = await freshService("Conflict test");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: medium, priceMinor: 5500, durationMinutes: 90 });
    // Both admins opened the page at version 1.
    expect(await savePrices(t.db, alice, { cells: [edit(svc, small, "50", "60", 1)] })).toMatchObject({
      ok: true,
      saved: 1,
    });

    const stale = await savePrices(t.db, bob, {
      cells: [edit(svc, small, "48", "90", 1), edit(svc, medium, "60", "90", 1)],
    });
    expect(stale.ok).toBe(false);
    expect(conflictsOf(stale)).toEqual([
      {
        serviceId: svc,
        vehicleSizeId: small,
        current: { priceMinor: 5000, durationMinutes: 60, version: 2 },
        message:
          "Changed by someone else to £50.00 · 60 min since you opened this page. Save again to replace it.",
      },
    ]);
    expect(!stale.ok && stale.fieldErrors).toEqual({
      [`cells.${svc}.${small}.price`]: [
        expect.stringContaining("Changed by someone else to £50.00 · 60 min"),
      ],
    });
    // All or nothing: Bob's unconflicted medium cell was not saved either.
    expect(await cellOf(svc, small)).toEqual({ priceMinor: 5000, durationMinutes: 60, version: 2 });
    expect(await cellOf(svc, medium)).toMatchObject({ priceMinor: 5500, version: 1 });

    // Bob has seen Alice's value and saves over it knowingly.
    expect(
      await savePrices(t.db, bob, {
        cells: [edit(svc, small, "48", "90", 2), edit(svc, medium, "60", "90", 1)],
      }),
    ).toMatchObject({ ok: true, saved: 2 });
    expect(await cellOf(svc, small)).toEqual({ priceMinor: 4800, durationMinutes: 90, version: 3 });
  });

  it("does not block a save of a different cell", async () => {
    const svc = await freshService("Other cell test");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: medium, priceMinor: 5500, durationMinutes: 90 });
    await savePrices(t.db, alice, { cells: [edit(svc, small, "50", "90", 1)] });
    expect(await savePrices(t.db, bob, { cells: [edit(svc, medium, "58", "90", 1)] })).toMatchObject({
      ok: true,
    });
    expect(await cellOf(svc, small)).toMatchObject({ priceMinor: 5000, version: 2 });
    expect(await cellOf(svc, medium)).toMatchObject({ priceMinor: 5800, version: 2 });
  });

  it("treats a cell created or removed meanwhile as a conflict, unless it already holds what was asked", async () => {
    const svc = await freshService("Create/remove test");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    // Alice adds Medium; Bob, who saw it empty, adds it too with another value.
    await savePrices(t.db, alice, { cells: [edit(svc, medium, "55", "120", null)] });
    const added = await savePrices(t.db, bob, { cells: [edit(svc, medium, "60", "120", null)] });
    expect(conflictsOf(added)).toEqual([
      expect.objectContaining({
        current: { priceMinor: 5500, durationMinutes: 120, version: 1 },
        message:
          "Added by someone else as £55.00 · 120 min since you opened this page. Save again to replace it.",
      }),
    ]);
    // Alice removes Small; Bob, who saw version 1, changes it.
    await savePrices(t.db, alice, { cells: [edit(svc, small, "", "", 1)] });
    const removed = await savePrices(t.db, bob, { cells: [edit(svc, small, "49", "90", 1)] });
    expect(conflictsOf(removed)).toEqual([
      expect.objectContaining({ current: null, message: expect.stringContaining("Removed by someone else") }),
    ]);
    expect(await cellOf(svc, small)).toBeNull();
    // Both wanted it gone / wanted the same value: nothing is lost, so nothing to report.
    expect(await savePrices(t.db, bob, { cells: [edit(svc, small, "", "", 1)] })).toMatchObject({
      ok: true,
      saved: 0,
    });
    expect(await savePrices(t.db, bob, { cells: [edit(svc, medium, "55.00", "120", null)] })).toMatchObject({
      ok: true,
      saved: 0,
    });
    expect(await cellOf(svc, medium)).toMatchObject({ version: 1 });
  });

  it("lets exactly one of two simultaneous saves of a cell win; the other is told, nothing is lost", async () => {
    const svc = await freshService("Race test");
    await insertPrice(t.db, { serviceId: svc, vehicleSizeId: small, priceMinor: 4500, durationMinutes: 90 });
    for (let round = 0; round < 3; round++) {
      const base = (await cellOf(svc, small))?.version ?? 0;
      const results = await Promise.all([
        savePrices(t.db, alice, { cells: [edit(svc, small, String(60 + round), "90", base)] }),
        savePrices(t.db, bob, { cells: [edit(svc, small, String(70 + round), "90", base)] }),
      ]);
      const winners = results.filter((r) => r.ok);
      const losers = results.filter((r) => !r.ok);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const final = await cellOf(svc, small);
      expect(final?.version).toBe(base + 1);
      // The loser was shown exactly what is stored now.
      expect(conflictsOf(losers[0] as SavePricesResult)[0]?.current).toEqual(final);
    }

    // Two admins adding the same new cell at once.
    const results = await Promise.all([
      savePrices(t.db, alice, { cells: [edit(svc, large, "80", "150", null)] }),
      savePrices(t.db, bob, { cells: [edit(svc, large, "85", "150", null)] }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(conflictsOf(loser as SavePricesResult)[0]?.current).toEqual(await cellOf(svc, large));
    expect(await cellOf(svc, large)).toMatchObject({ version: 1 });
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can show a save waiting on another's lock.
  it.skipIf(kind === "pglite")(
    "waits for another admin's uncommitted change to a cell, then reports it instead of overwriting it",
    async () => {
      const svc = await freshService("Lock wait test");
      await insertPrice(t.db, {
        serviceId: svc,
        vehicleSizeId: small,
        priceMinor: 4500,
        durationMinutes: 90,
      });
      const gate = deferred();
      const holding = deferred();
      let holder = 0;
      const other = t.db.transaction(async (tx) => {
        holder = await backendPid(tx);
        await tx
          .update(prices)
          .set({ priceMinor: 9900, version: 2 })
          .where(and(eq(prices.serviceId, svc), eq(prices.vehicleSizeId, small)));
        await tx
          .insert(prices)
          .values({ serviceId: svc, vehicleSizeId: medium, priceMinor: 100, durationMinutes: 5 });
        holding.resolve();
        await gate.promise;
      });
      await holding.promise;
      const save = savePrices(t.db, bob, {
        cells: [edit(svc, small, "48", "90", 1), edit(svc, medium, "55", "90", null)],
      });
      const seen = await blockedBehindThenRelease(t.url, holder, () => gate.resolve(), save);
      // Blocked on the row lock, not racing past it: seen in PostgreSQL, however slow the machine.
      expect(seen).toBe("blocked");
      await other;
      const r = await save;
      expect(conflictsOf(r).map((c) => c.current)).toEqual(
        expect.arrayContaining([
          { priceMinor: 9900, durationMinutes: 90, version: 2 },
          { priceMinor: 100, durationMinutes: 5, version: 1 },
        ]),
      );
      expect(await cellOf(svc, small)).toMatchObject({ priceMinor: 9900 });
    },
  );

  it("explains a save for a service that no longer exists", async () => {
    await expect(
      savePrices(t.db, alice, {
        cells: [edit("00000000-0000-4000-8000-000000000000", small, "45", "90", null)],
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("was removed") });
  });
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
