-- report_rollup_zone: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION report_rollup_zone() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727278);
  RETURN (SELECT time_zone FROM report_rollup_state WHERE id = 1);
END $$;
