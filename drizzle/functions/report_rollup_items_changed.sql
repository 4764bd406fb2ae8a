-- report_rollup_items_changed: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- ── booking_items ──
-- The bookings of the changed lines, with their lines before (the current ones not written by this
-- statement, plus the old rows) and after (the current ones).
CREATE OR REPLACE FUNCTION report_rollup_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
