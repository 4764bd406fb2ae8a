import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import {
  addresses,
  bookingItems,
  bookingVehicles,
  services,
  vehicles,
  vehicleSizes,
} from "@/server/db/schema";
import type { Booking } from "../booking-records";

/**
 * The choices that made a booking, as the booking wizard takes them (lib/booking/book-link.ts): its
 * package, add-ons, vehicle (or size) and address (or postcode). For the links that book it again.
 */
export async function bookingChoices(
  db: DbOrTx,
  booking: Booking,
  /** `position`: which of a visit's vehicles (ADR 0050) — its lines, its vehicle and size; 0 the booking's own. */
  { saved = true, position = 0 }: { saved?: boolean; position?: number } = {},
) {
  const [further] =
    position > 0
      ? await db
          .select({ vehicleId: bookingVehicles.vehicleId, vehicleSnapshot: bookingVehicles.vehicleSnapshot })
          .from(bookingVehicles)
          .where(and(eq(bookingVehicles.bookingId, booking.id), eq(bookingVehicles.position, position)))
      : [];
  const b = further ? { ...booking, ...further } : booking;
  const items = (
    await db
      .select({
        kind: bookingItems.kind,
        serviceId: bookingItems.serviceId,
        vehicle: bookingItems.vehiclePosition,
      })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, b.id))
      .orderBy(asc(bookingItems.position))
  ).filter((i) => i.vehicle === null || i.vehicle === position);
  const ids = items.flatMap((i) => (i.serviceId ? [i.serviceId] : []));
  const [slugRows, vehicleRows, sizeRows, addressRows] = await Promise.all([
    ids.length
      ? db.select({ id: services.id, slug: services.slug }).from(services).where(inArray(services.id, ids))
      : [],
    saved && b.vehicleId
      ? db
          .select({ id: vehicles.id })
          .from(vehicles)
          .where(and(eq(vehicles.id, b.vehicleId), isNull(vehicles.deletedAt)))
      : [],
    db
      .select({ id: vehicleSizes.id })
      .from(vehicleSizes)
      .where(eq(vehicleSizes.name, b.vehicleSnapshot.sizeName)),
    saved && b.addressId
      ? db
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.id, b.addressId), isNull(addresses.deletedAt)))
      : [],
  ]);
  const slug = (id: string | null) => slugRows.find((r) => r.id === id)?.slug ?? null;
  const pkg = items.find((i) => i.kind === "package");
  const address = addressRows[0]?.id ?? null;
  return {
    service: slug(pkg?.serviceId ?? null),
    vehicle: vehicleRows[0]?.id ?? null,
    size: vehicleRows[0] ? null : (sizeRows[0]?.id ?? null),
    addons: items.flatMap((i) => (i.kind === "addon" ? (slug(i.serviceId) ?? []) : [])),
    address,
    postcode: address ? null : b.addressSnapshot.postcode,
  };
}
