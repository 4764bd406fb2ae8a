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

/** A booking's title: its package's name, else its first item's. */
export const bookingTitleSql = sql<
  string | null
>`(SELECT bi.name FROM booking_items bi WHERE bi.booking_id = "bookings"."id" ORDER BY (bi.kind = 'package') DESC, bi.position LIMIT 1)`;

/** What a booking's live event names (see `publishBookingUpdated`). */
export const bookingLiveColumns = {
  id: bookings.id,
  reference: bookings.reference,
  customerId: bookings.customerId,
  status: bookings.status,
};
