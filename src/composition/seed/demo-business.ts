import "server-only";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import { percentOfCeil } from "@/lib/money";
import type { Db, Tx } from "@/server/db";
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
import type { FileStorage } from "@/server/storage";
import { markWeatherDay } from "@/modules/reschedule/server";
import { weatherDayInput } from "@/modules/reschedule/weather-schemas";
import { generateReference } from "@/lib/reference";
import { DEFAULT_DEMO_SEED, planDemoHistory, prng } from "./demo-history";
import { writeDemoHistory } from "./demo-history-write";
import { attachDemoIllustration, type DemoIllustration, storeDemoIllustrations } from "./demo-illustrations";
import {
  DEMO_ADMIN,
  DEMO_HISTORY_CUSTOMERS,
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
    return { seeded: true };
  });
}

type Settings = Awaited<ReturnType<typeof insertSettings>>;
type SeededVehicle = Awaited<ReturnType<typeof insertVehicle>> & { sizeName: string };
type SeededAddress = Awaited<ReturnType<typeof insertAddress>>;

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

/** The demo customer's own bookings: two finished jobs, a free cancellation and two to come. */
async function seedDemoCustomerBookings(
  tx: Tx,
  c: {
    settings: Settings;
    now: Date;
    seed: number;
    teams: [string, string];
    services: Map<string, { id: string; name: string }>;
    customer: { id: string };
    vehicle: SeededVehicle;
    address: SeededAddress;
  },
) {
  const { settings, now } = c;
  const [vanA, vanB] = [{ id: c.teams[0] }, { id: c.teams[1] }];
  const { base, item, at, weekdayFrom, reference } = demoCustomerKit(c);

  const demoBookings = [];
  const completedItems = [item("full-valet", "package")];
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-21), 13 * 60),
      status: "completed",
      items: completedItems,
      paidMinor: 9500,
      completedAt: at(weekdayFrom(-21), 16 * 60 + 15),
      createdAt: at(weekdayFrom(-25), 9 * 60),
      jobNotes: "Interior shampooed; a small stone chip on the bonnet, shown to the owner.",
      history: [
        {
          type: "status_changed",
          fromValue: "confirmed",
          toValue: "in_progress",
          at: at(weekdayFrom(-21), 13 * 60),
        },
        {
          type: "status_changed",
          fromValue: "in_progress",
          toValue: "completed",
          at: at(weekdayFrom(-21), 16 * 60 + 15),
        },
      ],
    }),
  );

  // Seven months ago, a paint sealant (six-month interval): its top-up is due, shown on the vehicle.
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(-213), 10 * 60),
      status: "completed",
      items: [item("paint-sealant", "package")],
      paidMinor: 10500,
      completedAt: at(weekdayFrom(-213), 12 * 60 + 30),
      createdAt: at(weekdayFrom(-220), 9 * 60),
      jobNotes: "Sealant applied to paint and wheels.",
      history: [
        {
          type: "status_changed",
          fromValue: "confirmed",
          toValue: "in_progress",
          at: at(weekdayFrom(-213), 10 * 60),
        },
        {
          type: "status_changed",
          fromValue: "in_progress",
          toValue: "completed",
          at: at(weekdayFrom(-213), 12 * 60 + 30),
        },
      ],
    }),
  );

  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanB.id,
      startsAt: at(weekdayFrom(-9), 14 * 60),
      status: "cancelled",
      items: [item("wash-and-vac", "package")],
      createdAt: at(weekdayFrom(-16), 20 * 60),
      cancelledAt: at(weekdayFrom(-11), 18 * 60),
      cancellationReason: "Plans changed — cancelled within the free cancellation window.",
      // Free: inside the free window and nothing paid, so the closing kept no fee.
      feeMinor: 0,
      cancelledBy: c.customer.id,
    }),
  );

  const upcomingItems = [item("mini-valet", "package"), item("pet-hair-removal", "addon")];
  const upcomingTotal = upcomingItems.reduce((s, i) => s + i.priceMinor, 0);
  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanA.id,
      startsAt: at(weekdayFrom(3), 9 * 60),
      status: "confirmed",
      items: upcomingItems,
      depositDueMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      paidMinor: percentOfCeil(upcomingTotal, settings.depositPercent),
      customerNotes: "Please text when you're 10 minutes away.",
      createdAt: new Date(now.getTime() - 4 * 86_400_000),
    }),
  );

  demoBookings.push(
    await insertBooking(tx, {
      ...base,
      reference: reference(),
      teamId: vanB.id,
      startsAt: at(weekdayFrom(10), 13 * 60),
      status: "confirmed",
      source: "admin",
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
      // Booked by phone with payment on the day: nothing due online.
      items: [item("full-valet", "package"), item("leather-care", "addon")],
    }),
  );
  return demoBookings;
}

type DemoCustomer = Parameters<typeof seedDemoCustomerBookings>[1];

/** What the demo customer's bookings are made of: her snapshots, a priced line, a local time. */
function demoCustomerKit(c: DemoCustomer) {
  const { settings, now, seed, services, customer, vehicle, address } = c;
  const tz = settings.timeZone;
  const vehicleSnapshot = {
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    colour: vehicle.colour,
    registration: vehicle.registration,
    sizeName: vehicle.sizeName,
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
  // The demo customer's references come from the seed number too, so the whole business is reproducible.
  const refRng = prng(seed ^ 0x5eed);
  const reference = () =>
    generateReference((n) => Uint8Array.from({ length: n }, () => Math.floor(refRng() * 256)));
  const base = {
    customerId: customer.id,
    vehicleId: vehicle.id,
    addressId: address.id,
    vehicleSnapshot,
    addressSnapshot,
  };

  return { base, item, at, weekdayFrom, reference };
}

/**
 * The weather day: rain forecast for the next working day after tomorrow, marked through the product's
 * own use case, so its jobs get real offers (held times) and the admin's status list fills in.
 */
async function markDemoWeatherDay(tx: Tx, adminId: string, now: Date, tz: string): Promise<void> {
  let date = addDays(localDateOf(now, tz), 2);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  await markWeatherDay(
    tx,
    { id: adminId, ip: null },
    weatherDayInput.parse({
      date,
      from: "13:00",
      to: "18:00",
      message: "Heavy rain is forecast all afternoon.",
    }),
    { now },
  );
}
