-- report_rollup_refunds_changed: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION report_rollup_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
