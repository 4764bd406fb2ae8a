import "server-only";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { TERMINAL_STATUSES } from "../domain/booking-status";

// Whether a customer's saved vehicle or address is still needed by a booking that isn't over: the
// accounts module refuses to delete it then (passed in as its `InUseCheck`). The booking's own snapshot
// keeps what was booked either way; this is about the customer not losing track of a live booking.

export async function liveBookingUsing(
  db: DbOrTx,
  customerId: string,
  entry: { vehicleId: string } | { addressId: string },
): Promise<{ reference: string; startsAt: Date } | null> {
  const column = "vehicleId" in entry ? bookings.vehicleId : bookings.addressId;
  const id = "vehicleId" in entry ? entry.vehicleId : entry.addressId;
  const [row] = await db
    .select({ reference: bookings.reference, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.customerId, customerId),
        eq(column, id),
        notInArray(bookings.status, [...TERMINAL_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1);
  return row ?? null;
}
