import "server-only";
import { asc, eq } from "drizzle-orm";
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

/** "Grey Volkswagen Golf (2019), LB19XKT" */
export function vehicleLabelOf(v: VehicleSnapshot): string {
  const name = [v.colour, v.make, v.model].filter(Boolean).join(" ");
  return `${name}${v.year ? ` (${v.year})` : ""}, ${v.registration}`;
}
