-- The per-customer booking facts (ADR 0025), kept exact by the database in the transaction of every write
-- to bookings, whichever module path makes it: a booking made, a status change, a move, the payment
-- ledger, an erasure, a merge, the seed and the factories. Statement triggers with transition tables, so
-- a bulk insert refreshes each customer once. Each refresh recomputes the customer's facts from their
-- bookings (a handful of rows, bookings_customer_idx) after locking the customer's facts row (made first
-- if missing), so two transactions changing bookings of the same customer cannot each write a total
-- missing the other's change: under READ COMMITTED the recompute, a later statement, sees what the first
-- one committed while the second waited. Row locks, not advisory locks: a bulk statement may touch tens
-- of thousands of customers, more than the lock table holds.
CREATE FUNCTION customer_booking_facts_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_booking_facts (customer_id, bookings, owed_minor, value_minor)
    SELECT DISTINCT c, 0, 0, 0 FROM unnest(ids) AS c ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM customer_booking_facts WHERE customer_id = ANY(ids) ORDER BY customer_id FOR UPDATE;
  INSERT INTO customer_booking_facts AS f (customer_id, bookings, latest_at, owed_minor, value_minor)
    SELECT b.customer_id,
      (count(*) FILTER (WHERE b.status <> 'expired'))::int,
      max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')),
      COALESCE(sum(GREATEST(0, b.total_minor - (b.amount_paid_minor - b.amount_refunded_minor)))
        FILTER (WHERE b.status IN ('confirmed', 'in_progress', 'completed')), 0)::int,
      COALESCE(sum(b.amount_paid_minor - b.amount_refunded_minor), 0)::int
    FROM bookings b WHERE b.customer_id = ANY(ids) GROUP BY b.customer_id
  ON CONFLICT (customer_id) DO UPDATE SET bookings = excluded.bookings, latest_at = excluded.latest_at,
    owed_minor = excluded.owed_minor, value_minor = excluded.value_minor;
  DELETE FROM customer_booking_facts f WHERE f.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = f.customer_id);
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_booking_facts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_refresh(ARRAY(SELECT DISTINCT customer_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_booking_facts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_refresh(ARRAY(SELECT DISTINCT customer_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update refreshes only the customers of rows whose facts' inputs changed (not a note or a reminder).
CREATE FUNCTION customer_booking_facts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_refresh(ARRAY(
    SELECT DISTINCT c FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.customer_id), (n.customer_id)) AS v(c)
    WHERE (o.customer_id, o.status, o.starts_at, o.total_minor, o.amount_paid_minor, o.amount_refunded_minor)
      IS DISTINCT FROM (n.customer_id, n.status, n.starts_at, n.total_minor, n.amount_paid_minor, n.amount_refunded_minor)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_booking_facts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_booking_facts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_booking_facts_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_facts_after_insert();
--> statement-breakpoint
CREATE TRIGGER customer_booking_facts_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_facts_after_update();
--> statement-breakpoint
CREATE TRIGGER customer_booking_facts_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_facts_after_delete();
--> statement-breakpoint
CREATE TRIGGER customer_booking_facts_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION customer_booking_facts_after_truncate();
--> statement-breakpoint
-- Backfill for the bookings already there.
INSERT INTO customer_booking_facts (customer_id, bookings, latest_at, owed_minor, value_minor)
  SELECT b.customer_id,
    (count(*) FILTER (WHERE b.status <> 'expired'))::int,
    max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')),
    COALESCE(sum(GREATEST(0, b.total_minor - (b.amount_paid_minor - b.amount_refunded_minor)))
      FILTER (WHERE b.status IN ('confirmed', 'in_progress', 'completed')), 0)::int,
    COALESCE(sum(b.amount_paid_minor - b.amount_refunded_minor), 0)::int
  FROM bookings b GROUP BY b.customer_id;
