-- booking_owed_minor: its current definition, last written by drizzle/0040_money_state.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- A cancelled booking's fee that was not paid is owed (on account, a late cancellation's fee is invoiced,
-- issue 41 §4): OWING_STATUSES gains 'cancelled'. Only a fee above what was paid can be due on it, which
-- no card booking has (its fee is kept from the money paid).
CREATE OR REPLACE FUNCTION booking_owed_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('confirmed', 'in_progress', 'completed', 'no_show', 'cancelled')
    THEN public.booking_due_minor(s, total, adjustment, fee, paid, refunded) ELSE 0 END
$$;
