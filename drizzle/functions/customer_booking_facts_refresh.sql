-- customer_booking_facts_refresh: its current definition, last written by drizzle/0029_customer_facts_incremental.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Writes the full recompute for the named customers (no longer called by the triggers).
CREATE OR REPLACE FUNCTION customer_booking_facts_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_booking_facts (customer_id, bookings, owed_minor, value_minor)
    SELECT DISTINCT c, 0, 0, 0 FROM unnest(ids) AS c ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM customer_booking_facts WHERE customer_id = ANY(ids) ORDER BY customer_id FOR UPDATE;
  INSERT INTO customer_booking_facts AS f (customer_id, bookings, latest_at, recent_starts, owed_minor, value_minor)
    SELECT * FROM customer_booking_facts_computed(ids)
  ON CONFLICT (customer_id) DO UPDATE SET bookings = excluded.bookings, latest_at = excluded.latest_at,
    recent_starts = excluded.recent_starts, owed_minor = excluded.owed_minor, value_minor = excluded.value_minor;
  DELETE FROM customer_booking_facts f WHERE f.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = f.customer_id);
END $$;
