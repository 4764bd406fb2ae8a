-- The reports' daily rollup (ADR 0037), kept exact by the database in the transaction of every write to
-- bookings, booking_items, payments and refunds, whichever module path makes it. Statement triggers with
-- transition tables; each applies per-key deltas (what the statement's rows contributed after, minus what
-- they contributed before) with INSERT … ON CONFLICT DO UPDATE SET n = t.n + excluded.n, which commutes
-- between concurrent writers: no recompute, no row read before it is written.
--
-- Keys are the local dates of the zone in report_rollup_state. Every writer takes a shared advisory lock
-- before reading that zone; the rebuild (on a change of the business zone, or a TRUNCATE) takes it
-- exclusively, so no transaction can add a delta keyed by the old zone to tables rebuilt for the new one.

-- The business zone as the settings row says (the column's default when there is no row yet).
CREATE FUNCTION report_rollup_business_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT time_zone FROM settings WHERE id = 1), 'Europe/London')
$$;
--> statement-breakpoint
INSERT INTO report_rollup_state (id, time_zone) VALUES (1, report_rollup_business_zone());
--> statement-breakpoint
-- bookings' BOOKED_STATUSES (src/modules/bookings/domain/admin-today.ts); a test compares the two.
CREATE FUNCTION report_rollup_is_booked(s booking_status) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show')
$$;
--> statement-breakpoint
CREATE FUNCTION report_rollup_zone() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727278);
  RETURN (SELECT time_zone FROM report_rollup_state WHERE id = 1);
