-- report_rollup_bookings_update: its current definition, last written by drizzle/0026_reports_booked_charge.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Only rows whose rollup inputs changed: now the adjustments and the fee too, which the charge reads.
CREATE OR REPLACE FUNCTION report_rollup_bookings_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  its booking_items[];
BEGIN
  ids := ARRAY(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.status, o.starts_at, o.ends_at, o.team_id, o.total_minor, o.amount_paid_minor,
        o.amount_refunded_minor, o.adjustment_minor, o.fee_minor, o.created_at, o.vehicle_snapshot ->> 'sizeName')
      IS DISTINCT FROM (n.status, n.starts_at, n.ends_at, n.team_id, n.total_minor, n.amount_paid_minor,
        n.amount_refunded_minor, n.adjustment_minor, n.fee_minor, n.created_at, n.vehicle_snapshot ->> 'sizeName'));
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  its := ARRAY(SELECT i FROM booking_items i WHERE i.booking_id = ANY(ids));
  PERFORM report_rollup_bookings_delta(ARRAY(SELECT o::bookings FROM old_rows o WHERE o.id = ANY(ids)), its,
    ARRAY(SELECT n::bookings FROM new_rows n WHERE n.id = ANY(ids)), its);
  RETURN NULL;
END $$;
