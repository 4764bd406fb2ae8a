import "server-only";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { listActiveZones } from "@/modules/catalogue/server";
import type { DbOrTx } from "@/server/db";
import type { Booking } from "./booking-records";
import {
  addonCategories,
  addresses,
  bookings,
  prices,
  serviceCategories,
  services,
  vehicleSizes,
  vehicles,
} from "@/server/db/schema";
import {
  type BookingCatalogue,
  type CatalogueService,
  priceKey,
} from "@/modules/pricing/domain/booking-choices";

// What the wizard and the booking commit read from the catalogue: a small business has tens of
// services, a handful of sizes and zones, so the whole bookable catalogue is read in four queries and
// every choice is answered from it in memory.

export async function loadBookingCatalogue(db: DbOrTx): Promise<BookingCatalogue> {
  const [serviceRows, limitRows, sizeRows, zoneRows] = await Promise.all([
    db
      .select({
        id: services.id,
        slug: services.slug,
        name: services.name,
        kind: services.kind,
        categoryId: services.categoryId,
        categoryName: serviceCategories.name,
        shortDescription: services.shortDescription,
        imageUploadId: services.imageUploadId,
        spansBreaks: services.spansBreaks,
        multiDayMode: services.multiDayMode,
      })
      .from(services)
      .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
      .where(and(eq(services.isActive, true), eq(serviceCategories.isActive, true)))
      .orderBy(asc(serviceCategories.sortOrder), asc(services.sortOrder), asc(services.name)),
    db.select().from(addonCategories),
    db
      .select({
        id: vehicleSizes.id,
        name: vehicleSizes.name,
        description: vehicleSizes.description,
        examples: vehicleSizes.examples,
      })
      .from(vehicleSizes)
      .where(eq(vehicleSizes.isActive, true))
      .orderBy(asc(vehicleSizes.sortOrder), asc(vehicleSizes.name)),
    listActiveZones(db),
  ]);
  // Prices only for the rows above: an inactive size or service is simply not there.
  const priceRows = await db
    .select({
      serviceId: prices.serviceId,
      vehicleSizeId: prices.vehicleSizeId,
      priceMinor: prices.priceMinor,
      durationMinutes: prices.durationMinutes,
    })
    .from(prices)
    .innerJoin(vehicleSizes, eq(vehicleSizes.id, prices.vehicleSizeId))
    .where(eq(vehicleSizes.isActive, true));

  const limits = new Map<string, string[]>();
  for (const l of limitRows) {
    const list = limits.get(l.addonId);
    if (list) list.push(l.categoryId);
    else limits.set(l.addonId, [l.categoryId]);
  }
  const list: CatalogueService[] = serviceRows.map((s) => ({
    ...s,
    addonCategoryIds: limits.get(s.id) ?? [],
  }));
  const ids = new Set(list.map((s) => s.id));
  const priceMap = new Map<string, { priceMinor: number; durationMinutes: number }>();
  for (const p of priceRows) {
    if (ids.has(p.serviceId))
      priceMap.set(priceKey(p.serviceId, p.vehicleSizeId), {
        priceMinor: p.priceMinor,
        durationMinutes: p.durationMinutes,
      });
  }
  return { services: list, sizes: sizeRows, prices: priceMap, zones: zoneRows };
}

export type SavedVehicle = typeof vehicles.$inferSelect;
export type SavedAddress = typeof addresses.$inferSelect;

/** A customer's own vehicles and addresses (not deleted), defaults first. */
export async function listSaved(db: DbOrTx, ownerId: string) {
  const [vehicleRows, addressRows] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)))
      .orderBy(desc(vehicles.isDefault), asc(vehicles.createdAt)),
    db
      .select()
      .from(addresses)
      .where(and(eq(addresses.ownerId, ownerId), isNull(addresses.deletedAt)))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt)),
  ]);
  return { vehicles: vehicleRows, addresses: addressRows };
}

/** A saved vehicle only if it is this customer's own (anyone else's id is simply "not chosen"). */
export async function findOwnedVehicle(
  db: DbOrTx,
  ownerId: string,
  id: string,
): Promise<SavedVehicle | null> {
  const [row] = await db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)));
  return row ?? null;
}

export async function findOwnedAddress(
  db: DbOrTx,
  ownerId: string,
  id: string,
): Promise<SavedAddress | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.ownerId, ownerId), isNull(addresses.deletedAt)));
  return row ?? null;
}

/** The booking this wizard run has made, if any (its idempotency key is the run's). */
/** What the wizard needs of the booking its run made: its state and its time, each day's part. */
export type RunBooking = Pick<Booking, "status" | "holdExpiresAt" | "startsAt" | "endsAt" | "dayParts">;

export async function findRunBooking(db: DbOrTx, idempotencyKey: string): Promise<RunBooking | null> {
  const [row] = await db
    .select({
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      dayParts: bookings.dayParts,
    })
    .from(bookings)
    .where(eq(bookings.idempotencyKey, idempotencyKey));
  return row ?? null;
}
