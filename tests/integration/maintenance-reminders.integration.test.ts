import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueMaintenanceReminders } from "@/modules/reminders/server/maintenance-reminders";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import type { users } from "@/server/db/schema";
import { emails, maintenanceReminders, vehicles } from "@/server/db/schema";
import {
  insertAddress,
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

// Maintenance reminders (issue 17, ADR 0023): one email per vehicle's latest job with an interval service,
// from 09:00 business time on the due day; never twice, whoever runs the sweep; nothing for customers who
// switched reminders off, who booked it again, or whose vehicle is gone.

describe.each(dbKinds)("maintenance reminders, on %s", (kind) => {
  let t: TestDatabase;
  let team: string;
  let size: string;
  let coating: string;
  let wash: string;

  const ctx = {
    businessName: "Shine",
    contactEmail: "hi@shine.test",
    contactPhone: "0123",
    appUrl: "http://x",
  };

  /** A customer with a vehicle and a completed coating job at `startsAt` (six-month interval). */
  async function coated(startsAt: string, over: Partial<typeof users.$inferInsert> = {}) {
    const customer = await insertUser(t.db, { name: "Ada", ...over });
    const vehicle = await insertVehicle(t.db, {
      ownerId: customer.id,
      vehicleSizeId: size,
      make: "Mazda",
      model: "MX-5",
    });
    const address = await insertAddress(t.db, { ownerId: customer.id });
    const booking = await insertBooking(t.db, {
      customerId: customer.id,
      teamId: team,
      startsAt: new Date(startsAt),
      status: "completed",
      vehicleId: vehicle.id,
      addressId: address.id,
      items: [
        { kind: "package", name: "Ceramic coating", serviceId: coating, priceMinor: 30000, minutes: 240 },
      ],
    });
    return { customer, vehicle, booking };
  }
  const mailTo = async (email: string) =>
    (await t.db.select().from(emails).where(eq(emails.to, email))).filter(
      (m) => m.template === "maintenance-due",
    );

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London" });
    team = (await insertTeam(t.db)).id;
    size = (await insertVehicleSize(t.db)).id;
    const category = await insertCategory(t.db);
    coating = (
      await insertService(t.db, {
        categoryId: category.id,
        name: "Ceramic coating",
        slug: "coat",
        maintenanceIntervalMonths: 6,
      })
    ).id;
    wash = (await insertService(t.db, { categoryId: category.id, name: "Wash", slug: "wash" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("sends on the local due day from 09:00 (the job's local date + 6 months, across the clock change), once", async () => {
    // 23:30 UTC on 29 March is 00:30 BST on 30 March: due on 30 September.
    const { customer, booking } = await coated("2026-03-29T23:30:00Z");
    await sendDueMaintenanceReminders(t.db, { now: new Date("2026-09-29T12:00:00Z") });
    await sendDueMaintenanceReminders(t.db, { now: new Date("2026-09-30T07:59:00Z") }); // 08:59 BST
    expect(await mailTo(customer.email)).toHaveLength(0);
    const run = await sendDueMaintenanceReminders(t.db, { now: new Date("2026-09-30T08:00:00Z") }); // 09:00 BST
    expect(run.sent).toBeGreaterThanOrEqual(1);
    await sendDueMaintenanceReminders(t.db, { now: new Date("2026-10-02T08:00:00Z") });
    const mail = await mailTo(customer.email);
    expect(mail).toHaveLength(1);
    const [claim] = await t.db
      .select()
      .from(maintenanceReminders)
      .where(eq(maintenanceReminders.bookingId, booking.id));
    expect(claim).toMatchObject({ serviceId: coating, dueOn: "2026-09-30", outcome: "sent" });
    const data = mail[0]?.data as Parameters<typeof renderTemplate<"maintenance-due">>[1];
    expect(data.dueOn).toBe("30 September 2026");
    expect(data.bookUrl).toContain("service=coat");
    const text = (await renderTemplate("maintenance-due", data, ctx)).text;
    expect(text).toContain("Ceramic coating");
    expect(text).toContain("Mazda MX-5");
    expect(text).toContain("email preferences");
  });

  it("sends exactly one email when two sweeps run at once", async () => {
    const { customer } = await coated("2026-01-15T10:00:00Z");
    const now = new Date("2026-07-15T10:00:00Z");
    await Promise.all([
      sendDueMaintenanceReminders(t.db, { now }),
      sendDueMaintenanceReminders(t.db, { now }),
      sendDueMaintenanceReminders(t.db, { now }),
    ]);
    expect(await mailTo(customer.email)).toHaveLength(1);
  });

  it("counts from the latest job: an earlier one's due date is superseded", async () => {
    const { customer, vehicle } = await coated("2026-01-05T10:00:00Z");
    await insertBooking(t.db, {
      customerId: customer.id,
      teamId: team,
      startsAt: new Date("2026-04-05T10:00:00Z"),
      status: "completed",
      vehicleId: vehicle.id,
      items: [
        { kind: "package", name: "Ceramic coating", serviceId: coating, priceMinor: 30000, minutes: 240 },
      ],
    });
    await sendDueMaintenanceReminders(t.db, { now: new Date("2026-07-06T10:00:00Z") });
    expect(await mailTo(customer.email)).toHaveLength(0);
    await sendDueMaintenanceReminders(t.db, { now: new Date("2026-10-05T10:00:00Z") });
    expect(await mailTo(customer.email)).toHaveLength(1);
  });

  it("records, without sending: reminders off, booked again, vehicle deleted, due long ago", async () => {
    // One team, one day: the jobs follow each other (a completed job keeps its time, ADR 0043).
    const off = await coated("2026-02-10T10:00:00Z", { notifyReminders: false });
    const again = await coated("2026-02-10T14:00:00Z");
    await insertBooking(t.db, {
      customerId: again.customer.id,
      teamId: team,
      startsAt: new Date("2026-09-01T10:00:00Z"),
      status: "confirmed",
      vehicleId: again.vehicle.id,
      items: [
        { kind: "package", name: "Wash", serviceId: wash, priceMinor: 3000, minutes: 60 },
        { kind: "addon", name: "Ceramic coating", serviceId: coating, priceMinor: 30000, minutes: 240 },
      ],
    });
    const gone = await coated("2026-02-10T18:00:00Z");
    await t.db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, gone.vehicle.id));
    const old = await coated("2025-10-01T10:00:00Z");
    const run = await sendDueMaintenanceReminders(t.db, { now: new Date("2026-08-11T10:00:00Z") });
    expect(run).toMatchObject({ sent: 0, opted_out: 1, booked: 1, unavailable: 1, stale: 1 });
    for (const c of [off, again, gone, old]) expect(await mailTo(c.customer.email)).toHaveLength(0);
    const outcomes = await t.db
      .select({ o: maintenanceReminders.outcome })
      .from(maintenanceReminders)
      .where(
        inArray(
          maintenanceReminders.vehicleId,
          [off, again, gone, old].map((c) => c.vehicle.id),
        ),
      );
    expect(outcomes.map((r) => r.o).sort()).toEqual(["booked", "opted_out", "stale", "unavailable"]);
    // Recorded means decided: a later run sends none of them.
    const later = await sendDueMaintenanceReminders(t.db, { now: new Date("2026-08-20T10:00:00Z") });
    expect(later.sent + later.opted_out + later.booked + later.unavailable + later.stale).toBe(0);
  });
});