END $$;
--> statement-breakpoint
-- What bookings `nb` with their lines `ni` contribute, minus what `ob` with `oi` contributed. A line counts
-- with the booking of its side (old lines with old bookings), so a status change or a move takes the
-- booking's lines along, and a change of lines leaves the booking-level tables untouched (the two sides
-- cancel; keys whose deltas are all zero are not written).
CREATE FUNCTION report_rollup_bookings_delta(ob bookings[], oi booking_items[], nb bookings[], ni booking_items[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := report_rollup_zone();
  done int;
BEGIN
  WITH b AS (
    SELECT -1 AS s, x.id, x.status, x.team_id, x.total_minor::bigint AS total, x.amount_paid_minor::bigint AS paid,
      x.amount_refunded_minor::bigint AS refunded, x.starts_at AT TIME ZONE tz AS l,
      (x.created_at AT TIME ZONE tz)::date AS c, extract(epoch FROM x.ends_at - x.starts_at)::bigint AS secs,
      COALESCE(x.vehicle_snapshot ->> 'sizeName', '') AS size
    FROM unnest(ob) x
    UNION ALL
    SELECT 1, x.id, x.status, x.team_id, x.total_minor, x.amount_paid_minor, x.amount_refunded_minor,
      x.starts_at AT TIME ZONE tz, (x.created_at AT TIME ZONE tz)::date,
      extract(epoch FROM x.ends_at - x.starts_at)::bigint, COALESCE(x.vehicle_snapshot ->> 'sizeName', '')
    FROM unnest(nb) x
  ), bk AS (
    SELECT * FROM b WHERE report_rollup_is_booked(b.status)
  ), i AS (
    SELECT -1 AS s, x.booking_id, x.kind, x.name, x.service_id, x.price_minor::bigint AS price FROM unnest(oi) x
    UNION ALL
    SELECT 1, x.booking_id, x.kind, x.name, x.service_id, x.price_minor FROM unnest(ni) x
  ), li AS (
    SELECT bk.s, bk.id, bk.l::date AS d, bk.size, i.kind, i.name, i.service_id, i.price
    FROM bk JOIN i ON i.booking_id = bk.id AND i.s = bk.s
    WHERE i.kind IN ('package', 'addon')
  ), daily AS (
    INSERT INTO report_daily AS t (local_date, status, team_id, jobs, value_minor, paid_minor, refunded_minor, seconds)
    SELECT b.l::date, b.status, b.team_id, sum(b.s), sum(b.s * b.total), sum(b.s * b.paid),
      sum(b.s * b.refunded), sum(b.s * b.secs)
    FROM b GROUP BY 1, 2, 3
    HAVING (sum(b.s), sum(b.s * b.total), sum(b.s * b.paid), sum(b.s * b.refunded), sum(b.s * b.secs))
      <> (0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3
    ON CONFLICT (local_date, status, team_id) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      value_minor = t.value_minor + excluded.value_minor, paid_minor = t.paid_minor + excluded.paid_minor,
      refunded_minor = t.refunded_minor + excluded.refunded_minor, seconds = t.seconds + excluded.seconds
  ), hours AS (
    INSERT INTO report_daily_hours AS t (local_date, hour, jobs)
    SELECT bk.l::date, extract(hour FROM bk.l)::smallint, sum(bk.s)
    FROM bk GROUP BY 1, 2 HAVING sum(bk.s) <> 0 ORDER BY 1, 2
    ON CONFLICT (local_date, hour) DO UPDATE SET jobs = t.jobs + excluded.jobs
  ), leads AS (
    -- Lead time in local days, clamped to −1 … 365: the analytics buckets are read from it.
    INSERT INTO report_daily_leads AS t (local_date, lead_days, jobs)
    SELECT bk.l::date, LEAST(GREATEST(bk.l::date - bk.c, -1), 365)::smallint, sum(bk.s)
    FROM bk GROUP BY 1, 2 HAVING sum(bk.s) <> 0 ORDER BY 1, 2
    ON CONFLICT (local_date, lead_days) DO UPDATE SET jobs = t.jobs + excluded.jobs
  ), items AS (
    INSERT INTO report_daily_items AS t (local_date, kind, name, service_id, lines, revenue_minor)
    SELECT li.d, li.kind, li.name, COALESCE(li.service_id, '00000000-0000-0000-0000-000000000000'),
      sum(li.s), sum(li.s * li.price)
    FROM li GROUP BY 1, 2, 3, 4 HAVING (sum(li.s), sum(li.s * li.price)) <> (0, 0) ORDER BY 1, 2, 3, 4
    ON CONFLICT (local_date, kind, name, service_id) DO UPDATE SET lines = t.lines + excluded.lines,
      revenue_minor = t.revenue_minor + excluded.revenue_minor
  ), sizes AS (
    -- A job counts under its size when it has package or add-on lines (the report's inner join).
    INSERT INTO report_daily_sizes AS t (local_date, size, jobs, revenue_minor)
    SELECT p.d, p.size, sum(p.s), sum(p.s * p.v)
    FROM (SELECT li.s, li.id, li.d, li.size, sum(li.price) AS v FROM li GROUP BY 1, 2, 3, 4) p
    GROUP BY 1, 2 HAVING (sum(p.s), sum(p.s * p.v)) <> (0, 0) ORDER BY 1, 2
    ON CONFLICT (local_date, size) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      revenue_minor = t.revenue_minor + excluded.revenue_minor
  ), zones AS (
    -- Each job once per travel-fee line, or once under "" without one (the report's left join).
    INSERT INTO report_daily_zones AS t (local_date, zone, jobs, fees_minor)
    SELECT z.d, z.zone, sum(z.s), sum(z.s * z.fee)
    FROM (SELECT bk.s, bk.l::date AS d, COALESCE(regexp_replace(i.name, '^Travel to ', ''), '') AS zone,
        COALESCE(i.price, 0) AS fee
      FROM bk LEFT JOIN i ON i.booking_id = bk.id AND i.s = bk.s AND i.kind = 'travel_fee') z
    GROUP BY 1, 2 HAVING (sum(z.s), sum(z.s * z.fee)) <> (0, 0) ORDER BY 1, 2
    ON CONFLICT (local_date, zone) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      fees_minor = t.fees_minor + excluded.fees_minor
  )
  SELECT 1 INTO done;
END $$;
--> statement-breakpoint
-- Succeeded money by the local date it settled: s = +1 / −1 per entry, kind = the payment's or 'refund'.
CREATE FUNCTION report_rollup_money_delta(s int[], settled timestamptz[], kinds text[], amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := report_rollup_zone();
BEGIN
  INSERT INTO report_daily_money AS t (local_date, kind, entries, amount_minor)
  SELECT (x.at AT TIME ZONE tz)::date, x.kind, sum(x.s), sum(x.s * x.amount)
  FROM unnest(s, settled, kinds, amounts) AS x(s, at, kind, amount)
  GROUP BY 1, 2 HAVING (sum(x.s), sum(x.s * x.amount)) <> (0, 0) ORDER BY 1, 2
  ON CONFLICT (local_date, kind) DO UPDATE SET entries = t.entries + excluded.entries,
    amount_minor = t.amount_minor + excluded.amount_minor;
END $$;
--> statement-breakpoint
-- Everything again from the base tables, keyed by the business zone of now (in the caller's transaction).
-- Bookings go through the same delta function as the triggers, two weeks of job starts at a time: each
-- key's bookings are (nearly) all in one batch, so each rollup row is written about once.
CREATE FUNCTION report_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz;
  hi timestamptz;
  bs bookings[];
BEGIN
  PERFORM pg_advisory_xact_lock(727278);
  UPDATE report_rollup_state SET time_zone = report_rollup_business_zone() WHERE id = 1;
  DELETE FROM report_daily;
  DELETE FROM report_daily_hours;
  DELETE FROM report_daily_leads;
  DELETE FROM report_daily_items;
  DELETE FROM report_daily_sizes;
  DELETE FROM report_daily_zones;
  DELETE FROM report_daily_money;
  lo := (SELECT min(starts_at) FROM bookings);
  WHILE lo IS NOT NULL LOOP
    hi := lo + interval '14 days';
    bs := ARRAY(SELECT b FROM bookings b WHERE b.starts_at >= lo AND b.starts_at < hi);
    PERFORM report_rollup_bookings_delta('{}'::bookings[], '{}'::booking_items[], bs,
      ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ARRAY(SELECT x.id FROM unnest(bs) x))));
    lo := (SELECT min(starts_at) FROM bookings WHERE starts_at >= hi);
  END LOOP;
  PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
  FROM (SELECT array_agg(1) AS s, array_agg(p.settled_at) AS at, array_agg(p.kind::text) AS k,
      array_agg(p.amount_minor::bigint) AS a
    FROM payments p WHERE p.status = 'succeeded' AND p.settled_at IS NOT NULL) q;
  PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
  FROM (SELECT array_agg(1) AS s, array_agg(r.settled_at) AS at, array_agg('refund'::text) AS k,
      array_agg(r.amount_minor::bigint) AS a
    FROM refunds r WHERE r.status = 'succeeded' AND r.settled_at IS NOT NULL) q;
END $$;
--> statement-breakpoint
-- ── bookings ──
CREATE FUNCTION report_rollup_bookings_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A booking's lines can only be inserted after it: none yet.
  PERFORM report_rollup_bookings_delta('{}'::bookings[], '{}'::booking_items[], ARRAY(SELECT n::bookings FROM new_rows n), '{}'::booking_items[]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose rollup inputs changed (not a note, a reminder or a sequence number).
CREATE FUNCTION report_rollup_bookings_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  its booking_items[];
BEGIN
  ids := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.starts_at, o.ends_at, o.team_id, o.total_minor, o.amount_paid_minor,
        o.amount_refunded_minor, o.created_at, o.vehicle_snapshot ->> 'sizeName')
      IS DISTINCT FROM (n.status, n.starts_at, n.ends_at, n.team_id, n.total_minor, n.amount_paid_minor,
        n.amount_refunded_minor, n.created_at, n.vehicle_snapshot ->> 'sizeName'));
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  its := ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids));
  PERFORM report_rollup_bookings_delta(ARRAY(SELECT o::bookings FROM old_rows o WHERE o.id = ANY(ids)), its,
    ARRAY(SELECT n::bookings FROM new_rows n WHERE n.id = ANY(ids)), its);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_rollup_bookings_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The lines went first (report_rollup_booking_lines_first): only the bookings themselves are left.
  PERFORM report_rollup_bookings_delta(ARRAY(SELECT o::bookings FROM old_rows o), '{}'::booking_items[], '{}'::bookings[],
    '{}'::booking_items[]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The lines of a deleted booking are deleted before it (not by the foreign key's cascade afterwards), so
-- the lines' trigger still finds the booking they counted under and takes them out of its date.
CREATE FUNCTION report_rollup_booking_lines_first() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_items WHERE booking_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- ── booking_items ──
-- The bookings of the changed lines, with their lines before (the current ones not written by this
-- statement, plus the old rows) and after (the current ones).
CREATE FUNCTION report_rollup_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  bs bookings[];
  before_lines booking_items[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY(SELECT DISTINCT n.booking_id FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY(SELECT DISTINCT o.booking_id FROM old_rows o);
  ELSE
    ids := ARRAY(SELECT n.booking_id FROM new_rows n UNION SELECT o.booking_id FROM old_rows o);
  END IF;
  -- Only booked jobs' lines count.
  bs := ARRAY(SELECT b FROM bookings b WHERE b.id = ANY(ids) AND report_rollup_is_booked(b.status));
  IF cardinality(bs) = 0 THEN
    RETURN NULL;
  END IF;
  ids := ARRAY(SELECT x.id FROM unnest(bs) x);
  IF TG_OP = 'INSERT' THEN
    before_lines := ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids)
      AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id));
  ELSIF TG_OP = 'DELETE' THEN
    before_lines := ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids)
      UNION ALL SELECT o::booking_items FROM old_rows o WHERE o.booking_id = ANY(ids));
  ELSE
    before_lines := ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids)
        AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id)
      UNION ALL SELECT o::booking_items FROM old_rows o WHERE o.booking_id = ANY(ids));
  END IF;
  PERFORM report_rollup_bookings_delta(bs, before_lines, bs,
    ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- ── payments and refunds ──
CREATE FUNCTION report_rollup_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(1) AS s, array_agg(n.settled_at) AS at, array_agg(n.kind::text) AS k,
        array_agg(n.amount_minor::bigint) AS a
      FROM new_rows n WHERE n.status = 'succeeded' AND n.settled_at IS NOT NULL) q WHERE q.s IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(-1) AS s, array_agg(o.settled_at) AS at, array_agg(o.kind::text) AS k,
        array_agg(o.amount_minor::bigint) AS a
      FROM old_rows o WHERE o.status = 'succeeded' AND o.settled_at IS NOT NULL) q WHERE q.s IS NOT NULL;
  ELSE
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(e.s) AS s, array_agg(e.at) AS at, array_agg(e.k) AS k, array_agg(e.a) AS a
      FROM (SELECT -1 AS s, o.settled_at AS at, o.kind::text AS k, o.amount_minor::bigint AS a
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status = 'succeeded' AND o.settled_at IS NOT NULL
            AND (o.status, o.settled_at, o.kind, o.amount_minor) IS DISTINCT FROM (n.status, n.settled_at, n.kind, n.amount_minor)
        UNION ALL
        SELECT 1, n.settled_at, n.kind::text, n.amount_minor
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.status = 'succeeded' AND n.settled_at IS NOT NULL
            AND (o.status, o.settled_at, o.kind, o.amount_minor) IS DISTINCT FROM (n.status, n.settled_at, n.kind, n.amount_minor)) e
      ) q WHERE q.s IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_rollup_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(1) AS s, array_agg(n.settled_at) AS at, array_agg('refund'::text) AS k,
        array_agg(n.amount_minor::bigint) AS a
      FROM new_rows n WHERE n.status = 'succeeded' AND n.settled_at IS NOT NULL) q WHERE q.s IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(-1) AS s, array_agg(o.settled_at) AS at, array_agg('refund'::text) AS k,
        array_agg(o.amount_minor::bigint) AS a
      FROM old_rows o WHERE o.status = 'succeeded' AND o.settled_at IS NOT NULL) q WHERE q.s IS NOT NULL;
  ELSE
    PERFORM report_rollup_money_delta(q.s, q.at, q.k, q.a)
    FROM (SELECT array_agg(e.s) AS s, array_agg(e.at) AS at, array_agg('refund'::text) AS k, array_agg(e.a) AS a
      FROM (SELECT -1 AS s, o.settled_at AS at, o.amount_minor::bigint AS a
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status = 'succeeded' AND o.settled_at IS NOT NULL
            AND (o.status, o.settled_at, o.amount_minor) IS DISTINCT FROM (n.status, n.settled_at, n.amount_minor)
        UNION ALL
        SELECT 1, n.settled_at, n.amount_minor
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE n.status = 'succeeded' AND n.settled_at IS NOT NULL
            AND (o.status, o.settled_at, o.amount_minor) IS DISTINCT FROM (n.status, n.settled_at, n.amount_minor)) e
      ) q WHERE q.s IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollup_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change of the business zone (or the settings row made or removed) rebuilds the rollups in its
-- transaction.
CREATE FUNCTION report_rollup_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollup_business_zone() IS DISTINCT FROM (SELECT time_zone FROM report_rollup_state WHERE id = 1) THEN
    PERFORM report_rollup_rebuild();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_bookings_insert();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_bookings_update();
--> statement-breakpoint
CREATE TRIGGER report_rollup_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_bookings_delete();
--> statement-breakpoint
CREATE TRIGGER report_rollup_lines_first BEFORE DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION report_rollup_booking_lines_first();
--> statement-breakpoint
CREATE TRIGGER report_rollup_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert AFTER INSERT ON booking_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON booking_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_delete AFTER DELETE ON booking_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_items_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_truncate AFTER TRUNCATE ON booking_items
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_payments_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER report_rollup_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER report_rollup_truncate AFTER TRUNCATE ON refunds
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncated();
--> statement-breakpoint
CREATE TRIGGER report_rollup_settings AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_settings_changed();
--> statement-breakpoint
-- The bookings, lines and money already there.
SELECT report_rollup_rebuild();
