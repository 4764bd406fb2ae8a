import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingAsAdmin } from "@/modules/bookings/server/admin/admin-booking-actions";
import { vehicleServiceHistory } from "@/modules/vehicle-history/server/vehicle-history";
import { setDatabaseForProcess } from "@/server/db";
import { bookings } from "@/server/db/schema";
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

// A vehicle's service history (issue 17): completed jobs only, the customer's own, newest first, with the
// notes written on completion and the team; and when each service with a maintenance interval is due.

const at = (iso: string) => new Date(iso);

describe.each(dbKinds)("vehicle service history, on %s", (kind) => {
  let t: TestDatabase;
  const ids = {} as Record<
    "customer" | "other" | "admin" | "team" | "vehicle" | "spare" | "coating" | "wash" | "wax" | "address",
    string
  >;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London" });
    ids.team = (await insertTeam(t.db, { name: "Van One" })).id;
    ids.customer = (await insertUser(t.db, { name: "Ada" })).id;
    ids.other = (await insertUser(t.db, { name: "Bo" })).id;
    ids.admin = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    const size = await insertVehicleSize(t.db);
    ids.vehicle = (await insertVehicle(t.db, { ownerId: ids.customer, vehicleSizeId: size.id })).id;
    ids.spare = (await insertVehicle(t.db, { ownerId: ids.customer, vehicleSizeId: size.id })).id;
    ids.address = (await insertAddress(t.db, { ownerId: ids.customer })).id;
    const category = await insertCategory(t.db);
    const service = (over: Parameters<typeof insertService>[1]) => insertService(t.db, over);
    ids.coating = (
      await service({
        categoryId: category.id,
        name: "Ceramic coating",
        slug: "ceramic-coating",
        maintenanceIntervalMonths: 6,
      })
    ).id;
    ids.wash = (await service({ categoryId: category.id, name: "Wash", slug: "wash" })).id;
    ids.wax = (
      await service({
        categoryId: category.id,
        name: "Wax",
        slug: "wax",
        kind: "addon",
        maintenanceIntervalMonths: 3,
      })
    ).id;
    const job = (
      startsAt: string,
      status: "completed" | "confirmed" | "cancelled",
      items: [string, string, "package" | "addon"][],
      over = {},
    ) =>
      insertBooking(t.db, {
        customerId: ids.customer,
        teamId: ids.team,
        startsAt: at(startsAt),
        status,
        vehicleId: ids.vehicle,
        addressId: ids.address,
        items: items.map(([serviceId, name, k]) => ({
          kind: k,
          name,
          serviceId,
          priceMinor: 5000,
          minutes: 60,
        })),
        ...over,
      });
    await job("2026-01-10T09:00:00Z", "completed", [[ids.coating, "Ceramic coating", "package"]], {
      jobNotes: "Two layers.",
    });
    await job("2026-03-05T10:00:00Z", "completed", [
      [ids.wash, "Wash", "package"],
      [ids.wax, "Wax", "addon"],
    ]);
    // Not history: a job still to come, a cancelled one, another customer's booking naming the same id.
    await job("2026-07-01T09:00:00Z", "confirmed", [[ids.wash, "Wash", "package"]]);
    await job("2026-02-01T09:00:00Z", "cancelled", [[ids.coating, "Ceramic coating", "package"]]);
    await job("2026-02-02T09:00:00Z", "completed", [[ids.wash, "Wash", "package"]], {
      customerId: ids.other,
    });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("lists the completed jobs newest first, with services, notes and team; what is due, soonest first", async () => {
    const history = await vehicleServiceHistory(t.db, ids.customer, [ids.vehicle, ids.spare], {
      now: at("2026-06-10T12:00:00Z"),
    });
    const mine = history.get(ids.vehicle);
    expect(mine?.entries.map((e) => [e.date, e.services, e.jobNotes, e.teamName])).toEqual([
      ["Thursday, 5 March 2026", ["Wash", "Wax"], null, "Van One"],
      ["Saturday, 10 January 2026", ["Ceramic coating"], "Two layers.", "Van One"],
    ]);
    expect(mine?.due.map((d) => [d.serviceName, d.dueOn, d.isDue, d.dueLabel])).toEqual([
      ["Wax", "2026-06-05", true, "5 June 2026"],
      ["Ceramic coating", "2026-07-10", false, "10 July 2026"],
    ]);
    // Booking it again: the package with the vehicle and address; the add-on with the job's package.
    const coating = mine?.due.find((d) => d.serviceName === "Ceramic coating");
    expect(coating?.bookHref).toContain("service=ceramic-coating");
    expect(coating?.bookHref).toContain(`vehicle=${ids.vehicle}`);
    expect(coating?.bookHref).toContain(`address=${ids.address}`);
    expect(coating?.bookHref).not.toContain("addons=");
    const wax = mine?.due.find((d) => d.serviceName === "Wax");
    expect(wax?.bookHref).toContain("service=wash");
    expect(wax?.bookHref).toContain("addons=wax");
    expect(history.get(ids.spare)).toEqual({ entries: [], due: [] });
  });

  it("shows nothing of a vehicle to someone whose bookings it isn't in", async () => {
    const history = await vehicleServiceHistory(t.db, ids.other, [ids.vehicle]);
    expect(history.get(ids.vehicle)).toEqual({ entries: [], due: [] });
  });

  it("keeps the notes written when the admin completes the job, and only then", async () => {
    const booking = await insertBooking(t.db, {
      customerId: ids.customer,
      teamId: ids.team,
      startsAt: at("2026-05-01T09:00:00Z"),
      status: "in_progress",
      vehicleId: ids.vehicle,
    });
    await changeBookingAsAdmin(t.db, { id: ids.admin, ip: null }, "complete", {
      bookingId: booking.id,
      from: "in_progress",
      jobNotes: "  Stone chip on the bonnet.  ",
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: "completed", jobNotes: "Stone chip on the bonnet." });
    const history = await vehicleServiceHistory(t.db, ids.customer, [ids.vehicle]);
    expect(history.get(ids.vehicle)?.entries[0]).toMatchObject({
      reference: booking.reference,
      jobNotes: "Stone chip on the bonnet.",
    });
    // Starting a job never writes notes.
    const other = await insertBooking(t.db, {
      customerId: ids.customer,
      teamId: ids.team,
      startsAt: at("2026-05-02T09:00:00Z"),
      status: "confirmed",
      vehicleId: ids.vehicle,
    });
    await changeBookingAsAdmin(
      t.db,
      { id: ids.admin, ip: null },
      "start",
      { bookingId: other.id, from: "confirmed", jobNotes: "ignored" },
      { now: other.startsAt },
    );
    const [started] = await t.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(started?.jobNotes).toBeNull();
  });
});
