-- report_rollup_is_booked: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- bookings' BOOKED_STATUSES (src/modules/bookings/domain/admin-today.ts); a test compares the two.
CREATE OR REPLACE FUNCTION report_rollup_is_booked(s booking_status) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show')
$$;
