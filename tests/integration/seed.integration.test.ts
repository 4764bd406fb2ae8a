import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import * as schema from "@/server/db/schema";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { DEMO_ADMIN, DEMO_STAFF } from "@/composition/seed/demo-data";
import { demoVatRegisteredFrom } from "@/composition/seed/demo-invoices";
import { allocationStatusFor } from "@/modules/bookings/domain/booking-status";
import { bookingMoney } from "@/lib/booking/booking-money";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const tables = {
  users: schema.users,
  accounts: schema.accounts,
  teams: schema.teams,
  workingHours: schema.workingHours,
  categories: schema.serviceCategories,
  services: schema.services,
  sizes: schema.vehicleSizes,
  prices: schema.prices,
  zones: schema.serviceZones,
  vehicles: schema.vehicles,
  addresses: schema.addresses,
  bookings: schema.bookings,
  allocations: schema.allocations,
  payments: schema.payments,
  taxDocuments: schema.taxDocuments,
};

describe.each(dbKinds)("demo seed on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  async function counts() {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await t.db.select({ n: count() }).from(table);
      out[name] = Number(row?.n ?? 0);
    }
    return out;
  }

  it("seeds the demo business of the spec, and a second run changes nothing", async () => {
    expect(await seedDemoBusiness(t.db)).toEqual({ seeded: true });
    const first = await counts();
    // The admin, the technician, the demo customer and the 79 other customers of the history (each with a
    // car and a home).
    expect(first).toMatchObject({
      teams: 2,
      categories: 4,
      sizes: 4,
      users: 82,
      vehicles: 80,
      addresses: 80,
    });
    expect(first.services).toBe(12);
    expect(first.bookings).toBeGreaterThanOrEqual(400);
    expect(first.zones).toBeGreaterThanOrEqual(4);
    // England and Wales's bank holidays close the demo's dates (ADR 0055).
    const [settings] = await t.db.select().from(schema.settings);
    expect(settings?.holidayRegion).toBe("GB-ENG");
    expect(await seedDemoBusiness(t.db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(first);
  });

  it("is VAT registered with a well-formed number, the bookings paid since invoiced in the order they paid", async () => {
    const [settings] = await t.db.select().from(schema.settings);
    expect(settings?.vatRegistered).toBe(true);
    // HMRC's check: the first seven digits weighted 8…2, plus the last two, a multiple of 97.
    const digits = [...(settings?.vatNumber ?? "").replace(/^GB/, "")].map(Number);
    expect(digits).toHaveLength(9);
    const weighted = digits.slice(0, 7).reduce((sum, d, i) => sum + d * (8 - i), 0);
    expect((weighted + Number(digits.slice(7).join(""))) % 97).toBe(0);

    const docs = await t.db.select().from(schema.taxDocuments).orderBy(schema.taxDocuments.seq);
    const succeeded = await t.db
      .select({ id: schema.payments.bookingId, at: schema.payments.settledAt })
      .from(schema.payments)
      .where(eq(schema.payments.status, "succeeded"));
    const firstPaid = new Map<string, number>();
    for (const p of succeeded)
      if (p.at) firstPaid.set(p.id, Math.min(firstPaid.get(p.id) ?? Infinity, p.at.getTime()));
    const from = demoVatRegisteredFrom(new Date(), settings?.timeZone ?? "Europe/London").getTime();
    const paid = [...firstPaid].filter(([, at]) => at >= from).map(([id]) => ({ id }));
    const rows = await t.db.select().from(schema.bookings);
    const charge = new Map(rows.map((b) => [b.id, bookingMoney(b).chargeMinor]));
    expect(docs.length).toBeGreaterThan(30);
    expect(docs.every((d) => d.kind === "invoice")).toBe(true);
    // Every booking that was paid and still costs something (a full refund leaves nothing to invoice).
    const invoiceable = paid.filter((p) => (charge.get(p.id) ?? 0) > 0).map((p) => p.id);
    expect(new Set(docs.map((d) => d.bookingId))).toEqual(new Set(invoiceable));
    expect(docs.map((d) => d.seq)).toEqual(docs.map((_, i) => i + 1));
    const issued = docs.map((d) => d.issuedAt.getTime());
    expect(issued).toEqual([...issued].sort((a, b) => a - b));
    // Each invoice's total is its booking's charge (ADR 0040).
    for (const d of docs) expect(d.grossMinor).toBe(charge.get(d.bookingId));
  });

  it("stores the demo admin's and the demo technician's passwords so that they verify", async () => {
    const rows = await t.db.select().from(schema.accounts);
    const results = await Promise.all(
      rows.map((r) => verifyPassword({ hash: r.password ?? "", password: DEMO_ADMIN.password })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const tech = await Promise.all(
      rows.map((r) => verifyPassword({ hash: r.password ?? "", password: DEMO_STAFF.password })),
    );
    expect(tech.filter(Boolean)).toHaveLength(1);
    const [staff] = await t.db.select().from(schema.users).where(eq(schema.users.email, DEMO_STAFF.email));
    expect(staff?.role).toBe("staff");
    expect(
      await t.db
        .select()
        .from(schema.staffTeams)
        .where(eq(schema.staffTeams.userId, staff?.id ?? "")),
    ).toHaveLength(1);
  });

  it("gives every seeded booking a line item and an allocation mirroring its status", async () => {
    const bookings = await t.db.select().from(schema.bookings);
    const allocations = await t.db.select().from(schema.allocations);
    for (const b of bookings) {
      const a = allocations.find((x) => x.bookingId === b.id && x.kind === "booking");
      expect(a, b.reference).toBeDefined();
      expect(a?.status, b.reference).toBe(allocationStatusFor(b.status));
    }
  });
});
