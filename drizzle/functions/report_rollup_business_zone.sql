-- report_rollup_business_zone: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- The business zone as the settings row says (the column's default when there is no row yet).
CREATE OR REPLACE FUNCTION report_rollup_business_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT time_zone FROM settings WHERE id = 1), 'Europe/London')
$$;
