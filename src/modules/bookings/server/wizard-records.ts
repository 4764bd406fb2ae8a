import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { addresses, type AddressSnapshot, type VehicleSnapshot, vehicles } from "@/server/db/schema";
import type { AddressDetails, ContactDetails, VehicleDetails } from "../book-schemas";
import type { SavedAddress, SavedVehicle } from "./wizard-catalogue";

// The vehicle and address a booking is for: snapshotted into the booking (what was true when booked),
// and — for a signed-in customer adding one in the wizard — saved to their account.

export function vehicleSnapshotOf(v: SavedVehicle | VehicleDetails, sizeName: string): VehicleSnapshot {
  return {
    make: v.make,
    model: v.model,
    year: "year" in v ? v.year : null,
    colour: v.colour ?? null,
    registration: v.registration,
    sizeName,
  };
}

export function addressSnapshotOf(
  a: SavedAddress | (AddressDetails & { postcode: string }),
  /** A guest answers the site questions on the details step, not with the address. */
  site?: Pick<ContactDetails, "hasWater" | "hasPower" | "hasCoveredSpace">,
): AddressSnapshot {
  return {
    label: a.label ?? "Address",
    line1: a.line1,
    line2: a.line2 ?? null,
    town: a.town,
    postcode: a.postcode,
    accessNotes: a.accessNotes ?? null,
    hasWater: site?.hasWater ?? a.hasWater,
    hasPower: site?.hasPower ?? a.hasPower,
    hasCoveredSpace: site?.hasCoveredSpace ?? a.hasCoveredSpace,
  };
}

/**
 * Saves a vehicle a signed-in customer added in the wizard. The same registration again is the same
 * car: the saved one is reused, unchanged. Their first vehicle becomes the default.
 */
export async function saveVehicleForCustomer(
  tx: DbOrTx,
  ownerId: string,
  vehicleSizeId: string,
  d: VehicleDetails,
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

/** Saves an address a signed-in customer added in the wizard (the same first line and postcode is reused). */
export async function saveAddressForCustomer(
  tx: DbOrTx,
  ownerId: string,
  postcode: string,
  d: AddressDetails,
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
