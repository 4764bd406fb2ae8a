import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { addresses, vehicles } from "@/server/db/schema";

// A customer's saved vehicles and addresses. The booking wizard saves the ones a signed-in customer adds
// while booking through these; the bookings module never writes the accounts module's tables.

export type NewVehicle = { make: string; model: string; colour?: string | null; registration: string };
export type NewAddress = {
  label?: string | null;
  line1: string;
  line2?: string | null;
  town: string;
  accessNotes?: string | null;
  hasWater: boolean;
  hasPower: boolean;
  hasCoveredSpace: boolean;
};

/**
 * Saves a vehicle a signed-in customer added while booking. The same registration again is the same
 * car: the saved one is reused, unchanged. Their first vehicle becomes the default.
 */
export async function saveVehicleForCustomer(
  tx: DbOrTx,
  ownerId: string,
  vehicleSizeId: string,
  d: NewVehicle,
): Promise<string> {
  const [same] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.ownerId, ownerId),
        eq(vehicles.registration, d.registration),
        isNull(vehicles.deletedAt),
      ),
    );
  if (same) return same.id;
  const [any] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicles.deletedAt)))
    .limit(1);
  const [row] = await tx
    .insert(vehicles)
    .values({
      ownerId,
      make: d.make,
      model: d.model,
      colour: d.colour,
      registration: d.registration,
      vehicleSizeId,
      isDefault: !any,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error("vehicle insert returned nothing");
  return row.id;
}

/** Saves an address a signed-in customer added while booking (the same first line and postcode is reused). */
export async function saveAddressForCustomer(
  tx: DbOrTx,
  ownerId: string,
  postcode: string,
  d: NewAddress,
): Promise<string> {
  const [same] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.ownerId, ownerId),
        eq(addresses.postcode, postcode),
        sql`lower(${addresses.line1}) = ${d.line1.toLowerCase()}`,
        isNull(addresses.deletedAt),
      ),
    );
  if (same) return same.id;
  const [any] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.ownerId, ownerId), isNull(addresses.deletedAt)))
    .limit(1);
  const [row] = await tx
    .insert(addresses)
    .values({
      ownerId,
      label: d.label ?? "Home",
      line1: d.line1,
      line2: d.line2,
      town: d.town,
      postcode,
      accessNotes: d.accessNotes,
      hasWater: d.hasWater,
      hasPower: d.hasPower,
      hasCoveredSpace: d.hasCoveredSpace,
      isDefault: !any,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error("address insert returned nothing");
  return row.id;
}
