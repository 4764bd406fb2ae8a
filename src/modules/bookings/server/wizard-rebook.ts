import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { bookingItems, bookings, services, vehicles, vehicleSizes } from "@/server/db/schema";
import { wizardHref } from "../domain/wizard-state";

// "Your held time ran out — choose a time again": a link back into the wizard's date step with the
// same choices (package, add-ons, vehicle or size, address or postcode), explaining why. For the pages
// that meet an expired hold at payment time (payment cancelled / complete). It carries the old run id,
// so the tab that made the booking keeps the details it typed; the wizard starts a new run from it.

export async function rebookHref(db: DbOrTx, bookingId: string): Promise<string | null> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!b) return null;
  const items = await db
    .select({ kind: bookingItems.kind, serviceId: bookingItems.serviceId })
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, b.id))
    .orderBy(asc(bookingItems.position));
  const ids = items.flatMap((i) => (i.serviceId ? [i.serviceId] : []));
  const [slugRows, settings, vehicleRows, sizeRows] = await Promise.all([
    ids.length
      ? db.select({ id: services.id, slug: services.slug }).from(services).where(inArray(services.id, ids))
      : [],
    getSettingsOrThrow(db),
    b.vehicleId ? db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, b.vehicleId)) : [],
    db
      .select({ id: vehicleSizes.id })
      .from(vehicleSizes)
      .where(eq(vehicleSizes.name, b.vehicleSnapshot.sizeName)),
  ]);
  const slug = (id: string | null) => slugRows.find((r) => r.id === id)?.slug ?? null;
  const pkg = items.find((i) => i.kind === "package");
  const run = b.idempotencyKey?.startsWith("online:") ? b.idempotencyKey.slice("online:".length) : null;
  return wizardHref(
    {
      service: slug(pkg?.serviceId ?? null),
      vehicle: vehicleRows[0]?.id ?? null,
      size: vehicleRows[0] ? null : (sizeRows[0]?.id ?? null),
      addons: items.flatMap((i) => (i.kind === "addon" ? (slug(i.serviceId) ?? []) : [])),
      address: b.addressId,
      postcode: b.addressId ? null : b.addressSnapshot.postcode,
      date: localDateOf(b.startsAt, settings.timeZone),
      run,
    },
    { step: "time", notice: "expired" },
  );
}
