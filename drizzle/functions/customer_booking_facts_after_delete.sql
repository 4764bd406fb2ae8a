-- customer_booking_facts_after_delete: its current definition, last written by drizzle/0029_customer_facts_incremental.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION customer_booking_facts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_apply(ARRAY(SELECT o::bookings FROM old_rows o), '{}'::bookings[]);
  RETURN NULL;
END $$;
