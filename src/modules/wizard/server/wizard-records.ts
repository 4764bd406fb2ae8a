import "server-only";
import { saveVehicleForCustomer } from "@/modules/accounts/server";
import type { CatalogueSize } from "@/modules/pricing/domain/booking-choices";
import type { Tx } from "@/server/db";
import type { AddressSnapshot, VehicleSnapshot } from "@/server/db/schema";
import { type SiteAnswers, siteAnswersOf } from "@/lib/job/site-answers";
import type { AddressDetails, VehicleDetails } from "../book-schemas";
import type { SavedAddress, SavedVehicle } from "@/modules/bookings/server";

// The vehicle and address a booking is for: snapshotted into the booking (what was true when booked),
// and — for a signed-in customer adding one in the wizard — saved to their account by the accounts module
// (`saveVehicleForCustomer`, `saveAddressForCustomer`): the customer's records are its tables.

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
  /** The site's answers as this booking asked them (a guest's details, a signed-in customer's review). */
  site?: SiteAnswers,
): AddressSnapshot {
  // Not answered stays not answered: never the address's (or "no") in its place.
  const answers = site ?? siteAnswersOf(a);
  return {
    label: a.label ?? "Address",
    line1: a.line1,
    line2: a.line2 ?? null,
    town: a.town,
    postcode: a.postcode,
    accessNotes: a.accessNotes ?? null,
    hasWater: answers.hasWater,
    hasPower: answers.hasPower,
    hasCoveredSpace: answers.hasCoveredSpace,
  };
}

/** A visit's further vehicle, checked: a saved one of the customer's, or one typed in, and its size. */
export type MoreVehiclePlan = {
  saved: SavedVehicle | null;
  details: VehicleDetails | null;
  size: CatalogueSize;
};

/**
 * A visit's further vehicles as the booking keeps them (ADR 0050), in the booking's transaction: each typed
 * one saved to the customer's account — as the first vehicle is — when `ownerId` says whose (null: an
 * account this booking may not change keeps none), and every one snapshotted.
 */
export async function moreVehicleRecords(
  tx: Tx,
  ownerId: string | null,
  plans: readonly MoreVehiclePlan[],
): Promise<{ vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[]> {
  const out: { vehicleId: string | null; vehicleSnapshot: VehicleSnapshot }[] = [];
  for (const p of plans) {
    const source = p.saved ?? p.details;
    if (!source) continue;
    const vehicleId =
      p.saved?.id ??
      (p.details && ownerId ? await saveVehicleForCustomer(tx, ownerId, p.size.id, p.details) : null);
    out.push({ vehicleId, vehicleSnapshot: vehicleSnapshotOf(source, p.size.name) });
  }
  return out;
}
