-- report_rollup_truncated: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION report_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_rebuild();
  RETURN NULL;
END $$;
