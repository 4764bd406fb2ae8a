-- report_rollup_bookings_insert: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- ── bookings ──
CREATE OR REPLACE FUNCTION report_rollup_bookings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A booking's lines can only be inserted after it: none yet.
  PERFORM report_rollup_bookings_delta('{}'::bookings[], '{}'::booking_items[], ARRAY(SELECT n::bookings FROM new_rows n), '{}'::booking_items[]);
  RETURN NULL;
END $$;
