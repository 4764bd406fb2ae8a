import "server-only";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/server/db";
import { addonCategories, serviceCategories, services, vehicleSizes } from "@/server/db/schema";
import type { ServiceKind } from "@/lib/enums";
import { isUuid } from "@/lib/uuid";

export type AdminCategory = {
  id: string;
  name: string;
  slug: string;
  description: string;
  isActive: boolean;
  serviceCount: number;
};

/** Every category (active or not) in the admin's order, with how many services it holds. */
export async function listCategoriesForAdmin(): Promise<AdminCategory[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: serviceCategories.id,
      name: serviceCategories.name,
      slug: serviceCategories.slug,
      description: serviceCategories.description,
      isActive: serviceCategories.isActive,
      // Written out with explicit table names: inside a correlated subquery an unqualified "id" would
      // bind to the inner table.
      serviceCount: sql<number>`(SELECT count(*) FROM services s WHERE s.category_id = "service_categories"."id")`,
    })
    .from(serviceCategories)
    .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.name));
  return rows.map((r) => ({ ...r, description: r.description ?? "", serviceCount: Number(r.serviceCount) }));
}

export type AdminVehicleSize = {
  id: string;
  name: string;
  description: string;
  examples: string;
  isActive: boolean;
  priceCount: number;
  vehicleCount: number;
};

export async function listVehicleSizesForAdmin(): Promise<AdminVehicleSize[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: vehicleSizes.id,
      name: vehicleSizes.name,
      description: vehicleSizes.description,
      examples: vehicleSizes.examples,
      isActive: vehicleSizes.isActive,
      priceCount: sql<number>`(SELECT count(*) FROM prices p WHERE p.vehicle_size_id = "vehicle_sizes"."id")`,
      vehicleCount: sql<number>`(SELECT count(*) FROM vehicles v WHERE v.vehicle_size_id = "vehicle_sizes"."id")`,
    })
    .from(vehicleSizes)
    .orderBy(asc(vehicleSizes.sortOrder), asc(vehicleSizes.name));
  return rows.map((r) => ({ ...r, priceCount: Number(r.priceCount), vehicleCount: Number(r.vehicleCount) }));
}

export type ServiceFilters = {
  id?: string;
  q?: string;
  categoryId?: string;
  kind?: ServiceKind;
  status?: "active" | "inactive";
};

export type AdminServiceRow = {
  id: string;
  name: string;
  slug: string;
  kind: ServiceKind;
  isActive: boolean;
  categoryId: string;
  categoryName: string;
  categoryActive: boolean;
  hasImage: boolean;
  /** Over the active vehicle sizes it is priced for; null when it is priced for none. */
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
  minMinutes: number | null;
  maxMinutes: number | null;
  pricedSizes: number;
};

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every service (active or not) matching the filters, in category then service order, with ranges. */
export async function listServicesForAdmin(filters: ServiceFilters = {}): Promise<AdminServiceRow[]> {
  const db = await getDb();
  const where: SQL[] = [];
  const q = filters.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const match = or(ilike(services.name, like), ilike(services.slug, like));
    if (match) where.push(match);
  }
  if (filters.id) where.push(eq(services.id, filters.id));
  if (filters.categoryId) where.push(eq(services.categoryId, filters.categoryId));
  if (filters.kind) where.push(eq(services.kind, filters.kind));
  if (filters.status) where.push(eq(services.isActive, filters.status === "active"));
  // Price ranges over the active sizes only: what customers can actually book.
  const priced = sql`FROM prices p JOIN vehicle_sizes z ON z.id = p.vehicle_size_id AND z.is_active
    WHERE p.service_id = "services"."id"`;
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      slug: services.slug,
      kind: services.kind,
      isActive: services.isActive,
      categoryId: services.categoryId,
      categoryName: serviceCategories.name,
      categoryActive: serviceCategories.isActive,
      imageUploadId: services.imageUploadId,
      minPriceMinor: sql<number | null>`(SELECT min(p.price_minor) ${priced})`,
      maxPriceMinor: sql<number | null>`(SELECT max(p.price_minor) ${priced})`,
      minMinutes: sql<number | null>`(SELECT min(p.duration_minutes) ${priced})`,
      maxMinutes: sql<number | null>`(SELECT max(p.duration_minutes) ${priced})`,
      pricedSizes: sql<number>`(SELECT count(*) ${priced})`,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      asc(serviceCategories.sortOrder),
      asc(serviceCategories.name),
      asc(services.kind),
      asc(services.sortOrder),
      asc(services.name),
    );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map(({ imageUploadId, ...r }) => ({
    ...r,
    hasImage: imageUploadId !== null,
    minPriceMinor: num(r.minPriceMinor),
    maxPriceMinor: num(r.maxPriceMinor),
    minMinutes: num(r.minMinutes),
    maxMinutes: num(r.maxMinutes),
    pricedSizes: Number(r.pricedSizes),
  }));
}

export type AdminService = typeof services.$inferSelect & { addonCategoryIds: string[] };

/** One service with the categories an add-on is limited to; null when the id is unknown. */
export async function getServiceForAdmin(id: string): Promise<AdminService | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(services).where(eq(services.id, id));
  if (!row) return null;
  const limits = await db
    .select({ categoryId: addonCategories.categoryId })
    .from(addonCategories)
    .where(eq(addonCategories.addonId, id));
  return { ...row, addonCategoryIds: limits.map((l) => l.categoryId) };
}
