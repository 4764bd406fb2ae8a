-- customer_booking_facts_computed: its current definition, last written by drizzle/0029_customer_facts_incremental.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Every fact of the named customers (every customer with a booking when ids is NULL), from all of their
-- bookings, at the transaction's now(): the definition the incremental triggers must equal.
CREATE OR REPLACE FUNCTION customer_booking_facts_computed(ids text[])
RETURNS TABLE (customer_id text, bookings integer, latest_at timestamptz, recent_starts timestamptz[],
  owed_minor integer, value_minor integer)
LANGUAGE sql STABLE AS $$
  SELECT a.customer_id, a.bookings, a.latest_at,
    (SELECT array_agg(r.starts_at ORDER BY r.starts_at) FROM bookings r
      WHERE r.customer_id = a.customer_id AND r.status NOT IN ('cancelled', 'declined', 'expired')
        AND r.starts_at >= COALESCE(a.began_at, '-infinity')),
    a.owed_minor, a.value_minor
  FROM (SELECT b.customer_id,
      (count(*) FILTER (WHERE b.status <> 'expired'))::int AS bookings,
      max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')) AS latest_at,
      max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')
        AND b.starts_at <= now()) AS began_at,
      COALESCE(sum(booking_owed_minor(b.status, b.total_minor, b.adjustment_minor, b.fee_minor,
        b.amount_paid_minor, b.amount_refunded_minor)), 0)::int AS owed_minor,
      (COALESCE(sum(b.amount_paid_minor), 0) - COALESCE(sum(b.amount_refunded_minor), 0))::int AS value_minor
    FROM bookings b WHERE ids IS NULL OR b.customer_id = ANY(ids) GROUP BY b.customer_id) a
$$;
