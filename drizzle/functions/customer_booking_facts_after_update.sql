-- customer_booking_facts_after_update: its current definition, last written by drizzle/0029_customer_facts_incremental.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
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
