import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, serviceCategories, vehicleSizes } from "@/server/db/schema";
import { categoryList, createCategory, updateCategory } from "@/modules/catalogue/server/categories";
import { deleteRow, moveRow, setRowActive } from "@/modules/catalogue/server/ordered-list";
import {
  createVehicleSize,
  updateVehicleSize,
  vehicleSizeList,
} from "@/modules/catalogue/server/vehicle-sizes";
import { insertPrice, insertService, insertSettings, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

describe.each(dbKinds)("catalogue lists on %s", (kind) => {
  let t: TestDatabase;
  let actor: { id: string; ip: string };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    actor = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.9" };
  });
  afterAll(() => t.drop());

  const names = async () =>
    (await t.db.select().from(serviceCategories).orderBy(asc(serviceCategories.sortOrder))).map(
      (c) => c.name,
    );

  it("creates categories in order with unique slugs, refusing a duplicate name with a field message", async () => {
    await createCategory(t.db, actor, { name: "Wash", description: "" });
    await createCategory(t.db, actor, { name: "Valet & Detail", description: "Inside and out" });
    await createCategory(t.db, actor, { name: "Protection", description: "" });
    expect(await names()).toEqual(["Wash", "Valet & Detail", "Protection"]);
    const [valet] = await t.db
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.name, "Valet & Detail"));
    expect(valet?.slug).toBe("valet-and-detail");
    await expect(createCategory(t.db, actor, { name: " wash ", description: "" })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { name: ["A category with this name already exists."] },
    });
    expect(await names()).toHaveLength(3);
  });

  it("reorders by one place, renumbering the list, and ignores moves past either end", async () => {
    const [protection] = await t.db
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.name, "Protection"));
    await moveRow(t.db, categoryList, actor, { id: protection?.id ?? "", direction: "up" });
    expect(await names()).toEqual(["Wash", "Protection", "Valet & Detail"]);
    const [wash] = await t.db.select().from(serviceCategories).where(eq(serviceCategories.name, "Wash"));
    await moveRow(t.db, categoryList, actor, { id: wash?.id ?? "", direction: "up" });
    expect(await names()).toEqual(["Wash", "Protection", "Valet & Detail"]);
    const orders = (
      await t.db.select().from(serviceCategories).orderBy(asc(serviceCategories.sortOrder))
    ).map((c) => c.sortOrder);
    expect(orders).toEqual([1, 2, 3]);
  });

  it("renames, deactivates, and refuses to delete a category that has services", async () => {
    const [wash] = await t.db.select().from(serviceCategories).where(eq(serviceCategories.name, "Wash"));
    const id = wash?.id ?? "";
    await updateCategory(t.db, actor, { id, name: "Hand wash", description: "At your door" });
    await setRowActive(t.db, categoryList, actor, id, false);
    const [after] = await t.db.select().from(serviceCategories).where(eq(serviceCategories.id, id));
    expect(after).toMatchObject({ name: "Hand wash", description: "At your door", isActive: false });
    await insertService(t.db, { categoryId: id, name: "Exterior wash" });
    await expect(deleteRow(t.db, categoryList, actor, id)).rejects.toThrow(
      "Hand wash can't be deleted: 1 service is in it. Deactivate it instead.",
    );
    const [protection] = await t.db
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.name, "Protection"));
    await deleteRow(t.db, categoryList, actor, protection?.id ?? "");
    expect(await names()).toEqual(["Hand wash", "Valet & Detail"]);
  });

  it("manages vehicle sizes the same way, refusing to delete a priced size", async () => {
    const small = await createVehicleSize(t.db, actor, {
      name: "Small",
      description: "City cars",
      examples: "Fiesta, Polo",
    });
    const van = await createVehicleSize(t.db, actor, { name: "Van", description: "", examples: "" });
    await expect(
      createVehicleSize(t.db, actor, { name: "Small", description: "", examples: "" }),
    ).rejects.toMatchObject({
      fieldErrors: { name: ["A size with this name already exists."] },
    });
    await updateVehicleSize(t.db, actor, {
      id: van,
      name: "Van / XL",
      description: "Vans and 7-seaters",
      examples: "Transit Custom",
    });
    const [cat] = await t.db.select().from(serviceCategories).limit(1);
    const svc = await insertService(t.db, { categoryId: cat?.id ?? "", name: "Mini valet" });
    await insertPrice(t.db, {
      serviceId: svc.id,
      vehicleSizeId: small,
      priceMinor: 4500,
      durationMinutes: 90,
    });
    await expect(deleteRow(t.db, vehicleSizeList, actor, small)).rejects.toThrow(/1 price uses it/);
    await deleteRow(t.db, vehicleSizeList, actor, van);
    expect((await t.db.select().from(vehicleSizes)).map((s) => s.name)).toEqual(["Small"]);
  });

  it("audits every write with who, what and the IP", async () => {
    const rows = await t.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      "service_category.created",
      "service_category.moved",
      "service_category.updated",
      "service_category.deactivated",
      "service_category.deleted",
      "vehicle_size.created",
      "vehicle_size.updated",
      "vehicle_size.deleted",
    ]) {
      expect(actions, a).toContain(a);
    }
    expect(rows.every((r) => r.actorId === actor.id && r.ip === "203.0.113.9")).toBe(true);
  });

  it("answers NOT_FOUND for an unknown id", async () => {
    await expect(
      setRowActive(t.db, categoryList, actor, "00000000-0000-0000-0000-000000000000", true),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
