import "server-only";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookingItems, bookings, users } from "@/server/db/schema";
import { lineNameInVisit } from "@/modules/pricing/domain/visit-choices";
import { loadVisitVehicles } from "./booking-vehicles";

// What a VAT invoice needs from a booking (issue 26): its row (for bookingMoney), its lines as booked,
// and who the customer is. The payments module issues the documents; the booking's tables stay here.

export type BookingDocumentFacts = {
  booking: typeof bookings.$inferSelect;
  items: { kind: (typeof bookingItems.$inferSelect)["kind"]; name: string; priceMinor: number }[];
  customer: { name: string; email: string };
};

export async function findBookingDocumentFacts(
  db: DbOrTx,
  bookingId: string,
): Promise<BookingDocumentFacts | null> {
  const [row] = await db
    .select({ booking: bookings, name: users.name, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const [lines, vehicles] = await Promise.all([
    db
      .select({
        kind: bookingItems.kind,
        name: bookingItems.name,
        priceMinor: bookingItems.priceMinor,
        vehiclePosition: bookingItems.vehiclePosition,
      })
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, bookingId))
      .orderBy(asc(bookingItems.position)),
    loadVisitVehicles(db, row.booking),
  ]);
  // A visit's several vehicles: each line says whose it is, as the booking's pages and emails do.
  const items = lines.map((l) => ({
    kind: l.kind,
    name: lineNameInVisit(l, vehicles),
    priceMinor: l.priceMinor,
  }));
  return { booking: row.booking, items, customer: { name: row.name, email: row.email } };
}
