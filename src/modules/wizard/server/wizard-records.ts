import "server-only";
import type { AddressSnapshot, VehicleSnapshot } from "@/server/db/schema";
import type { AddressDetails, ContactDetails, VehicleDetails } from "../book-schemas";
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
