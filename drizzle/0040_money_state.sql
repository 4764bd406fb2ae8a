-- A booking's money state (src/lib/booking/booking-money.ts moneyStateOf): the payment status of a booking that
-- stands; for a closed one, what became of its money. The admin table filters and sorts by it, and the
-- money-definition test proves it equal to the TypeScript for random ledgers on both databases. The table
-- sorts by the charge (not the list price), so its index follows.
CREATE FUNCTION booking_money_state(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN s NOT IN ('cancelled', 'declined', 'expired', 'no_show')
      THEN public.booking_payment_status(s, total, adjustment, fee, paid, refunded)
    WHEN public.booking_refundable_minor(s, total, adjustment, fee, paid, refunded) > 0 THEN 'refund_due'
    WHEN public.booking_due_minor(s, total, adjustment, fee, paid, refunded) > 0 THEN 'fee_due'
    WHEN LEAST(public.booking_charge_minor(s, total, adjustment, fee), paid - refunded) > 0 THEN 'fee_kept'
    WHEN paid <= 0 THEN 'nothing_paid'
    ELSE 'refunded' END
$$;
--> statement-breakpoint
DROP INDEX "bookings_total_id_idx";--> statement-breakpoint
DROP INDEX "bookings_payment_id_idx";--> statement-breakpoint
CREATE INDEX "bookings_charge_id_idx" ON "bookings" USING btree (booking_charge_minor("status", "total_minor", "adjustment_minor", "fee_minor"),"id");--> statement-breakpoint
CREATE INDEX "bookings_money_state_id_idx" ON "bookings" USING btree (booking_money_state("status", "total_minor", "adjustment_minor", "fee_minor", "amount_paid_minor", "amount_refunded_minor"),"id");--> statement-breakpoint
-- A cancelled booking's fee that was not paid is owed (on account, a late cancellation's fee is invoiced,
-- issue 41 §4): OWING_STATUSES gains 'cancelled'. Only a fee above what was paid can be due on it, which
-- no card booking has (its fee is kept from the money paid).
CREATE OR REPLACE FUNCTION booking_owed_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('confirmed', 'in_progress', 'completed', 'no_show', 'cancelled')
    THEN public.booking_due_minor(s, total, adjustment, fee, paid, refunded) ELSE 0 END
$$;
--> statement-breakpoint
SELECT customer_booking_facts_refresh(ARRAY(SELECT DISTINCT customer_id FROM bookings WHERE status = 'cancelled'
  AND booking_due_minor(status, total_minor, adjustment_minor, fee_minor, amount_paid_minor, amount_refunded_minor) > 0));
