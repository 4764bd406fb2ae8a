import "server-only";
import { asc, sql } from "drizzle-orm";
import { getDb } from "@/server/db";
import { serviceCategories, vehicleSizes } from "@/server/db/schema";

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
