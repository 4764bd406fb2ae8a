import type { DbOrTx } from "@/server/db/client";
import {
  addonCategories,
  prices,
  serviceCategories,
  services,
  serviceZones,
  vehicleSizes,
} from "@/server/db/schema";

let seq = 0;
const next = () => ++seq;

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export function insertCategory(db: DbOrTx, overrides: Partial<typeof serviceCategories.$inferInsert> = {}) {
  const n = next();
  return one(
    db
      .insert(serviceCategories)
      .values({ name: `Category ${n}`, slug: `category-${n}-${Date.now()}`, ...overrides })
      .returning(),
  );
}

export function insertVehicleSize(db: DbOrTx, overrides: Partial<typeof vehicleSizes.$inferInsert> = {}) {
  const n = next();
  return one(
    db
      .insert(vehicleSizes)
      .values({ name: `Size ${n}-${Date.now()}`, sortOrder: n, ...overrides })
      .returning(),
  );
}

export function insertService(
  db: DbOrTx,
  overrides: Partial<typeof services.$inferInsert> & { categoryId: string },
) {
  const n = next();
  return one(
    db
      .insert(services)
      .values({ name: `Service ${n}`, slug: `service-${n}-${Date.now()}`, kind: "package", ...overrides })
      .returning(),
  );
}

export function insertPrice(db: DbOrTx, values: typeof prices.$inferInsert) {
  return one(db.insert(prices).values(values).returning());
}

export async function limitAddonToCategories(db: DbOrTx, addonId: string, categoryIds: string[]) {
  if (categoryIds.length)
    await db.insert(addonCategories).values(categoryIds.map((categoryId) => ({ addonId, categoryId })));
}

export function insertZone(db: DbOrTx, overrides: Partial<typeof serviceZones.$inferInsert> = {}) {
  const n = next();
  return one(
    db
      .insert(serviceZones)
      .values({ name: `Zone ${n}`, postcodePrefixes: ["SW9"], ...overrides })
      .returning(),
  );
}
