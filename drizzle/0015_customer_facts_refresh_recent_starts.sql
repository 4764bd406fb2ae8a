-- The refresh of ADR 0025 (0012) also keeps `recent_starts`: the starts of the customer's bookings that are
-- not cancelled, declined or expired, from the latest one that had begun when the refresh ran (its
-- transaction's now()) onwards, ascending. Whatever "now" a reader asks about later, the latest such
-- start at or before it is in the array when the array's first element is at or before it — whatever the
-- clocks, because the array holds every start from its first element on. The list reads "last booking"
-- from it without touching bookings (customer-facts.ts).
CREATE OR REPLACE FUNCTION customer_booking_facts_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_booking_facts (customer_id, bookings, owed_minor, value_minor)
    SELECT DISTINCT c, 0, 0, 0 FROM unnest(ids) AS c ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM customer_booking_facts WHERE customer_id = ANY(ids) ORDER BY customer_id FOR UPDATE;
  INSERT INTO customer_booking_facts AS f (customer_id, bookings, latest_at, recent_starts, owed_minor, value_minor)
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
        COALESCE(sum(GREATEST(0, b.total_minor - (b.amount_paid_minor - b.amount_refunded_minor)))
          FILTER (WHERE b.status IN ('confirmed', 'in_progress', 'completed')), 0)::int AS owed_minor,
        COALESCE(sum(b.amount_paid_minor - b.amount_refunded_minor), 0)::int AS value_minor
      FROM bookings b WHERE b.customer_id = ANY(ids) GROUP BY b.customer_id) a
  ON CONFLICT (customer_id) DO UPDATE SET bookings = excluded.bookings, latest_at = excluded.latest_at,
    recent_starts = excluded.recent_starts, owed_minor = excluded.owed_minor, value_minor = excluded.value_minor;
  DELETE FROM customer_booking_facts f WHERE f.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = f.customer_id);
END $$;
--> statement-breakpoint
SELECT customer_booking_facts_refresh(ARRAY(SELECT DISTINCT customer_id FROM bookings));
