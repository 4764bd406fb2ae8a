-- report_rollup_bookings_delete: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION report_rollup_bookings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The lines went first (report_rollup_booking_lines_first): only the bookings themselves are left.
  PERFORM report_rollup_bookings_delta(ARRAY(SELECT o::bookings FROM old_rows o), '{}'::booking_items[], '{}'::bookings[],
    '{}'::booking_items[]);
  RETURN NULL;
END $$;
