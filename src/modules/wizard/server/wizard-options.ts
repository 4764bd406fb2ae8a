import "server-only";
import { matchZone } from "@/lib/postcode";
import {
  bookablePackages,
  type BookingCatalogue,
  type CatalogueService,
  type CatalogueZone,
  priceOf,
} from "@/modules/pricing/domain/booking-choices";
import type { SavedAddress, SavedVehicle } from "@/modules/bookings/server";

// What the wizard's first steps offer from the catalogue (split from wizard-page.ts): the package cards with their
// "from" price and minutes, and which of a customer's saved vehicles and addresses can be chosen.

/** Packages for the first step: "from" price and the range of minutes over the sizes they are offered for. */
export function packageCards(cat: BookingCatalogue) {
  return bookablePackages(cat).map((group) => ({
    ...group,
    services: group.services.map((s) => {
      const cells = cat.sizes.flatMap((z) => priceOf(cat, s.id, z.id) ?? []);
      return {
        service: s,
        fromPriceMinor: Math.min(...cells.map((c) => c.priceMinor)),
        minMinutes: Math.min(...cells.map((c) => c.durationMinutes)),
        maxMinutes: Math.max(...cells.map((c) => c.durationMinutes)),
      };
    }),
  }));
}

export type SavedVehicleOption = { vehicle: SavedVehicle; sizeName: string; offered: boolean };

/** A customer's vehicles for this package: a vehicle whose size is not offered is shown, not choosable. */
export function savedVehicleOptions(
  cat: BookingCatalogue,
  service: CatalogueService,
  list: SavedVehicle[],
): SavedVehicleOption[] {
  return list.map((vehicle) => {
    const size = cat.sizes.find((z) => z.id === vehicle.vehicleSizeId);
    return {
      vehicle,
      sizeName: size?.name ?? "Size no longer offered",
      offered: Boolean(size && priceOf(cat, service.id, size.id)),
    };
  });
}

export type SavedAddressOption = { address: SavedAddress; zone: CatalogueZone | null };

export function savedAddressOptions(cat: BookingCatalogue, list: SavedAddress[]): SavedAddressOption[] {
  return list.map((address) => ({ address, zone: matchZone(address.postcode, cat.zones) }));
}
