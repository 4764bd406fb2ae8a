import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addonCategories, auditLog, services, uploads } from "@/server/db/schema";
import { serviceInput } from "@/modules/catalogue/schemas";
import {
  createService,
  deleteService,
  removeServiceImage,
  setServiceActive,
  setServiceImage,
  updateService,
} from "@/modules/catalogue/server/services";
import { LocalDiskStorage } from "@/server/storage";
import {
  insertBooking,
  insertCategory,
  insertPrice,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicleSize,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const parse = (v: Record<string, unknown>) => serviceInput.parse(v);

async function photo(format: "jpeg" | "png", width = 2400, height = 1600): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });
  // EXIF with a location-like comment, to prove re-encoding strips it.
  return (format === "jpeg" ? img.jpeg() : img.png())
    .withExif({ IFD0: { ImageDescription: "secret-location 51.46,-0.11" } })
    .toBuffer();
}

describe.each(dbKinds)("services on %s", (kind) => {
  let t: TestDatabase;
  let actor: { id: string; ip: string };
  let wash: string;
  let valet: string;
  let storageDir: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    actor = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.9" };
    wash = (await insertCategory(t.db, { name: "Wash" })).id;
    valet = (await insertCategory(t.db, { name: "Valet" })).id;
    storageDir = await mkdtemp(path.join(tmpdir(), "forecourt-uploads-"));
    storage = new LocalDiskStorage(storageDir);
  });
  afterAll(async () => {
    await t.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it("creates a package with a generated unique slug, at the end of its category, audited", async () => {
    const a = await createService(
      t.db,
      actor,
      parse({ name: "Full Valet", categoryId: valet, kind: "package" }),
    );
    const b = await createService(
      t.db,
      actor,
      parse({ name: "Full valet!", categoryId: valet, kind: "package" }),
    );
    const rows = await t.db.select().from(services).where(eq(services.categoryId, valet));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a)?.slug).toBe("full-valet");
    expect(byId.get(b)?.slug).toBe("full-valet-2");
    expect(byId.get(b)?.sortOrder).toBe((byId.get(a)?.sortOrder ?? 0) + 1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a));
    expect(audit.map((r) => r.action)).toEqual(["service.created"]);
    expect(audit[0]?.actorId).toBe(actor.id);
  });

  it("refuses a slug that is taken, and bad input, with field messages and no change", async () => {
    const before = (await t.db.select().from(services)).length;
    await expect(
      createService(
        t.db,
        actor,
        parse({ name: "Other", slug: "full-valet", categoryId: valet, kind: "package" }),
      ),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { slug: [expect.stringContaining("Full Valet")] },
    });
    const bad = serviceInput.safeParse({
      name: "",
      slug: "Not OK!",
      categoryId: "x",
      kind: "thing",
      sortOrder: "1.5",
      maintenanceIntervalMonths: "0",
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error?.issues.map((i) => i.path.join(".")));
    expect([...fields].sort()).toEqual([
      "categoryId",
      "kind",
      "maintenanceIntervalMonths",
      "name",
      "slug",
      "sortOrder",
    ]);
    await expect(
      createService(
        t.db,
        actor,
        parse({ name: "X", categoryId: "00000000-0000-4000-8000-000000000000", kind: "package" }),
      ),
    ).rejects.toMatchObject({ fieldErrors: { categoryId: ["Choose a category."] } });
    expect((await t.db.select().from(services)).length).toBe(before);
  });

  it("keeps a maintenance interval in whole months, or none", async () => {
    const id = await createService(
      t.db,
      actor,
      parse({ name: "Coating Top-up", categoryId: valet, kind: "package", maintenanceIntervalMonths: "6" }),
    );
    const interval = async () =>
      (await t.db.select().from(services).where(eq(services.id, id)))[0]?.maintenanceIntervalMonths;
    expect(await interval()).toBe(6);
    await updateService(t.db, actor, {
      ...parse({ name: "Coating Top-up", categoryId: valet, kind: "package", maintenanceIntervalMonths: "" }),
      id,
    });
    expect(await interval()).toBeNull();
    for (const bad of ["61", "2.5", "-1"])
      expect(
        serviceInput.safeParse({
          name: "X",
          categoryId: valet,
          kind: "package",
          maintenanceIntervalMonths: bad,
        }).success,
      ).toBe(false);
  });

  it("limits an add-on to categories; a package keeps none; editing replaces the limits", async () => {
    const addon = await createService(
      t.db,
      actor,
      parse({ name: "Pet Hair", categoryId: valet, kind: "addon", addonCategoryIds: [valet, wash, valet] }),
    );
    const limits = async (id: string) =>
      (await t.db.select().from(addonCategories).where(eq(addonCategories.addonId, id)))
        .map((r) => r.categoryId)
        .sort();
    expect(await limits(addon)).toEqual([valet, wash].sort());
    await updateService(t.db, actor, {
      ...parse({ name: "Pet Hair Removal", categoryId: valet, kind: "addon", addonCategoryIds: [wash] }),
      id: addon,
    });
    expect(await limits(addon)).toEqual([wash]);
    await updateService(t.db, actor, {
      ...parse({ name: "Pet Hair Removal", categoryId: valet, kind: "package", addonCategoryIds: [wash] }),
      id: addon,
    });
    expect(await limits(addon)).toEqual([]);
  });

  it("keeps the slug when edited without one, changes it when given, and audits what changed", async () => {
    const id = await createService(
      t.db,
      actor,
      parse({ name: "Mini Valet", categoryId: valet, kind: "package" }),
    );
    await updateService(t.db, actor, {
      ...parse({ name: "Mini Valet Plus", categoryId: wash, kind: "package", longDescription: "**All** in" }),
      id,
    });
    let [row] = await t.db.select().from(services).where(eq(services.id, id));
    expect(row).toMatchObject({
      slug: "mini-valet",
      name: "Mini Valet Plus",
      categoryId: wash,
      longDescription: "**All** in",
    });
    await updateService(t.db, actor, {
      ...parse({ name: "Mini Valet Plus", slug: "mini-plus", categoryId: wash, kind: "package" }),
      id,
    });
    [row] = await t.db.select().from(services).where(eq(services.id, id));
    expect(row?.slug).toBe("mini-plus");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "service.updated")));
    expect((audit?.summary as { changed: string[] }).changed).toEqual(
      expect.arrayContaining(["name", "categoryId", "longDescription"]),
    );
    await expect(
      updateService(t.db, actor, {
        ...parse({ name: "Y", categoryId: wash, kind: "package" }),
        id: "00000000-0000-4000-8000-000000000000",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("activates and deactivates", async () => {
    const id = await createService(
      t.db,
      actor,
      parse({ name: "Snow Foam", categoryId: wash, kind: "package" }),
    );
    await setServiceActive(t.db, actor, { id, isActive: false });
    expect((await t.db.select().from(services).where(eq(services.id, id)))[0]?.isActive).toBe(false);
    await setServiceActive(t.db, actor, { id, isActive: true });
    expect((await t.db.select().from(services).where(eq(services.id, id)))[0]?.isActive).toBe(true);
  });

  it("re-encodes an uploaded photo to WebP within 1600 px with no metadata, and replaces the old file", async () => {
    const id = await createService(
      t.db,
      actor,
      parse({ name: "Ceramic", categoryId: valet, kind: "package" }),
    );
    const first = await setServiceImage(t.db, storage, actor, { id, file: await photo("jpeg") });
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, first.uploadId));
    expect(upload).toMatchObject({ purpose: "service_image", contentType: "image/webp", ownerId: actor.id });
    const stored = await storage.get(upload?.key ?? "");
    expect(stored).not.toBeNull();
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(stored?.includes("secret-location")).toBe(false);

    const second = await setServiceImage(t.db, storage, actor, { id, file: await photo("png", 800, 600) });
    expect((await t.db.select().from(services).where(eq(services.id, id)))[0]?.imageUploadId).toBe(
      second.uploadId,
    );
    expect(await t.db.select().from(uploads).where(eq(uploads.id, first.uploadId))).toHaveLength(0);
    expect(await storage.get(upload?.key ?? "")).toBeNull();
    expect(await readdir(path.join(storageDir, "services"))).toEqual([`${second.uploadId}.webp`]);

    await removeServiceImage(t.db, storage, actor, { id });
    expect((await t.db.select().from(services).where(eq(services.id, id)))[0]?.imageUploadId).toBeNull();
    expect(await readdir(path.join(storageDir, "services"))).toEqual([]);
  });

  it("refuses files that are not images (by content), empty files and files over 5 MB", async () => {
    const id = await createService(
      t.db,
      actor,
      parse({ name: "Refusals", categoryId: valet, kind: "package" }),
    );
    const script = Buffer.from("<?php echo 'hi'; ?>\x89PNG pretending");
    await expect(setServiceImage(t.db, storage, actor, { id, file: script })).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { image: [expect.stringContaining("isn't an image")] },
    });
    await expect(setServiceImage(t.db, storage, actor, { id, file: Buffer.alloc(0) })).rejects.toMatchObject({
      fieldErrors: { image: ["Choose an image file."] },
    });
    const huge = Buffer.concat([await photo("png", 10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    await expect(setServiceImage(t.db, storage, actor, { id, file: huge })).rejects.toMatchObject({
      fieldErrors: { image: [expect.stringContaining("larger than 5 MB")] },
    });
    expect((await t.db.select().from(services).where(eq(services.id, id)))[0]?.imageUploadId).toBeNull();
  });

  it("deletes an unused service with its prices and photo, but refuses one used by a booking", async () => {
    const size = await insertVehicleSize(t.db);
    const unused = await createService(
      t.db,
      actor,
      parse({ name: "Unused", categoryId: wash, kind: "package" }),
    );
    await insertPrice(t.db, {
      serviceId: unused,
      vehicleSizeId: size.id,
      priceMinor: 2000,
      durationMinutes: 60,
    });
    const { uploadId } = await setServiceImage(t.db, storage, actor, {
      id: unused,
      file: await photo("png", 50, 50),
    });
    await deleteService(t.db, storage, actor, { id: unused });
    expect(await t.db.select().from(services).where(eq(services.id, unused))).toHaveLength(0);
    expect(await t.db.select().from(uploads).where(eq(uploads.id, uploadId))).toHaveLength(0);
    expect(await readdir(path.join(storageDir, "services"))).toEqual([]);

    const used = await createService(
      t.db,
      actor,
      parse({ name: "Booked", categoryId: wash, kind: "package" }),
    );
    const customer = await insertUser(t.db);
    const team = await insertTeam(t.db);
    await insertBooking(t.db, {
      customerId: customer.id,
      teamId: team.id,
      startsAt: new Date("2026-12-01T10:00:00Z"),
      items: [{ kind: "package", name: "Booked", priceMinor: 3000, minutes: 60, serviceId: used }],
    });
    await expect(deleteService(t.db, storage, actor, { id: used })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Booked can't be deleted: 1 booking uses it\. Deactivate it instead/),
    });
    expect(await t.db.select().from(services).where(eq(services.id, used))).toHaveLength(1);
  });
});
