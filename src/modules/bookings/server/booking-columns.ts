import "server-only";
import { sql } from "drizzle-orm";
import { bookings } from "@/server/db/schema";

// What lists of bookings select again and again, written once.

/** The columns `bookingMoney()` reads (with the currency to show it in), for a select list. */
export const bookingMoneyColumns = {
  status: bookings.status,
  currency: bookings.currency,
  totalMinor: bookings.totalMinor,
  amountPaidMinor: bookings.amountPaidMinor,
  amountRefundedMinor: bookings.amountRefundedMinor,
  adjustmentMinor: bookings.adjustmentMinor,
  feeMinor: bookings.feeMinor,
};

/** A booking's package lines' names in vehicle order, which visitTitle (lib/visit-title) names it by. */
export const bookingTitleSql = sql<
  string[] | null
>`(SELECT array_agg(bi.name ORDER BY bi.vehicle_position, bi.position) FROM booking_items bi WHERE bi.booking_id = "bookings"."id" AND bi.kind = 'package')`;

/** What a booking's live event names (see `publishBookingUpdated`). */
export const bookingLiveColumns = {
  id: bookings.id,
  reference: bookings.reference,
  customerId: bookings.customerId,
  status: bookings.status,
};
