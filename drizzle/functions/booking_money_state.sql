-- booking_money_state: its current definition, last written by drizzle/0040_money_state.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- A booking's money state (src/lib/booking/booking-money.ts moneyStateOf): the payment status of a booking that
-- stands; for a closed one, what became of its money. The admin table filters and sorts by it, and the
-- money-definition test proves it equal to the TypeScript for random ledgers on both databases. The table
-- sorts by the charge (not the list price), so its index follows.
CREATE OR REPLACE FUNCTION booking_money_state(s booking_status, total integer, adjustment integer, fee integer,
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
