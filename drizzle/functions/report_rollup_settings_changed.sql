-- report_rollup_settings_changed: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- A change of the business zone (or the settings row made or removed) rebuilds the rollups in its
-- transaction.
CREATE OR REPLACE FUNCTION report_rollup_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollup_business_zone() IS DISTINCT FROM (SELECT time_zone FROM report_rollup_state WHERE id = 1) THEN
    PERFORM report_rollup_rebuild();
  END IF;
  RETURN NULL;
END $$;
