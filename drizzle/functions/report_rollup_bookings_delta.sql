-- report_rollup_bookings_delta: its current definition, last written by drizzle/0039_team_time.sql.
-- To change it, write a migration that replaces it (CREATE OR REPLACE FUNCTION) and copy the new
-- definition here: tests/integration/sql-functions.integration.test.ts fails while they differ.
CREATE OR REPLACE FUNCTION report_rollup_bookings_delta(ob bookings[], oi booking_items[], nb bookings[], ni booking_items[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := report_rollup_zone();
  done int;
BEGIN
  WITH b AS (
    SELECT -1 AS s, x.id, x.status, x.team_id, x.total_minor::bigint AS total,
      booking_charge_minor(x.status, x.total_minor, x.adjustment_minor, x.fee_minor)::bigint AS charge,
      x.amount_paid_minor::bigint AS paid,
      x.amount_refunded_minor::bigint AS refunded, x.starts_at AT TIME ZONE tz AS l,
      (x.created_at AT TIME ZONE tz)::date AS c, booking_team_seconds(x.starts_at, x.ends_at, x.day_parts) AS secs,
      COALESCE(x.vehicle_snapshot ->> 'sizeName', '') AS size
    FROM unnest(ob) x
    UNION ALL
    SELECT 1, x.id, x.status, x.team_id, x.total_minor,
      booking_charge_minor(x.status, x.total_minor, x.adjustment_minor, x.fee_minor),
      x.amount_paid_minor, x.amount_refunded_minor,
      x.starts_at AT TIME ZONE tz, (x.created_at AT TIME ZONE tz)::date,
      booking_team_seconds(x.starts_at, x.ends_at, x.day_parts), COALESCE(x.vehicle_snapshot ->> 'sizeName', '')
    FROM unnest(nb) x
  ), bk AS (
    SELECT * FROM b WHERE report_rollup_is_booked(b.status)
  ), i AS (
    SELECT -1 AS s, x.booking_id, x.kind, x.name, x.service_id, x.price_minor::bigint AS price,
      COALESCE(x.vehicle_position, 0) AS vehicle
    FROM unnest(oi) x
    UNION ALL
    SELECT 1, x.booking_id, x.kind, x.name, x.service_id, x.price_minor, COALESCE(x.vehicle_position, 0)
    FROM unnest(ni) x
  ), li AS (
    -- Each package or add-on under its own vehicle's size (ADR 0050): the booking's for vehicle 0, the
    -- visit's further vehicle's (booking_vehicles, written with the booking before its lines) for 1, 2, …
    SELECT bk.s, bk.id, bk.l::date AS d, i.vehicle,
      CASE WHEN i.vehicle = 0 THEN bk.size
        ELSE COALESCE((SELECT v.vehicle_snapshot ->> 'sizeName' FROM booking_vehicles v
          WHERE v.booking_id = bk.id AND v.position = i.vehicle), '') END AS size,
      i.kind, i.name, i.service_id, i.price
    FROM bk JOIN i ON i.booking_id = bk.id AND i.s = bk.s
    WHERE i.kind IN ('package', 'addon')
  ), daily AS (
    INSERT INTO report_daily AS t (local_date, status, team_id, jobs, value_minor, charge_minor, paid_minor,
      refunded_minor, seconds)
    SELECT b.l::date, b.status, b.team_id, sum(b.s), sum(b.s * b.total), sum(b.s * b.charge), sum(b.s * b.paid),
      sum(b.s * b.refunded), sum(b.s * b.secs)
    FROM b GROUP BY 1, 2, 3
    HAVING (sum(b.s), sum(b.s * b.total), sum(b.s * b.charge), sum(b.s * b.paid), sum(b.s * b.refunded),
        sum(b.s * b.secs)) <> (0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3
    ON CONFLICT (local_date, status, team_id) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      value_minor = t.value_minor + excluded.value_minor, charge_minor = t.charge_minor + excluded.charge_minor,
      paid_minor = t.paid_minor + excluded.paid_minor,
      refunded_minor = t.refunded_minor + excluded.refunded_minor, seconds = t.seconds + excluded.seconds
  ), hours AS (
    INSERT INTO report_daily_hours AS t (local_date, hour, jobs)
    SELECT bk.l::date, extract(hour FROM bk.l)::smallint, sum(bk.s)
    FROM bk GROUP BY 1, 2 HAVING sum(bk.s) <> 0 ORDER BY 1, 2
    ON CONFLICT (local_date, hour) DO UPDATE SET jobs = t.jobs + excluded.jobs
  ), leads AS (
    -- Lead time in local days, clamped to −1 … 365: the analytics buckets are read from it.
    INSERT INTO report_daily_leads AS t (local_date, lead_days, jobs)
    SELECT bk.l::date, LEAST(GREATEST(bk.l::date - bk.c, -1), 365)::smallint, sum(bk.s)
    FROM bk GROUP BY 1, 2 HAVING sum(bk.s) <> 0 ORDER BY 1, 2
    ON CONFLICT (local_date, lead_days) DO UPDATE SET jobs = t.jobs + excluded.jobs
  ), items AS (
    INSERT INTO report_daily_items AS t (local_date, kind, name, service_id, lines, revenue_minor)
    SELECT li.d, li.kind, li.name, COALESCE(li.service_id, '00000000-0000-0000-0000-000000000000'),
      sum(li.s), sum(li.s * li.price)
    FROM li GROUP BY 1, 2, 3, 4 HAVING (sum(li.s), sum(li.s * li.price)) <> (0, 0) ORDER BY 1, 2, 3, 4
    ON CONFLICT (local_date, kind, name, service_id) DO UPDATE SET lines = t.lines + excluded.lines,
      revenue_minor = t.revenue_minor + excluded.revenue_minor
  ), sizes AS (
    -- Each vehicle of a booked job counts once under its size when it has package or add-on lines; the
    -- column is still called jobs (a visit of one vehicle is one job, as before).
    INSERT INTO report_daily_sizes AS t (local_date, size, jobs, revenue_minor)
    SELECT p.d, p.size, sum(p.s), sum(p.s * p.v)
    FROM (SELECT li.s, li.id, li.d, li.vehicle, li.size, sum(li.price) AS v FROM li GROUP BY 1, 2, 3, 4, 5) p
    GROUP BY 1, 2 HAVING (sum(p.s), sum(p.s * p.v)) <> (0, 0) ORDER BY 1, 2
    ON CONFLICT (local_date, size) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      revenue_minor = t.revenue_minor + excluded.revenue_minor
  ), zones AS (
    -- Each job once per travel-fee line, or once under "" without one (the report's left join).
    INSERT INTO report_daily_zones AS t (local_date, zone, jobs, fees_minor)
    SELECT z.d, z.zone, sum(z.s), sum(z.s * z.fee)
    FROM (SELECT bk.s, bk.l::date AS d, COALESCE(regexp_replace(i.name, '^Travel to ', ''), '') AS zone,
        COALESCE(i.price, 0) AS fee
      FROM bk LEFT JOIN i ON i.booking_id = bk.id AND i.s = bk.s AND i.kind = 'travel_fee') z
    GROUP BY 1, 2 HAVING (sum(z.s), sum(z.s * z.fee)) <> (0, 0) ORDER BY 1, 2
    ON CONFLICT (local_date, zone) DO UPDATE SET jobs = t.jobs + excluded.jobs,
      fees_minor = t.fees_minor + excluded.fees_minor
  )
  SELECT 1 INTO done;
END $$;
