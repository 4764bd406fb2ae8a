-- bookings_work_minutes_default: its current definition, last written by drizzle/0035_long_jobs.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- A writer that leaves the work out (a script, an old test factory) books a job with no break in it:
-- its work is its span. The booking use cases always say the work.
CREATE OR REPLACE FUNCTION bookings_work_minutes_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.work_minutes IS NULL THEN
    NEW.work_minutes := GREATEST(1, round(extract(epoch from (NEW.ends_at - NEW.starts_at)) / 60)::integer);
  END IF;
  RETURN NEW;
END $$;
