-- report_rollup_booking_lines_first: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- The lines of a deleted booking are deleted before it (not by the foreign key's cascade afterwards), so
-- the lines' trigger still finds the booking they counted under and takes them out of its date.
CREATE OR REPLACE FUNCTION report_rollup_booking_lines_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_items WHERE booking_id = OLD.id;
  RETURN OLD;
END $$;
