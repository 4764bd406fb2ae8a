-- booking_team_seconds: its current definition, last written by drizzle/0039_team_time.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
-- The team time a booking takes (ADR 0056): each day's part of a visit over several days, not the nights
-- between them; a visit of one day takes [starts_at, ends_at). The SQL twin of partsMinutes (src/lib/
-- day-parts.ts), proven equal by tests/integration/multi-day.integration.test.ts. The reports' rollup
-- (ADR 0037) counts a booking's minutes with it; the rest of the rollup is as 0032 left it.
CREATE OR REPLACE FUNCTION booking_team_seconds(starts_at timestamptz, ends_at timestamptz, day_parts jsonb)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN day_parts IS NULL THEN extract(epoch FROM ends_at - starts_at)::bigint
    ELSE (SELECT COALESCE(sum(extract(epoch FROM (p ->> 'end')::timestamptz - (p ->> 'start')::timestamptz)), 0)::bigint
      FROM jsonb_array_elements(day_parts) p) END
$$;
