-- allocation_holds_time: its current definition, last written by drizzle/0028_schedule_truth.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- The one SQL definition of a holding row, equal to ALLOCATION_HOLDING_STATUSES (src/lib/enums.ts; a test
-- compares them for every value). IMMUTABLE, so the guard and the partial index can use it.
CREATE OR REPLACE FUNCTION "allocation_holds_time"(s "public"."allocation_status") RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show', 'pending_reschedule', 'block') $$;
