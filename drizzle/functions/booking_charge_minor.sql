-- booking_charge_minor: its current definition, last written by drizzle/0025_money_truth.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- One money truth (ADR 0040). A booking's money is defined once, as bookingMoney() in
-- src/modules/bookings/domain/booking-money.ts and as these functions; a test on both databases feeds random
-- ledgers to both and requires the same answer for every field. Every list, export, total and read model
-- calls them. IMMUTABLE and over the booking's own columns, so expression indexes can use them; the calls
-- between them name their schema, as an index build runs them with a search_path of pg_catalog only.
CREATE OR REPLACE FUNCTION booking_charge_minor(s booking_status, total integer, adjustment integer, fee integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('cancelled', 'declined', 'expired', 'no_show') THEN GREATEST(0, COALESCE(fee, 0))
    ELSE GREATEST(0, total - adjustment) END
$$;
