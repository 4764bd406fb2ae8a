-- report_rollup_rebuild: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Everything again from the base tables, keyed by the business zone of now (in the caller's transaction).
-- Bookings go through the same delta function as the triggers, two weeks of job starts at a time: each
-- key's bookings are (nearly) all in one batch, so each rollup row is written about once.
CREATE OR REPLACE FUNCTION report_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
