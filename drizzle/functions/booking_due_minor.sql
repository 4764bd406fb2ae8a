-- booking_due_minor: its current definition, last written by drizzle/0025_money_truth.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION booking_due_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT GREATEST(0, public.booking_charge_minor(s, total, adjustment, fee) - (paid - refunded))
$$;
