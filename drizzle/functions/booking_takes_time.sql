-- booking_takes_time: its current definition, last written by drizzle/0028_schedule_truth.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Its booking twin: the booking statuses that take time (TIME_TAKING_STATUSES), for reads on bookings.
CREATE OR REPLACE FUNCTION "booking_takes_time"(s "public"."booking_status") RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show') $$;
