-- booking_is_booked_revenue: its current definition, last written by drizzle/0026_reports_booked_charge.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Booked revenue (ADR 0022, 0040): the bookings that stand and the business has taken on — confirmed, in
-- progress, completed, missed — at their charge. Not a hold waiting for payment (it may lapse), nor a
-- request waiting for approval, nor a cancelled, declined or expired booking. bookings' BOOKED_REVENUE_STATUSES
-- (src/modules/bookings/domain/admin-today.ts) says the same; a test compares the two.
CREATE OR REPLACE FUNCTION booking_is_booked_revenue(s booking_status) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s IN ('confirmed', 'in_progress', 'completed', 'no_show')
$$;
