import "server-only";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import { percentOfCeil } from "@/lib/money";
import type { Db } from "@/server/db";
import {
  insertAddress,
  insertBooking,
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
  limitAddonToCategories,
} from "@/testing/factories";
import { findSettings } from "@/modules/settings/server";
import {
  DEMO_ADMIN,
  DEMO_CATEGORIES,
  DEMO_CUSTOMER,
  DEMO_HOURS,
  DEMO_SERVICES,
  DEMO_SETTINGS,
  DEMO_SIZES,
  DEMO_TEAMS,
  DEMO_ZONES,
} from "./demo-data";

export type SeedResult = { seeded: boolean };

/**
 * A real installation's first start: only the settings record (with the defaults of PRODUCT.md §2),
 * which the admin then completes. Idempotent like the demo seed.
 */
export async function seedInstallation(db: Db): Promise<SeedResult> {
  if (await findSettings(db)) return { seeded: false };
  await insertSettings(db, {
    businessName: "Your business",
    contactEmail: "hello@example.com",
    contactPhone: "Not set yet",
    baseAddress: "Not set yet",
  });
  return { seeded: true };
}

/**
 * Seeds the demo business in one transaction. Idempotent: a database that already has its settings
 * record is left exactly as it is (running it twice changes nothing, and an admin's edits survive).
 */
