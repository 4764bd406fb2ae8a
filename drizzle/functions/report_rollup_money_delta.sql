-- report_rollup_money_delta: its current definition, last written by drizzle/0022_report_rollup_triggers.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- Succeeded money by the local date it settled: s = +1 / −1 per entry, kind = the payment's or 'refund'.
CREATE OR REPLACE FUNCTION report_rollup_money_delta(s int[], settled timestamptz[], kinds text[], amounts bigint[])
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
