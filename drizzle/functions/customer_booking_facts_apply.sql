-- customer_booking_facts_apply: its current definition, last written by drizzle/0029_customer_facts_incremental.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- What bookings `nb` contribute, less what `ob` contributed (the same booking on both sides of an update,
-- paired by id; an insert has no old side, a delete no new side).
CREATE OR REPLACE FUNCTION customer_booking_facts_apply(ob bookings[], nb bookings[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lost text[];
BEGIN
  -- 1. Counts and sums: per-customer deltas, added under the row's lock (made if missing), in id order.
  INSERT INTO customer_booking_facts AS f (customer_id, bookings, owed_minor, value_minor)
  SELECT d.customer_id, sum(d.s * (d.status <> 'expired')::int)::int,
    sum(d.s * booking_owed_minor(d.status, d.total_minor, d.adjustment_minor, d.fee_minor,
      d.amount_paid_minor, d.amount_refunded_minor))::int,
    (sum(d.s * d.amount_paid_minor) - sum(d.s * d.amount_refunded_minor))::int
  FROM (SELECT -1 AS s, o.* FROM unnest(ob) o UNION ALL SELECT 1, n.* FROM unnest(nb) n) d
  GROUP BY d.customer_id ORDER BY d.customer_id
  ON CONFLICT (customer_id) DO UPDATE SET bookings = f.bookings + excluded.bookings,
    owed_minor = f.owed_minor + excluded.owed_minor, value_minor = f.value_minor + excluded.value_minor;
  -- 2. The starts, read again for the same customers in a later statement than the upsert: under READ
  -- COMMITTED it sees whatever another writer of the same customer committed while this one waited for
  -- the row lock. Index probes of bookings_customer_happened_idx, as the full recompute defines them.
  UPDATE customer_booking_facts f SET latest_at = p.latest_at, recent_starts = p.recent_starts
  FROM (SELECT c.id,
      (SELECT max(b.starts_at) FROM bookings b
        WHERE b.customer_id = c.id AND b.status NOT IN ('cancelled', 'declined', 'expired')) AS latest_at,
      (SELECT array_agg(r.starts_at ORDER BY r.starts_at) FROM bookings r
        WHERE r.customer_id = c.id AND r.status NOT IN ('cancelled', 'declined', 'expired')
          AND r.starts_at >= COALESCE((SELECT max(b.starts_at) FROM bookings b
            WHERE b.customer_id = c.id AND b.status NOT IN ('cancelled', 'declined', 'expired')
              AND b.starts_at <= now()), '-infinity')) AS recent_starts
    FROM (SELECT o.customer_id FROM unnest(ob) o UNION SELECT n.customer_id FROM unnest(nb) n) AS c(id)) p
  WHERE f.customer_id = p.id;
  -- 3. A customer who lost a booking keeps a row only while they have one.
  IF cardinality(ob) = 0 THEN
    RETURN;
  END IF;
  lost := ARRAY(SELECT DISTINCT o.customer_id FROM unnest(ob) o LEFT JOIN unnest(nb) n ON n.id = o.id
    WHERE n.customer_id IS DISTINCT FROM o.customer_id);
  IF cardinality(lost) > 0 THEN
    DELETE FROM customer_booking_facts f WHERE f.customer_id = ANY(lost)
      AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = f.customer_id);
  END IF;
END $$;
