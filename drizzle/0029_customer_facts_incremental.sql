-- ADR 0046: the customers' facts (ADR 0025) kept incrementally. The triggers no longer recompute a
-- customer's facts from all of their bookings on every write — that read grew with the customer's history
-- (a fleet customer's 20,000 bookings on every reservation). Each statement now
-- 1. adds what its rows contribute after, less what they contributed before, to the counts and sums
--    (bookings, owed, value), one upsert per customer in id order — the row lock that orders two writers
--    of one customer, as before (ADR 0025 §2);
-- 2. reads latest_at and recent_starts of the same customers again through bookings_customer_happened_idx
--    (customer_id, starts_at) WHERE status NOT IN (cancelled, declined, expired): the newest entry, the
--    newest at or before now(), and the entries from there on — O(log n + k), k the customer's bookings
--    from their latest begun one on (that one and their upcoming ones), as the full recompute at now()
--    would write them;
-- 3. deletes the rows of customers who lost a booking and have none left (an index probe each).
-- customer_booking_facts_computed() is the one full-recompute definition; customer_booking_facts_refresh()
-- writes it (backfills and repairs). The integration tests hold the incremental table equal to it after
-- mixed sequences of writes, on both databases.

-- Every fact of the named customers (every customer with a booking when ids is NULL), from all of their
-- bookings, at the transaction's now(): the definition the incremental triggers must equal.
CREATE FUNCTION customer_booking_facts_computed(ids text[])
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
--> statement-breakpoint
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
--> statement-breakpoint
-- What bookings `nb` contribute, less what `ob` contributed (the same booking on both sides of an update,
-- paired by id; an insert has no old side, a delete no new side).
CREATE FUNCTION customer_booking_facts_apply(ob bookings[], nb bookings[]) RETURNS void LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_booking_facts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_apply('{}'::bookings[], ARRAY(SELECT n::bookings FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_booking_facts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_apply(ARRAY(SELECT o::bookings FROM old_rows o), '{}'::bookings[]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update passes only the rows whose facts' inputs changed (not a note or a reminder), both sides.
CREATE OR REPLACE FUNCTION customer_booking_facts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  ids := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.customer_id, o.status, o.starts_at, o.total_minor, o.amount_paid_minor, o.amount_refunded_minor,
        o.adjustment_minor, o.fee_minor)
      IS DISTINCT FROM (n.customer_id, n.status, n.starts_at, n.total_minor, n.amount_paid_minor,
        n.amount_refunded_minor, n.adjustment_minor, n.fee_minor));
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM customer_booking_facts_apply(ARRAY(SELECT o::bookings FROM old_rows o WHERE o.id = ANY(ids)),
    ARRAY(SELECT n::bookings FROM new_rows n WHERE n.id = ANY(ids)));
  RETURN NULL;
END $$;
