import "server-only";
import type { Db, Tx } from "@/server/db";
import {
  insertAddress,
  insertCategory,
  insertPrice,
  insertService,
  insertSettings,
  insertStaff,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
  insertWeeklyHours,
  insertZone,
  limitAddonToCategories,
} from "@/testing/factories";
import { findSettings } from "@/modules/settings/server";
import type { FileStorage } from "@/server/storage";
import { DEFAULT_DEMO_SEED, planDemoHistory } from "./demo-history";
import { writeDemoHistory } from "./demo-history-write";
import { attachDemoIllustration, type DemoIllustration, storeDemoIllustrations } from "./demo-illustrations";
import {
  DEMO_ADMIN,
  DEMO_HISTORY_CUSTOMERS,
  DEMO_CATEGORIES,
  DEMO_CUSTOMER,
  DEMO_STAFF,
  DEMO_HOURS,
  DEMO_SERVICES,
  DEMO_SETTINGS,
  DEMO_SIZES,
  DEMO_TEAMS,
  DEMO_ZONES,
} from "./demo-data";
import { markDemoWeatherDay, seedDemoCustomerBookings } from "./demo-customer-bookings";
import { issueDemoInvoices } from "./demo-invoices";

export type SeedResult = { seeded: boolean };

export type DemoSeedOptions = {
  /** "Now" for the history (tests pin it); the history's times are relative to it. */
  now?: Date;
  /** The PRNG's seed number: the same number and the same now give the same business. */
  seed?: number;
  /** Where the services' illustrations are stored (none: the services have no pictures). */
  storage?: FileStorage;
};

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
    holidayRegion: "GB-ENG",
  });
  return { seeded: true };
}

/**
 * Seeds the demo business in one transaction. Idempotent: a database that already has its settings
 * record is left exactly as it is (running it twice changes nothing, and an admin's edits survive).
 */
export async function seedDemoBusiness(db: Db, options: DemoSeedOptions = {}): Promise<SeedResult> {
  const { now = new Date(), seed = DEFAULT_DEMO_SEED, storage } = options;
  if (await findSettings(db)) return { seeded: false };
  // Files first: a failed seed leaves at most a few unreferenced files, never a row without its file.
  const images = storage ? await storeDemoIllustrations(storage) : new Map<string, DemoIllustration>();
  return db.transaction(async (tx) => {
    const settings = await insertSettings(tx, DEMO_SETTINGS);
    const tz = settings.timeZone;

    const { vanA, vanB, sizes, services } = await seedCatalogue(tx, images);
    const { admin, customer, vehicle, address, medium } = await seedDemoPeople(tx, sizes, now);
    await insertStaff(tx, {
      email: DEMO_STAFF.email,
      name: DEMO_STAFF.name,
      passwordHash: DEMO_STAFF.passwordHash,
      teamIds: [vanA.id],
      createdAt: new Date(now.getTime() - 200 * 86_400_000),
    });
    const demoBookings = await seedDemoCustomerBookings(tx, {
      settings,
      now,
      seed,
      teams: [vanA.id, vanB.id],
      services,
      customer,
      vehicle: { ...vehicle, sizeName: medium.name },
      address,
    });
    // Six months of other customers' jobs around the demo customer's (issue 27 item 15).
    const teamIds = [vanA.id, vanB.id];
    const plan = planDemoHistory({
      seed,
      now,
      policy: settings,
      teams: teamIds.length,
      customers: DEMO_HISTORY_CUSTOMERS,
      busy: demoBookings
        .filter((b) => b.status !== "cancelled")
        .map((b) => ({ team: teamIds.indexOf(b.teamId), start: b.startsAt, end: b.endsAt })),
    });
    await writeDemoHistory(tx, plan, {
      teamIds,
      adminId: admin.id,
      sizeIds: Object.fromEntries(
        DEMO_SIZES.map((s) => [s.key, sizes.get(s.key) as { id: string; name: string }]),
      ),
      serviceIds: new Map([...services].map(([slug, row]) => [slug, row.id])),
      now,
    });
    await markDemoWeatherDay(tx, admin.id, now, tz);
    await issueDemoInvoices(tx, { now, timeZone: tz });
    return { seeded: true };
  });
}

/** Teams, opening hours, vehicle sizes, categories, services with their prices and pictures, zones. */
async function seedCatalogue(tx: Tx, images: Map<string, DemoIllustration>) {
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
      spansBreaks: s.spansBreaks ?? true,
      multiDayMode: s.multiDayMode ?? "mobile",
    });
    services.set(s.slug, row);
    const image = images.get(s.slug);
    if (image) await attachDemoIllustration(tx, row.id, image);
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
  return { vanA, vanB, sizes, services };
}

/** The demo admin and the demo customer, with her car and her address. */
async function seedDemoPeople(tx: Tx, sizes: Map<string, { id: string; name: string }>, now: Date) {
  const admin = await insertUser(tx, {
    email: DEMO_ADMIN.email,
    name: DEMO_ADMIN.name,
    role: "admin",
    passwordHash: DEMO_ADMIN.passwordHash,
    createdAt: new Date(now.getTime() - 400 * 86_400_000),
  });
  const customer = await insertUser(tx, {
    email: DEMO_CUSTOMER.email,
    name: DEMO_CUSTOMER.name,
    phone: DEMO_CUSTOMER.phone,
    role: "customer",
    passwordHash: DEMO_CUSTOMER.passwordHash,
    // A customer for over a year (her first booking was seven months ago).
    createdAt: new Date(now.getTime() - 380 * 86_400_000),
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
  return { admin, customer, vehicle, address, medium };
}