export async function seedDemoBusiness(db: Db, now = new Date()): Promise<SeedResult> {
  if (await findSettings(db)) return { seeded: false };
  return db.transaction(async (tx) => {
    const settings = await insertSettings(tx, DEMO_SETTINGS);
    const tz = settings.timeZone;

    const [vanA, vanB] = [
      await insertTeam(tx, { ...DEMO_TEAMS[0], sortOrder: 1 }),
      await insertTeam(tx, { ...DEMO_TEAMS[1], sortOrder: 2 }),
    ];
    await insertWeeklyHours(tx, DEMO_HOURS);

    const sizes = new Map<string, { id: string; name: string }>();
    for (const [i, s] of DEMO_SIZES.entries()) {
      sizes.set(
        s.key,
        await insertVehicleSize(tx, {
          name: s.name,
          description: s.description,
          examples: s.examples,
          sortOrder: i + 1,
        }),
      );
    }
    const categories = new Map<string, string>();
    for (const [i, c] of DEMO_CATEGORIES.entries()) {
      categories.set(c.slug, (await insertCategory(tx, { ...c, sortOrder: i + 1 })).id);
    }
    const services = new Map<string, { id: string; name: string }>();
    for (const [i, s] of DEMO_SERVICES.entries()) {
      const row = await insertService(tx, {
        categoryId: categories.get(s.category) as string,
        name: s.name,
        slug: s.slug,
        kind: s.kind,
        shortDescription: s.short,
        longDescription: s.long,
        sortOrder: i + 1,
        maintenanceIntervalMonths: s.intervalMonths ?? null,
      });
      services.set(s.slug, row);
      for (const [key, cell] of Object.entries(s.matrix)) {
        await insertPrice(tx, {
          serviceId: row.id,
          vehicleSizeId: (sizes.get(key) as { id: string }).id,
          priceMinor: cell[0],
          durationMinutes: cell[1],
        });
      }
      if (s.addonFor)
        await limitAddonToCategories(
          tx,
          row.id,
          s.addonFor.map((c) => categories.get(c) as string),
        );
    }
    for (const z of DEMO_ZONES) {
      await insertZone(tx, {
        name: z.name,
        postcodePrefixes: z.prefixes,
        travelFeeMinor: z.fee,
        travelBufferMinutes: z.buffer,
      });
    }

    await insertUser(tx, {
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      role: "admin",
      password: DEMO_ADMIN.password,
    });
    const customer = await insertUser(tx, {
      email: DEMO_CUSTOMER.email,
      name: DEMO_CUSTOMER.name,
      phone: DEMO_CUSTOMER.phone,
      role: "customer",
      password: DEMO_CUSTOMER.password,
    });
    const medium = sizes.get("M") as { id: string; name: string };
    const vehicle = await insertVehicle(tx, {
      ownerId: customer.id,
      vehicleSizeId: medium.id,
      make: "Volkswagen",
      model: "Golf",
      year: 2019,
      colour: "Grey",
      registration: "LB19 XKT",
      isDefault: true,
    });
    const address = await insertAddress(tx, {
      ownerId: customer.id,
      label: "Home",
      line1: "24 Acre Lane",
      town: "London",
      postcode: "SW2 5SG",
      accessNotes: "Residents' parking; permit left on the dashboard.",
      hasWater: true,
      hasPower: true,
      isDefault: true,
    });
    const vehicleSnapshot = {
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      colour: vehicle.colour,
      registration: vehicle.registration,
      sizeName: medium.name,
    };
    const addressSnapshot = {
      label: address.label,
      line1: address.line1,
      line2: address.line2,
      town: address.town,
      postcode: address.postcode,
      accessNotes: address.accessNotes,
      hasWater: address.hasWater,
      hasPower: address.hasPower,
      hasCoveredSpace: address.hasCoveredSpace,
    };
    const item = (slug: string, kind: "package" | "addon") => {
      const svc = DEMO_SERVICES.find((s) => s.slug === slug);
      const cell = svc?.matrix.M;
      if (!svc || !cell) throw new Error(`demo service ${slug} has no medium price`);
      return {
        kind,
        name: svc.name,
        priceMinor: cell[0],
        minutes: cell[1],
        serviceId: services.get(slug)?.id ?? null,
      };
    };
    const at = (date: string, minutes: number) => localToInstant(date, minutes, tz) as Date;
    const weekdayFrom = (offset: number) => {
      let d = addDays(localDateOf(now, tz), offset);
      while (isoWeekday(d) > 5) d = addDays(d, offset >= 0 ? 1 : -1);
      return d;
    };
    const base = {
      customerId: customer.id,
      vehicleId: vehicle.id,
      addressId: address.id,
      vehicleSnapshot,
      addressSnapshot,
    };

    const completedItems = [item("full-valet", "package")];
    await insertBooking(tx, {
      ...base,
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-21), 13 * 60),
      status: "completed",
      items: completedItems,
      paidMinor: 9500,
      completedAt: at(weekdayFrom(-21), 16 * 60 + 15),
      createdAt: at(weekdayFrom(-25), 9 * 60),
      jobNotes: "Interior shampooed; a small stone chip on the bonnet, shown to the owner.",
      history: [{ type: "status_changed", fromValue: "confirmed", toValue: "completed" }],
    });

    // Seven months ago, a paint sealant (six-month interval): its top-up is due, shown on the vehicle.
    await insertBooking(tx, {
      ...base,
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-213), 10 * 60),
      status: "completed",
      items: [item("paint-sealant", "package")],
      paidMinor: 10500,
      completedAt: at(weekdayFrom(-213), 12 * 60 + 30),
      createdAt: at(weekdayFrom(-220), 9 * 60),
      jobNotes: "Sealant applied to paint and wheels.",
      history: [{ type: "status_changed", fromValue: "confirmed", toValue: "completed" }],
    });

    await insertBooking(tx, {
      ...base,
      teamId: vanB.id,
      startsAt: at(weekdayFrom(-9), 14 * 60),
      status: "cancelled",
      items: [item("wash-and-vac", "package")],
      cancelledAt: at(weekdayFrom(-11), 18 * 60),
      cancellationReason: "Plans changed — cancelled within the free cancellation window.",
      cancelledBy: customer.id,
    });

    const upcomingItems = [item("mini-valet", "package"), item("pet-hair-removal", "addon")];
    const upcomingTotal = upcomingItems.reduce((s, i) => s + i.priceMinor, 0);
    await insertBooking(tx, {
      ...base,
      teamId: vanA.id,
      startsAt: at(weekdayFrom(3), 9 * 60),
      status: "confirmed",
      items: upcomingItems,
      depositDueMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      paidMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      customerNotes: "Please text when you're 10 minutes away.",
    });

    await insertBooking(tx, {
      ...base,
      teamId: vanB.id,
      startsAt: at(weekdayFrom(10), 13 * 60),
      status: "confirmed",
      source: "admin",
      // Booked by phone with payment on the day: nothing due online.
      items: [item("full-valet", "package"), item("leather-care", "addon")],
    });
    return { seeded: true };
  });
}
