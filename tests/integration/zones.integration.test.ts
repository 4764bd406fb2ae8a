import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, serviceZones } from "@/server/db/schema";
import {
  checkPostcodeForZones,
  createZone,
  deleteZone,
  listZones,
  setZoneActive,
  updateZone,
} from "@/modules/catalogue/server/zones";
import { checkPostcode } from "@/modules/catalogue/server/queries";
import { updateZoneInput, zoneInput } from "@/modules/catalogue/zone-schemas";
import { insertSettings, insertUser, insertZone } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const MISSING = "00000000-0000-0000-0000-000000000000";

/** What the "Add a zone" form sends, parsed as the action parses it. */
const form = (values: Record<string, unknown>) =>
  zoneInput.parse({ travelFee: "", extraMinutes: "", isActive: true, ...values });

function fieldErrorsOf(values: Record<string, unknown>) {
  const res = zoneInput.safeParse({ name: "Zone", prefixes: "SW9", ...values });
  if (res.success) return {};
  return Object.fromEntries(res.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("travel zone input", () => {
  it("normalises what the admin typed", () => {
    expect(
      zoneInput.parse({
        name: "  Brixton ",
        prefixes: "sw9, sw2\nSW9 8 sw9",
        travelFee: "4.5",
        extraMinutes: "15",
        isActive: false,
      }),
    ).toEqual({
      name: "Brixton",
      postcodePrefixes: ["SW9", "SW2", "SW9 8"],
      travelFeeMinor: 450,
      travelBufferMinutes: 15,
      isActive: false,
    });
    expect(zoneInput.parse({ name: "Free", prefixes: "SE" })).toMatchObject({
      travelFeeMinor: 0,
      travelBufferMinutes: 0,
      isActive: true,
    });
  });

  it.each([
    [{ name: "" }, "name", "Enter a name."],
    [{ name: "x".repeat(81) }, "name", "Use at most 80 characters."],
    [{ prefixes: "" }, "prefixes", "Enter at least one postcode prefix, e.g. SW9."],
    [
      { prefixes: "SW9, XX99Z" },
      "prefixes",
      '"XX99Z" isn\'t a postcode area, district or sector — e.g. SE, SW9 or SW9 8.',
    ],
    [{ travelFee: "-1" }, "travelFee", "The travel fee can't be negative."],
    [{ travelFee: "4.505" }, "travelFee", "Use at most 2 decimal places, like 4.50."],
    [{ travelFee: "500.01" }, "travelFee", "The travel fee can be at most 500.00."],
    [{ travelFee: "four" }, "travelFee", "Enter an amount like 4.50."],
    [{ extraMinutes: "12" }, "extraMinutes", "Use a multiple of 5 minutes, like 10 or 15."],
    [{ extraMinutes: "245" }, "extraMinutes", "Use 0 to 240 minutes."],
    [{ extraMinutes: "1.5" }, "extraMinutes", "Enter whole minutes, like 15 (or 0 for none)."],
  ])("refuses %j with a message under %s", (values, field, message) => {
    expect(fieldErrorsOf(values)).toEqual({ [field]: message });
  });

  it("accepts the limits", () => {
    expect(fieldErrorsOf({ travelFee: "500", extraMinutes: "240" })).toEqual({});
    expect(fieldErrorsOf({ travelFee: "0", extraMinutes: "0" })).toEqual({});
  });
});

describe.each(dbKinds)("travel zones on %s", (kind) => {
  let t: TestDatabase;
  let actor: { id: string; ip: string };
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    actor = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.9" };
  });
  afterAll(() => t.drop());

  const zone = async (id: string) => {
    const [row] = await t.db.select().from(serviceZones).where(eq(serviceZones.id, id));
    if (!row) throw new Error(`zone ${id} is gone`);
    return row;
  };
  const byName = async (name: string) => {
    const [row] = await t.db.select().from(serviceZones).where(eq(serviceZones.name, name));
    if (!row) throw new Error(`no zone ${name}`);
    return row;
  };

  it("creates a zone with normalised, de-duplicated prefixes and the fee in minor units", async () => {
    const id = await createZone(
      t.db,
      actor,
      form({ name: "Brixton", prefixes: "sw9, sw2 sw9", travelFee: "4.50", extraMinutes: "15" }),
    );
    expect(await zone(id)).toMatchObject({
      name: "Brixton",
      postcodePrefixes: ["SW9", "SW2"],
      travelFeeMinor: 450,
      travelBufferMinutes: 15,
      isActive: true,
    });
  });

  it("refuses a prefix already in another active zone, naming that zone", async () => {
    await expect(
      createZone(t.db, actor, form({ name: "Stockwell", prefixes: "SW8, sw9" })),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        prefixes: [
          "SW9 is already in Brixton. A prefix can be in only one active zone — remove it from one of them.",
        ],
      },
    });
    // Overlapping but distinct prefixes are fine: the longest match decides.
    await createZone(t.db, actor, form({ name: "South London", prefixes: "SW, SE", travelFee: "8" }));
    await createZone(t.db, actor, form({ name: "Brixton Hill", prefixes: "SW9 8", extraMinutes: "5" }));
    // An inactive zone may repeat a prefix: it takes no part in matching.
    await createZone(t.db, actor, form({ name: "Old Brixton", prefixes: "SW9", isActive: false }));
    expect((await listZones(t.db)).map((z) => [z.name, z.isActive])).toEqual([
      ["Brixton", true],
      ["Brixton Hill", true],
      ["South London", true],
      ["Old Brixton", false],
    ]);
  });

  it("refuses a second zone with the same name", async () => {
    await expect(createZone(t.db, actor, form({ name: " brixton ", prefixes: "N1" }))).rejects.toMatchObject({
      fieldErrors: { name: ["A zone with this name already exists."] },
    });
  });

  it("lets only one of several concurrent writers take the same prefix", async () => {
    const names = ["Race A", "Race B", "Race C", "Race D"];
    const results = await Promise.allSettled(
      names.map((name) => createZone(t.db, actor, form({ name, prefixes: "E1" }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({
          fieldErrors: { prefixes: [expect.stringContaining("E1 is already in Race")] },
        });
    for (const name of names) {
      const [row] = await t.db.select().from(serviceZones).where(eq(serviceZones.name, name));
      if (row) await deleteZone(t.db, actor, { id: row.id });
    }
  });

  it("updates a zone, normalising again, but not onto another active zone's prefix", async () => {
    const brixton = await byName("Brixton");
    await updateZone(
      t.db,
      actor,
      updateZoneInput.parse({
        id: brixton.id,
        name: "Brixton & Stockwell",
        prefixes: "SW9\nsw8, SW2",
        travelFee: "5",
        extraMinutes: "20",
      }),
    );
    expect(await zone(brixton.id)).toMatchObject({
      name: "Brixton & Stockwell",
      postcodePrefixes: ["SW9", "SW8", "SW2"],
      travelFeeMinor: 500,
      travelBufferMinutes: 20,
      isActive: true,
    });
    const south = await byName("South London");
    await expect(
      updateZone(
        t.db,
        actor,
        updateZoneInput.parse({ id: south.id, name: "South London", prefixes: "SE, SW8" }),
      ),
    ).rejects.toMatchObject({ fieldErrors: { prefixes: [expect.stringContaining("Brixton & Stockwell")] } });
    expect((await zone(south.id)).postcodePrefixes).toEqual(["SW", "SE"]);
    await expect(
      updateZone(t.db, actor, updateZoneInput.parse({ id: MISSING, name: "X", prefixes: "N1" })),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("deactivates freely, and activates only when no prefix clashes", async () => {
    const old = await byName("Old Brixton");
    await expect(setZoneActive(t.db, actor, { id: old.id, isActive: true })).rejects.toThrow(
      "Old Brixton can't be activated: SW9 is already in Brixton & Stockwell. Remove it from one of them first.",
    );
    expect((await zone(old.id)).isActive).toBe(false);
    const brixton = await byName("Brixton & Stockwell");
    await setZoneActive(t.db, actor, { id: brixton.id, isActive: false });
    await setZoneActive(t.db, actor, { id: old.id, isActive: true });
    expect((await zone(old.id)).isActive).toBe(true);
    expect((await zone(brixton.id)).isActive).toBe(false);
    // Swap back, so the checks below see Brixton & Stockwell active.
    await setZoneActive(t.db, actor, { id: old.id, isActive: false });
    await setZoneActive(t.db, actor, { id: brixton.id, isActive: true });
    await expect(setZoneActive(t.db, actor, { id: MISSING, isActive: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("checks a postcode: the longest active prefix wins, and inactive zones are only mentioned", async () => {
    expect(await checkPostcodeForZones(t.db, "sw98ab")).toEqual({
      status: "checked",
      normalised: "SW9 8AB",
      zone: expect.objectContaining({
        name: "Brixton Hill",
        prefix: "SW9 8",
        travelFeeMinor: 0,
        travelBufferMinutes: 5,
      }),
      inactiveMatch: expect.objectContaining({ name: "Old Brixton", prefix: "SW9" }),
    });
    expect(await checkPostcodeForZones(t.db, "SW9 7AB")).toMatchObject({
      zone: { name: "Brixton & Stockwell", prefix: "SW9", travelFeeMinor: 500, travelBufferMinutes: 20 },
    });
    expect(await checkPostcodeForZones(t.db, "SE15 4AB")).toMatchObject({
      zone: { name: "South London", prefix: "SE", travelFeeMinor: 800 },
    });
    const outside = await checkPostcodeForZones(t.db, "N1 9GU");
    expect(outside).toEqual({ status: "checked", normalised: "N1 9GU", zone: null });
    expect(await checkPostcodeForZones(t.db, "SW9")).toEqual({ status: "invalid", input: "SW9" });
    // The same answer the public checker gives.
    expect(await checkPostcode(t.db, "SW9 7AB")).toMatchObject({ zoneName: "Brixton & Stockwell" });

    const hill = await byName("Brixton Hill");
    await setZoneActive(t.db, actor, { id: hill.id, isActive: false });
    expect(await checkPostcodeForZones(t.db, "SW9 8AB")).toMatchObject({
      zone: { name: "Brixton & Stockwell", prefix: "SW9" },
      inactiveMatch: { name: "Brixton Hill", prefix: "SW9 8" },
    });
    await setZoneActive(t.db, actor, { id: hill.id, isActive: true });
  });

  it("deletes a zone (bookings keep their own copy of the travel fee)", async () => {
    const old = await byName("Old Brixton");
    await deleteZone(t.db, actor, { id: old.id });
    expect((await listZones(t.db)).map((z) => z.name)).not.toContain("Old Brixton");
    await expect(deleteZone(t.db, actor, { id: old.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists zones made elsewhere too (the seed's factory)", async () => {
    const made = await insertZone(t.db, { name: "Zzz seeded", postcodePrefixes: ["N7"], isActive: false });
    expect((await listZones(t.db)).at(-1)).toMatchObject({ id: made.id, postcodePrefixes: ["N7"] });
  });

  it("audits every write with who, what and the IP", async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, "service_zone"));
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      "service_zone.created",
      "service_zone.updated",
      "service_zone.activated",
      "service_zone.deactivated",
      "service_zone.deleted",
    ]) {
      expect(actions, a).toContain(a);
    }
    expect(rows.every((r) => r.actorId === actor.id && r.ip === "203.0.113.9")).toBe(true);
    const brixton = await byName("Brixton & Stockwell");
    const updated = rows.find((r) => r.action === "service_zone.updated" && r.entityId === brixton.id);
    expect(updated?.summary).toMatchObject({
      from: { name: "Brixton", postcodePrefixes: ["SW9", "SW2"], travelFeeMinor: 450 },
      to: { name: "Brixton & Stockwell", postcodePrefixes: ["SW9", "SW8", "SW2"], travelFeeMinor: 500 },
    });
    // Refused writes leave nothing behind.
    expect(rows.filter((r) => r.action === "service_zone.created")).toHaveLength(5);
  });
});
