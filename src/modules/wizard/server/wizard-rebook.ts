import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import {
  addresses,
  bookingItems,
  bookingVehicles,
  services,
  vehicles,
  vehicleSizes,
} from "@/server/db/schema";
import { wizardHref } from "../domain/wizard-state";
import { findBooking, latestBookingOf, type Booking } from "@/modules/bookings/server";

// "Your held time ran out — choose a time again": a link back into the wizard's date step with the
// same choices (package, add-ons, vehicle or size, address or postcode), explaining why. For the pages
// that meet an expired hold at payment time (payment cancelled / complete). It carries the old run id,
// so the tab that made the booking keeps the details it typed; the wizard starts a new run from it.

/** The wizard's choices that made a booking: its package, add-ons, vehicle (or size) and address. */
async function choicesOf(
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

export async function rebookHref(
  db: DbOrTx,
  bookingId: string,
  /**
   * The booking's owner is signed in: their saved vehicle and address are chosen. Anyone else (a guest
   * holding the booking's link) gets its size and postcode — a saved entry's id means nothing to them.
   */
  { ownerSignedIn = false }: { ownerSignedIn?: boolean } = {},
): Promise<string | null> {
  const b = await findBooking(db, bookingId);
  if (!b) return null;
  const [choices, settings] = await Promise.all([
    choicesOf(db, b, { saved: ownerSignedIn }),
    getSettingsOrThrow(db),
  ]);
  const run = b.idempotencyKey?.startsWith("online:") ? b.idempotencyKey.slice("online:".length) : null;
  return wizardHref(
    { ...choices, date: localDateOf(b.startsAt, settings.timeZone), run },
    { step: "time", notice: "expired" },
  );
}

/**
 * "Book again" on the customer's overview: the wizard with their latest booking's service, add-ons,
 * vehicle and address chosen (a deleted saved vehicle or address falls back to the size and postcode),
 * opening at the first step still to answer — the time. Null before their first booking.
 */
export async function bookAgainHref(db: DbOrTx, customerId: string): Promise<string | null> {
  const b = await latestBookingOf(db, customerId);
  if (!b) return null;
  return wizardHref(await choicesOf(db, b));
}

export const loadBookAgainHref = async (customerId: string) => bookAgainHref(await getDb(), customerId);

/**
 * "Book it again" for a maintenance reminder: the wizard with the job's vehicle and address and the
 * service that is due — a package on its own, or an add-on with the package the job had.
 */
export async function maintenanceBookHref(
  db: DbOrTx,
  bookingId: string,
  serviceId: string,
  /** Which of the visit's vehicles the service was for (0: the booking's own). */
  position = 0,
): Promise<string | null> {
  const b = await findBooking(db, bookingId);
  const [service] = await db
    .select({ slug: services.slug, kind: services.kind })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!b || !service) return null;
  const choices = await choicesOf(db, b, { position });
  return wizardHref(
    service.kind === "package"
      ? { ...choices, service: service.slug, addons: undefined }
      : { ...choices, addons: [service.slug] },
  );
}
