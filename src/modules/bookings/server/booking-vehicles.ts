import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookingVehicles, type VehicleSnapshot } from "@/server/db/schema";

// A visit's vehicles in order (ADR 0050): the booking's own, then booking_vehicles' 1, 2, …

export async function loadVisitVehicles(
  db: DbOrTx,
  booking: { id: string; vehicleSnapshot: VehicleSnapshot },
): Promise<VehicleSnapshot[]> {
  const more = await db
    .select({ snapshot: bookingVehicles.vehicleSnapshot })
    .from(bookingVehicles)
    .where(eq(bookingVehicles.bookingId, booking.id))
    .orderBy(asc(bookingVehicles.position));
  return [booking.vehicleSnapshot, ...more.map((m) => m.snapshot)];
}

/** The vehicles after the first of several visits at once, in order (a list of jobs reads them in one go). */
export async function loadMoreVisitVehicles(
  db: DbOrTx,
  bookingIds: readonly string[],
): Promise<Map<string, VehicleSnapshot[]>> {
  const out = new Map<string, VehicleSnapshot[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({ bookingId: bookingVehicles.bookingId, snapshot: bookingVehicles.vehicleSnapshot })
    .from(bookingVehicles)
    .where(inArray(bookingVehicles.bookingId, [...bookingIds]))
    .orderBy(asc(bookingVehicles.bookingId), asc(bookingVehicles.position));
  for (const r of rows) out.set(r.bookingId, [...(out.get(r.bookingId) ?? []), r.snapshot]);
  return out;
}

/** "Grey Volkswagen Golf (2019), LB19XKT" */
export function vehicleLabelOf(v: VehicleSnapshot): string {
  const name = [v.colour, v.make, v.model].filter(Boolean).join(" ");
  return `${name}${v.year ? ` (${v.year})` : ""}, ${v.registration}`;
}
