-- booking_payment_status: its current definition, last written by drizzle/0025_money_truth.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION booking_payment_status(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN refunded > 0 THEN CASE WHEN refunded >= paid THEN 'refunded' ELSE 'partially_refunded' END
    WHEN paid <= 0 THEN 'unpaid'
    WHEN paid >= public.booking_charge_minor(s, total, adjustment, fee) THEN 'paid'
    ELSE 'deposit_paid' END
$$;
