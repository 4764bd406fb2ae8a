import "server-only";
import { and, asc, eq, max, min } from "drizzle-orm";
import { cache } from "react";
import { getDb, type DbOrTx } from "@/server/db";
import { prices, serviceCategories, services, serviceZones, vehicleSizes } from "@/server/db/schema";
import { matchZone, normaliseUkPostcode } from "@/lib/postcode";

export type PublicService = {
  id: string;
  slug: string;
  name: string;
  kind: "package" | "addon";
  shortDescription: string;
  longDescription: string;
  imageUploadId: string | null;
  fromPriceMinor: number;
  minMinutes: number;
  maxMinutes: number;
};
export type PublicCategory = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  services: PublicService[];
};

/**
 * Active categories with their active services that are priced for at least one active size, with
 * "from" price and duration range — one query.
 */
export async function listPublicCatalogue(db: DbOrTx): Promise<PublicCategory[]> {
  const rows = await db
    .select({
      categoryId: serviceCategories.id,
      categorySlug: serviceCategories.slug,
      categoryName: serviceCategories.name,
      categoryDescription: serviceCategories.description,
      id: services.id,
      slug: services.slug,
      name: services.name,
      kind: services.kind,
      shortDescription: services.shortDescription,
      longDescription: services.longDescription,
      imageUploadId: services.imageUploadId,
      fromPriceMinor: min(prices.priceMinor),
      minMinutes: min(prices.durationMinutes),
      maxMinutes: max(prices.durationMinutes),
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .innerJoin(prices, eq(prices.serviceId, services.id))
    .innerJoin(vehicleSizes, eq(vehicleSizes.id, prices.vehicleSizeId))
    .where(
      and(eq(services.isActive, true), eq(serviceCategories.isActive, true), eq(vehicleSizes.isActive, true)),
    )
    .groupBy(services.id, serviceCategories.id)
    .orderBy(asc(serviceCategories.sortOrder), asc(services.sortOrder));

  const byCategory = new Map<string, PublicCategory>();
  for (const r of rows) {
    let cat = byCategory.get(r.categoryId);
    if (!cat) {
      cat = {
        id: r.categoryId,
        slug: r.categorySlug,
        name: r.categoryName,
        description: r.categoryDescription,
        services: [],
      };
      byCategory.set(r.categoryId, cat);
    }
    cat.services.push({
      id: r.id,
      slug: r.slug,
      name: r.name,
      kind: r.kind,
      shortDescription: r.shortDescription,
      longDescription: r.longDescription,
      imageUploadId: r.imageUploadId,
      fromPriceMinor: Number(r.fromPriceMinor ?? 0),
      minMinutes: Number(r.minMinutes ?? 0),
      maxMinutes: Number(r.maxMinutes ?? 0),
    });
  }
  return [...byCategory.values()];
}

export const getPublicCatalogue = cache(async () => listPublicCatalogue(await getDb()));

export type PostcodeCheck =
  | { status: "invalid"; input: string }
  | { status: "outside"; postcode: string }
  | { status: "covered"; postcode: string; zoneName: string; travelFeeMinor: number };

/** Is this postcode in the service area, and at what travel fee? (The longest matching prefix wins.) */
export async function checkPostcode(db: DbOrTx, input: string): Promise<PostcodeCheck> {
  const postcode = normaliseUkPostcode(input);
  if (!postcode) return { status: "invalid", input };
  const zones = await db.select().from(serviceZones).where(eq(serviceZones.isActive, true));
  const zone = matchZone(postcode, zones);
  return zone
    ? { status: "covered", postcode, zoneName: zone.name, travelFeeMinor: zone.travelFeeMinor }
    : { status: "outside", postcode };
}

export async function getPostcodeCheck(input: string): Promise<PostcodeCheck> {
  return checkPostcode(await getDb(), input);
}

export type VehicleSizeChoice = { id: string; name: string; examples: string };

/** The sizes a customer can give a vehicle (active ones, in the business's order). */
export async function listVehicleSizeChoices(db: DbOrTx): Promise<VehicleSizeChoice[]> {
  return db
    .select({ id: vehicleSizes.id, name: vehicleSizes.name, examples: vehicleSizes.examples })
    .from(vehicleSizes)
    .where(eq(vehicleSizes.isActive, true))
    .orderBy(asc(vehicleSizes.sortOrder), asc(vehicleSizes.name));
}

export const getVehicleSizeChoices = cache(async () => listVehicleSizeChoices(await getDb()));
