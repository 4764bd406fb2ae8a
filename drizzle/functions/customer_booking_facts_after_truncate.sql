-- customer_booking_facts_after_truncate: its current definition, last written by drizzle/0012_customer_booking_facts_trigger.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION customer_booking_facts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_booking_facts;
  RETURN NULL;
END $$;
